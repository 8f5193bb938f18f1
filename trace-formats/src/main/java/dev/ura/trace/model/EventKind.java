package dev.ura.trace.model;

/**
 * The framework events that decide when the screen answers an input (agent-log v1 kinds). Method
 * traces are turned into the same events by rules; agent logs carry them directly.
 */
public enum EventKind {
    META, THREAD, USER_INPUT, START_ACTIVITY, SEND_MSG, REMOVE_MSG, DISPATCH_MSG, INVALIDATE, DRAW,
    READ, WRITE, SEND, RECV, PAGE_START, PAGE_FINISH, REQUEST_RENDER, DRAW_FRAME, METHOD,
    /**
     * A thread blocks until another thread releases {@code obj} (a future completes, a latch opens,
     * a thread ends); the release is a {@code SEND_MSG obj via release}, the return a
     * {@code DISPATCH_MSG obj via release} instant at the wait's end.
     */
    WAIT,
    /** A kind this version does not know; its spelling is kept in {@link EventTable#kindName(int)}. */
    UNKNOWN;

    private static final EventKind[] VALUES = values();

    /** The kind for a spelling, or {@link #UNKNOWN}. */
    public static EventKind parse(String text) {
        for (EventKind k : VALUES) {
            if (k != UNKNOWN && k.name().equals(text)) {
                return k;
            }
        }
        return UNKNOWN;
    }

    static EventKind ofOrdinal(int ordinal) {
        return VALUES[ordinal];
    }

    /** Kinds that start a response. */
    public boolean isTrigger() {
        return this == USER_INPUT || this == START_ACTIVITY;
    }

    /** Kinds that request a screen update (fulfilled by a matching {@link #isFulfilment()} event). */
    public boolean isRequest() {
        return this == INVALIDATE || this == PAGE_START || this == REQUEST_RENDER;
    }

    /** Kinds that fulfil a request with the same identity. */
    public boolean isFulfilment() {
        return this == DRAW || this == PAGE_FINISH || this == DRAW_FRAME;
    }

    /** Storage I/O. */
    public boolean isStorage() {
        return this == READ || this == WRITE;
    }

    /** Network I/O. */
    public boolean isNetwork() {
        return this == SEND || this == RECV;
    }
}
