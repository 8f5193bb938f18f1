package dev.ura.trace.model.system;

import java.util.List;

/**
 * The kernel identity of one thread of a system trace and its names over time.
 *
 * @param tid   kernel thread id; negative for a per-CPU interrupt lane ({@link #isIrqLane()}):
 *              {@code -(cpu + 1)}
 * @param tgid  owning process (its pid), or -1 when the trace never says (0 for interrupt lanes)
 * @param names names in time order; the first applies from the trace start (a thread renamed
 *              during the trace, e.g. a forked app's main thread, has several); never empty
 */
public record ThreadInfo(long tid, long tgid, List<Name> names) {

    public ThreadInfo {
        names = List.copyOf(names);
        if (names.isEmpty()) {
            throw new IllegalArgumentException("a thread has at least one name");
        }
    }

    /** A name a thread carried from {@code sinceNs} (Long.MIN_VALUE: from the start) until the next. */
    public record Name(long sinceNs, String name) {
    }

    /** The name at a time: the latest one given at or before it, else the first. */
    public String nameAt(long timeNs) {
        String n = names.get(0).name();
        for (Name x : names) {
            if (x.sinceNs() <= timeNs) {
                n = x.name();
            }
        }
        return n;
    }

    /** The last name the thread had. */
    public String lastName() {
        return names.get(names.size() - 1).name();
    }

    /**
     * Whether this is not a kernel thread but the lane of one CPU's interrupt-context atrace slices
     * (written while the idle task, pid 0, was current; named {@code CPU n irq}).
     */
    public boolean isIrqLane() {
        return tid < 0;
    }

    /** The CPU of an interrupt lane, else -1. */
    public int irqCpu() {
        return tid < 0 ? (int) (-tid - 1) : -1;
    }

    /** Whether this is its process's main thread (tid == pid). */
    public boolean isProcessMain() {
        return tid == tgid;
    }
}
