package dev.ura.app.analysis.profile;

/**
 * Totals of one method, or of one named block of a checkpoint report. Times in ns.
 *
 * @param method      the method's index in the trace's method table, or -1 for a block
 * @param name        {@code pkg.Class.method} (the block's name for blocks)
 * @param signature   the descriptor, or {@code null}
 * @param calls       number of calls (or the block's count)
 * @param inclusiveNs time inside the method, a recursive method counted once per outermost call
 * @param exclusiveNs time in the method that no callee of it covers (a block's total)
 * @param minNs       shortest call (inclusive), or {@code null} when unknown (blocks without it)
 * @param maxNs       longest call (inclusive), or {@code null}
 * @param meanNs      mean of the calls' inclusive durations (every call, recursive ones too),
 *                    rounded down; 0 without calls
 */
public record ProfileRow(int method, String name, String signature, long calls, long inclusiveNs, long exclusiveNs,
                         Long minNs, Long maxNs, long meanNs) {

    /** Whether this row is a named block rather than a method. */
    public boolean isBlock() {
        return method < 0;
    }
}
