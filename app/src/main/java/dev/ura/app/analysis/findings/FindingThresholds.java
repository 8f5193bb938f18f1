package dev.ura.app.analysis.findings;

/**
 * The numbers the finding rules compare against. Times in ns, shares as fractions of the response.
 *
 * @param minMainThreadStorageNs storage I/O on the main thread below this total is not reported (on
 *                               system traces: uninterruptible sleeps of the main thread, per slice)
 * @param minWriteSavingNs       a write before the response end is reported when deferring it saves this much
 * @param networkShare           network time on the critical path above this share is reported
 * @param threadShare            one thread's running time on the critical path above this share is reported
 * @param minWaitNs              a needless wait shorter than this is not reported (on system traces: a
 *                               lock wait, or the waits on the critical path in all)
 * @param warningSavingNs        a finding whose fix saves this much is a warning (else info)
 * @param criticalSavingNs       ...and this much, critical
 * @param minRunnableNs          system traces: runnable time (waiting for a CPU) on the critical path
 *                               below this total is not reported
 * @param minMainThreadBinderNs  system traces: a synchronous binder call from the main thread whose
 *                               round trip is shorter than this is not reported
 */
public record FindingThresholds(long minMainThreadStorageNs, long minWriteSavingNs, double networkShare,
                                double threadShare, long minWaitNs, long warningSavingNs, long criticalSavingNs,
                                long minRunnableNs, long minMainThreadBinderNs) {

    /**
     * The defaults: 1 ms of main-thread I/O, 1 ms saved by a deferral, 50 %, 50 %, 1 ms, a frame,
     * 100 ms; 2 ms runnable on the path, a 1 ms binder round trip.
     */
    public static final FindingThresholds DEFAULTS =
            new FindingThresholds(1_000_000L, 1_000_000L, 0.5, 0.5, 1_000_000L, 16_666_667L, 100_000_000L,
                    2_000_000L, 1_000_000L);

    public FindingThresholds {
        if (networkShare <= 0 || networkShare > 1 || threadShare <= 0 || threadShare > 1) {
            throw new IllegalArgumentException("shares must be in (0, 1]: " + networkShare + ", " + threadShare);
        }
        if (minMainThreadStorageNs < 0 || minWriteSavingNs < 0 || minWaitNs < 0 || warningSavingNs < 0
                || criticalSavingNs < warningSavingNs || minRunnableNs < 0 || minMainThreadBinderNs < 0) {
            throw new IllegalArgumentException("thresholds must be non-negative and critical >= warning");
        }
    }

    /** The method-trace thresholds, with the system-trace ones at their defaults. */
    public FindingThresholds(long minMainThreadStorageNs, long minWriteSavingNs, double networkShare,
                             double threadShare, long minWaitNs, long warningSavingNs, long criticalSavingNs) {
        this(minMainThreadStorageNs, minWriteSavingNs, networkShare, threadShare, minWaitNs, warningSavingNs,
                criticalSavingNs, 2_000_000L, 1_000_000L);
    }

    /** The severity of a finding whose suggested change saves {@code savedNs}. */
    public String severityFor(long savedNs) {
        if (savedNs >= criticalSavingNs) {
            return "critical";
        }
        return savedNs >= warningSavingNs ? "warning" : "info";
    }
}
