package dev.ura.app.analysis.profile;

import dev.ura.app.analysis.events.IdleMethods;
import dev.ura.trace.io.Progress;
import dev.ura.trace.model.BlockStat;
import dev.ura.trace.model.CallTable;
import dev.ura.trace.model.MethodInfo;
import dev.ura.trace.model.MethodTable;
import dev.ura.trace.model.ThreadTrack;
import dev.ura.trace.model.Trace;
import dev.ura.trace.model.TraceMetadata;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * Per-method totals (calls, inclusive, exclusive, min / max / mean) and call trees over a
 * {@link CallScope}. One pass over each selected thread's pre-order calls with a stack: a call's
 * exclusive time is its (clipped) duration minus its direct children's, and its inclusive time
 * counts only when no call of the same method is open below it on the stack (so recursion is
 * counted once per outermost call). Stateless apart from the trace; safe to share.
 */
public final class ProfileAnalyzer {
    /** Largest inclusive time first; ties by name, then signature, so output is stable across formats. */
    private static final Comparator<ProfileRow> ROW_ORDER = Comparator.comparingLong(ProfileRow::inclusiveNs).reversed()
            .thenComparing(ProfileRow::name)
            .thenComparing(ProfileRow::signature, Comparator.nullsFirst(Comparator.naturalOrder()));

    /** Each call tree keeps at most this many nodes; beyond, paths fold into a truncated node. */
    public static final int MAX_TREE_NODES = 300_000;
    /** A bottom-up tree shows at most this many callers below each method. */
    public static final int BOTTOM_UP_DEPTH = 32;

    private final Trace trace;

    /** An analyzer over {@code trace} (read-only; safe to share between threads). */
    public ProfileAnalyzer(Trace trace) {
        this.trace = trace;
    }

    /** Whether {@code trace}'s times are event order (no timestamps) rather than ns. */
    public static boolean isEventOrder(Trace trace) {
        return isEventOrder(trace.metadata());
    }

    /** Whether a trace with this metadata has event order (no timestamps) rather than ns. */
    public static boolean isEventOrder(TraceMetadata metadata) {
        return "event-order".equals(metadata.property("timestamps"));
    }

    /** The flat profile without trees. */
    public Profile flat(CallScope scope) {
        return analyze(scope, false, Progress.NONE);
    }

    /**
     * The profile, with top-down and bottom-up trees when {@code withTrees}.
     *
     * @throws java.util.concurrent.CancellationException when {@code progress} is cancelled
     */
    public Profile analyze(CallScope scope, boolean withTrees, Progress progress) {
        return analyze(scope, withTrees, MAX_TREE_NODES, progress);
    }

    /**
     * The profile with trees of at most {@code maxTreeNodes} nodes each; paths beyond fold into a
     * {@link ProfileNode#TRUNCATED} node under their deepest shown ancestor.
     */
    public Profile analyze(CallScope scope, boolean withTrees, int maxTreeNodes, Progress progress) {
        int n = trace.methods().size();
        Totals totals = new Totals(n);
        ProfileNode topDown = withTrees ? new ProfileNode(-1, scope.thread() == null ? "all threads" : scope.thread()) : null;
        ProfileNode bottomUp = withTrees ? new ProfileNode(-1, topDown.name()) : null;
        List<ThreadTrack> threads = scope.select(trace);
        String[] names = withTrees ? methodNames() : null;
        boolean[] idle = scope.includeIdle() ? null : idleMethods(trace);
        int[] topDownBudget = {maxTreeNodes, 0};
        int[] bottomUpBudget = {maxTreeNodes, 0};
        long done = 0;
        long all = 0;
        for (ThreadTrack t : threads) {
            all += t.calls().size();
        }
        for (int ti = 0; ti < threads.size(); ti++) {
            ThreadTrack t = threads.get(ti);
            ProfileNode threadRoot = topDown;
            if (withTrees && threads.size() > 1) {
                threadRoot = topDown.child(-2 - ti, t.name(), topDownBudget);
            }
            new ThreadPass(t.calls(), scope, totals, threadRoot, bottomUp, names, topDownBudget, bottomUpBudget,
                    idle).run();
            done += t.calls().size();
            progress.update(done, all);
            progress.checkCancelled();
        }
        if (withTrees) {
            topDown.sumChildren(false);
            topDown.freeze();
            bottomUp.sumChildren(true);
            bottomUp.freeze();
        }
        List<ProfileRow> rows = totals.rows(trace);
        if (scope.thread() == null && scope.unbounded()) {
            rows.addAll(blockRows(trace.blocks()));
        }
        boolean truncated = withTrees && (topDownBudget[1] == 1 || bottomUpBudget[1] == 1);
        return new Profile(scope, rows, topDown, bottomUp, isEventOrder(trace), truncated);
    }

    /** Which methods of the trace are idle ({@link IdleMethods}), or {@code null} when none is. */
    public static boolean[] idleMethods(Trace trace) {
        boolean[] idle = new boolean[trace.methods().size()];
        boolean any = false;
        for (int m = 0; m < idle.length; m++) {
            idle[m] = IdleMethods.isIdle(trace.methods().get(m).fullName());
            any |= idle[m];
        }
        return any ? idle : null;
    }

    /** Tree node names: overloads get their parameter types ({@link MethodSignatures}). */
    private String[] methodNames() {
        List<Integer> all = new ArrayList<>(trace.methods().size());
        for (int m = 0; m < trace.methods().size(); m++) {
            all.add(m);
        }
        java.util.Map<Integer, String> labels = MethodSignatures.labels(all, m -> trace.methods().get(m).fullName(),
                m -> trace.methods().get(m).signature());
        String[] names = new String[all.size()];
        for (int m = 0; m < names.length; m++) {
            names[m] = labels.get(m);
        }
        return names;
    }

    private static List<ProfileRow> blockRows(List<BlockStat> blocks) {
        List<ProfileRow> rows = new ArrayList<>();
        for (BlockStat b : blocks) {
            long mean = b.count() == 0 ? 0 : b.totalNs() / b.count();
            rows.add(new ProfileRow(-1, b.name(), null, b.count(), b.totalNs(), b.totalNs(),
                    b.minNs() < 0 ? null : b.minNs(), b.maxNs() < 0 ? null : b.maxNs(), mean));
        }
        rows.sort(ROW_ORDER);
        return rows;
    }

    /** Per-method accumulators, indexed by method. */
    static final class Totals {
        final long[] calls;
        final long[] inclusive;
        final long[] exclusive;
        final long[] min;
        final long[] max;
        final long[] sum;
        /** How many calls of each method are open on the current stack (recursion guard). */
        final int[] active;

        Totals(int methods) {
            calls = new long[methods];
            inclusive = new long[methods];
            exclusive = new long[methods];
            min = new long[methods];
            max = new long[methods];
            sum = new long[methods];
            active = new int[methods];
            Arrays.fill(min, Long.MAX_VALUE);
        }

        List<ProfileRow> rows(Trace trace) {
            return rows(trace.methods());
        }

        List<ProfileRow> rows(MethodTable methods) {
            List<ProfileRow> rows = new ArrayList<>();
            for (int m = 0; m < calls.length; m++) {
                if (calls[m] == 0) {
                    continue;
                }
                MethodInfo info = methods.get(m);
                rows.add(new ProfileRow(m, info.fullName(), info.signature(), calls[m], inclusive[m], exclusive[m],
                        min[m], max[m], sum[m] / calls[m]));
            }
            rows.sort(ROW_ORDER);
            return rows;
        }
    }
}
