package dev.ura.trace.model.system;

/**
 * Pairs of (CLOCK_MONOTONIC, CLOCK_BOOTTIME) readings taken at the same instant, from the trace's
 * clock snapshots. Android writes input event times ({@code eventTimeNano}) on MONOTONIC; the
 * trace clock is BOOTTIME; the two differ by the time the device spent suspended.
 */
public final class ClockSnapshots {
    private static final ClockSnapshots NONE = new ClockSnapshots(new long[0], new long[0]);
    private final long[] monotonic;
    private final long[] boot;

    /**
     * @param monotonic MONOTONIC readings (sorted here together with {@code boot})
     * @param boot      BOOTTIME readings at the same instants
     */
    public ClockSnapshots(long[] monotonic, long[] boot) {
        if (monotonic.length != boot.length) {
            throw new IllegalArgumentException("unpaired clock readings");
        }
        int[] order = TimeOrder.of(monotonic, monotonic.length);
        this.monotonic = new long[order.length];
        this.boot = new long[order.length];
        for (int i = 0; i < order.length; i++) {
            this.monotonic[i] = monotonic[order[i]];
            this.boot[i] = boot[order[i]];
        }
    }

    /** No snapshot (text traces). */
    public static ClockSnapshots none() {
        return NONE;
    }

    /** Whether a MONOTONIC time can be converted. */
    public boolean hasMonotonic() {
        return monotonic.length > 0;
    }

    /**
     * A MONOTONIC time on the trace clock, using the latest snapshot at or before it (the first
     * when none is).
     *
     * @throws IllegalStateException when {@link #hasMonotonic()} is false
     */
    public long monotonicToBoot(long monoNs) {
        if (monotonic.length == 0) {
            throw new IllegalStateException("no clock snapshot");
        }
        int k = 0;
        for (int i = 0; i < monotonic.length && monotonic[i] <= monoNs; i++) {
            k = i;
        }
        return boot[k] + (monoNs - monotonic[k]);
    }

    /** Number of snapshot pairs. */
    public int size() {
        return monotonic.length;
    }
}
