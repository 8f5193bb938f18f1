package dev.ura.app.analysis.model;

/**
 * On a system trace: how much of a critical path one thread holds, by what it spent it on
 * (docs/system-responses.md §4). Times in ns.
 *
 * @param thread     index into {@code Trace.threads()}
 * @param threadName its name
 * @param cpuNs      running ({@code cpu})
 * @param runnableNs waiting for a CPU ({@code runnable})
 * @param ioNs       uninterruptible sleep ({@code io}; {@code storage} on other traces)
 * @param waitNs     sleeps the path did not follow to a waker ({@code wait}, {@code network}, {@code queued})
 * @param otherNs    before the thread's first state, or not known ({@code other}, {@code draw} counts as cpu)
 */
public record ThreadPathTotal(int thread, String threadName, long cpuNs, long runnableNs, long ioNs, long waitNs,
                              long otherNs) {

    /** Everything the thread holds of the path, ns. */
    public long totalNs() {
        return cpuNs + runnableNs + ioNs + waitNs + otherNs;
    }
}
