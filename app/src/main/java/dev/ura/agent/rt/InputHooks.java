package dev.ura.agent.rt;

/**
 * Input: the {@code USER_INPUT} intervals of mouse, key and action events on the EDT, and the
 * hand-off of a key press to the {@code KEY_TYPED} event that inserts its character.
 */
public final class InputHooks {
    private InputHooks() {
    }

    /**
     * An input event starts being dispatched. The {@code USER_INPUT} line waits for the component
     * the event is delivered to ({@link #inputTarget}); any other event on this thread, or the end,
     * writes it with {@code source} instead.
     */
    public static int inputBegin(String name, Object source) {
        ThreadLog t = Hooks.enter();
        if (t == null) {
            return -1;
        }
        try {
            int token = t.depth();
            if (!t.push(Kind.USER_INPUT, null)) {
                return -1;
            }
            t.pendingInput = name;
            t.pendingTs = System.nanoTime();
            t.pendingSource = source;
            t.pendingName = null;
            return token;
        } finally {
            Hooks.leave(t);
        }
    }

    /** Whether this thread has an input event whose target component is not known yet. */
    public static boolean inputPending() {
        ThreadLog t = Recorder.log();
        return t != null && t.pendingInput != null;
    }

    /** A component receives an event; the first one that is not a window names a pending input. */
    public static void inputTarget(Object component, String componentName, boolean window) {
        ThreadLog t = Recorder.log();
        if (t == null || t.pendingInput == null || window) {
            return;
        }
        t.busy = true;
        try {
            t.pendingSource = component;
            t.pendingName = componentName;
            flushPendingInput(t);
        } finally {
            Hooks.leave(t);
        }
    }

    /** A nested input (an action fired by a button during a mouse or key event). */
    public static int actionBegin(String name, Object component, String componentName) {
        int token = inputBegin(name, component);
        inputTarget(component, componentName, false);
        return token;
    }

    /**
     * A key press ends. When it has a character, the {@code KEY_TYPED} event the toolkit sends
     * right after it (where a text component inserts the character) is its hand-off
     * ({@code via input}), so the press's response ends at the paint that shows the character.
     */
    public static void keyPressEnd(int token, char keyChar) {
        ThreadLog t = Recorder.log();
        if (t != null && token >= 0 && keyChar != CHAR_UNDEFINED) {
            TypedKey key = new TypedKey(keyChar);
            Hooks.send(key, "input", 0);
            t.pendingTyped = key;
        }
        Hooks.end(token);
    }

    /**
     * A {@code KEY_TYPED} event starts being dispatched: the dispatch of the key press that sent it
     * when its character matches, else a {@code USER_INPUT keyTyped} of its own (a typed event
     * without a press: an input method, a program's dispatchEvent).
     */
    public static int keyTypedBegin(Object source, char keyChar) {
        ThreadLog t = Recorder.log();
        if (t == null) {
            return -1;
        }
        TypedKey key = t.pendingTyped;
        t.pendingTyped = null;
        if (key != null && key.keyChar == keyChar) {
            return Hooks.dispatchBegin(key, "keyTyped");
        }
        return inputBegin("keyTyped", source);
    }

    /** {@code KeyEvent.CHAR_UNDEFINED} (the runtime uses nothing outside java.base). */
    private static final char CHAR_UNDEFINED = '\uFFFF';

    /** What a key press hands to its KEY_TYPED event: one object per press, so its identity is the press's. */
    static final class TypedKey {
        final char keyChar;

        TypedKey(char keyChar) {
            this.keyChar = keyChar;
        }
    }

    /** Writes the {@code USER_INPUT} line a pending input waits with, if any (the thread is busy). */
    static void flushPendingInput(ThreadLog t) {
        if (t.pendingInput == null) {
            return;
        }
        t.begin(t.pendingTs, Kind.USER_INPUT, 'B').key("name").string(t.pendingInput);
        Object src = t.pendingSource;
        if (src != null) {
            t.key("view").identity(src).key("component").string(src.getClass().getName());
            if (t.pendingName != null) {
                t.key("component_name").string(t.pendingName);
            }
        }
        t.commit();
        t.pendingInput = null;
        t.pendingSource = null;
        t.pendingName = null;
    }
}
