package dev.ura.trace.model.system;

/**
 * Scheduler state of a thread over an interval, as Perfetto's {@code thread_state} names them.
 * The letter is the kernel's spelling ({@code sched_switch prev_state}).
 */
public enum ThreadState {
    /** On a CPU. */
    RUNNING("Running"),
    /** Woken (or not yet run), waiting for a CPU. */
    RUNNABLE("R"),
    /** Preempted while running, waiting for a CPU again ({@code R+}). */
    RUNNABLE_PREEMPTED("R+"),
    /** Interruptible sleep: waiting for another thread, a timer, a socket ({@code S}). */
    SLEEPING("S"),
    /** Uninterruptible sleep, usually block I/O ({@code D}). */
    UNINTERRUPTIBLE("D"),
    /** Stopped, traced, parked or idle kernel thread ({@code T}, {@code t}, {@code P}, {@code I}). */
    STOPPED("T"),
    /** Exited ({@code X}, {@code Z}). */
    DEAD("X"),
    /** A state the trace does not let us tell. */
    UNKNOWN("?");

    private static final ThreadState[] VALUES = values();
    private final String letter;

    ThreadState(String letter) {
        this.letter = letter;
    }

    /** The kernel letter ({@code R}, {@code R+}, {@code S}, {@code D}…), {@code Running} for RUNNING. */
    public String letter() {
        return letter;
    }

    /** Waiting for a CPU (either kind of runnable). */
    public boolean isRunnable() {
        return this == RUNNABLE || this == RUNNABLE_PREEMPTED;
    }

    /** Asleep until another thread or an interrupt wakes it. */
    public boolean isSleep() {
        return this == SLEEPING || this == UNINTERRUPTIBLE;
    }

    static ThreadState ofOrdinal(int ordinal) {
        return VALUES[ordinal];
    }
}
