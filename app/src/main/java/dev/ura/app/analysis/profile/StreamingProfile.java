package dev.ura.app.analysis.profile;

import dev.ura.app.analysis.events.IdleMethods;
import dev.ura.trace.android.CallVisitor;
import dev.ura.trace.android.MethodTraceScan;
import dev.ura.trace.android.MethodTraceSummary;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.IntFunction;

/**
 * The flat profile of a whole method trace computed while {@link MethodTraceScan} reads it, without
 * a call table: the same rows as {@link ProfileAnalyzer#flat} over an unbounded {@link CallScope}
 * (every thread or one), from per-thread stacks and per-method accumulators in primitive arrays
 * ({@link StreamingThreadTotals}). A profile of every thread sums into one table; a profile of one
 * thread keeps a table per thread and picks at the end, when thread names are known. Memory is a
 * few dozen bytes per method (per thread when tables are per thread); past {@link #BUDGET_BYTES}
 * the scan is abandoned so the caller reads the trace in full instead.
 */
public final class StreamingProfile implements MethodTraceScan.Visitors {
    /** Accumulator memory allowed over all threads. */
    static final long BUDGET_BYTES = 96L << 20;

    private final boolean includeIdle;
    /** The table every thread sums into, or {@code null} when each thread has its own. */
    private final MethodSums shared;
    private final List<StreamingThreadTotals> threads = new ArrayList<>();
    private boolean threadSumsNeeded;
    private IntFunction<String> names;
    private boolean[] idle = new boolean[0];
    private int idleKnown;
    private int known;
    private long bytes;

    /**
     * @param includeIdle   whether idle calls count as work ({@link CallScope#includeIdle()})
     * @param perThreadSums a table per thread, for a profile of one thread (or when
     *                      {@link #needsThreadSums()} asked for it)
     */
    public StreamingProfile(boolean includeIdle, boolean perThreadSums) {
        this.includeIdle = includeIdle;
        this.shared = perThreadSums ? null : new MethodSums();
    }

    /**
     * Whether the scan was abandoned because a thread's synthetic caller had to take back calls
     * already summed into the shared table: scan again with {@code perThreadSums}.
     */
    public boolean needsThreadSums() {
        return threadSumsNeeded;
    }

    /** Abandons the scan, asking for one with a table per thread. */
    MethodTraceScan.Abandon threadSumsNeeded() {
        threadSumsNeeded = true;
        return new MethodTraceScan.Abandon("a synthetic caller takes back calls summed with other threads'");
    }

    @Override
    public void methods(IntFunction<String> fullName, int count) {
        names = fullName;
        known = count;
        if (count > 0) {
            isIdle(count - 1); // the defined methods, before the first record
        }
    }

    /** Methods defined before the records (undefined ones come later, one by one). */
    int knownMethods() {
        return known;
    }

    @Override
    public CallVisitor thread(int index) {
        StreamingThreadTotals t = shared != null ? new StreamingThreadTotals(this, shared, true)
                : new StreamingThreadTotals(this, new MethodSums(), false);
        threads.add(t);
        return t;
    }

    /** Whether calls of method {@code m} are idle and left out (never, with idle included). */
    boolean isIdle(int m) {
        if (m < idleKnown) {
            return idle[m];
        }
        if (includeIdle) {
            return false;
        }
        if (m >= idleKnown) {
            if (m >= idle.length) {
                idle = Arrays.copyOf(idle, Math.max(m + 1, idle.length * 2));
            }
            for (int i = idleKnown; i <= m; i++) {
                idle[i] = IdleMethods.isIdle(names.apply(i));
            }
            idleKnown = m + 1;
        }
        return idle[m];
    }

    /** Counts accumulator memory; abandons the scan past the budget. */
    void allocated(long n) {
        bytes += n;
        if (bytes > BUDGET_BYTES) {
            throw new MethodTraceScan.Abandon("profile accumulators over " + BUDGET_BYTES + " bytes");
        }
    }

    /**
     * The profile of {@code scope}'s threads (its window must be unbounded) once the scan that fed
     * this object returned {@code summary}.
     */
    public Profile profile(MethodTraceSummary summary, CallScope scope) {
        if (!scope.unbounded() || scope.includeIdle() != includeIdle) {
            throw new IllegalArgumentException("a streaming profile covers the whole trace, idle "
                    + (includeIdle ? "included" : "left out"));
        }
        ProfileAnalyzer.Totals totals = new ProfileAnalyzer.Totals(summary.methods().size());
        if (shared != null) {
            if (scope.thread() != null) {
                throw new IllegalArgumentException("a profile of one thread needs a table per thread");
            }
            shared.addTo(totals);
            return new Profile(scope, totals.rows(summary.methods()), null, null,
                    ProfileAnalyzer.isEventOrder(summary.metadata()), false);
        }
        for (int i = 0; i < threads.size(); i++) {
            MethodTraceSummary.Thread t = summary.threads().get(i);
            String thread = scope.thread();
            if (thread == null || t.name().equals(thread) || Long.toString(t.id()).equals(thread)) {
                threads.get(i).addTo(totals);
            }
        }
        return new Profile(scope, totals.rows(summary.methods()), null, null,
                ProfileAnalyzer.isEventOrder(summary.metadata()), false);
    }
}
