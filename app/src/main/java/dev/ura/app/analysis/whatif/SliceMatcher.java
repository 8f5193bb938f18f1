package dev.ura.app.analysis.whatif;

import dev.ura.app.analysis.model.SliceRef;
import dev.ura.app.analysis.model.SliceSelector;
import dev.ura.app.analysis.graph.ResponseGraph;
import dev.ura.app.analysis.graph.SegmentKind;
import dev.ura.app.analysis.graph.SliceCuts;
import dev.ura.trace.model.CallTable;
import dev.ura.trace.model.MethodTable;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Finds the slices (calls) a selector picks among those that overlap a response's work, and the
 * work segments each overlaps. A slice may cover a segment only in part: a segment is cut at
 * hand-offs, requests and I/O, not at every call. Nested matches count once, for the outermost
 * matching call. Waits belong to no slice. A slice answers to more than its method's name: see
 * {@link SliceNames}.
 */
public final class SliceMatcher {
    private final ResponseGraph graph;
    private final int[][] byThread;

    /** Indexes the work segments of {@code graph} by thread. */
    public SliceMatcher(ResponseGraph graph) {
        this.graph = graph;
        int threads = graph.work().trace().threads().size();
        int[] counts = new int[threads];
        for (int v = 0; v < graph.vertexCount(); v++) {
            if (isWork(v)) {
                counts[graph.thread(v)]++;
            }
        }
        byThread = new int[threads][];
        for (int t = 0; t < threads; t++) {
            byThread[t] = new int[counts[t]];
        }
        Arrays.fill(counts, 0);
        // Ids grow along each thread's program order, so each list is in time order.
        for (int v = 0; v < graph.vertexCount(); v++) {
            if (isWork(v)) {
                byThread[graph.thread(v)][counts[graph.thread(v)]++] = v;
            }
        }
    }

    private boolean isWork(int v) {
        SegmentKind k = graph.kind(v);
        return k == SegmentKind.WORK || k == SegmentKind.BLOCKED;
    }

    /** The outermost matching calls that overlap the response's work, thread by thread, in time order. */
    public List<MatchedSlice> match(SliceSelector selector) {
        List<MatchedSlice> out = new ArrayList<>();
        if (selector instanceof SliceSelector.Exact exact) {
            SliceRef s = exact.slice();
            if (s.thread() >= 0 && s.thread() < byThread.length && s.call() >= 0
                    && s.call() < calls(s.thread()).size()) {
                add(out, s.thread(), s.call());
            }
            return out;
        }
        boolean[] nameMatches = methodMatches(graph.work().trace().methods(), (SliceSelector.ByName) selector);
        for (int t = 0; t < byThread.length; t++) {
            int[] vs = byThread[t];
            if (vs.length == 0) {
                continue;
            }
            CallTable calls = calls(t);
            long from = graph.startNs(vs[0]);
            long to = graph.endNs(vs[vs.length - 1]);
            int first = SliceCuts.lastStartingAtOrBefore(calls, from);
            long matchedUntil = Long.MIN_VALUE;
            int outermost = -1;
            for (int c = first; c >= 0; c = calls.parent(c)) {
                if (nameMatches[calls.method(c)] && calls.end(c) >= from) {
                    outermost = c;
                }
            }
            if (outermost >= 0) {
                matchedUntil = calls.end(outermost);
                add(out, t, outermost);
            }
            for (int c = Math.max(0, first + 1); c < calls.size() && calls.start(c) <= to; c++) {
                if (calls.start(c) < matchedUntil || !nameMatches[calls.method(c)]) {
                    continue;
                }
                matchedUntil = Math.max(calls.end(c), calls.start(c) + 1);
                add(out, t, c);
            }
        }
        return out;
    }

    private void add(List<MatchedSlice> out, int thread, int call) {
        SliceRef s = new SliceRef(thread, call);
        int[] vs = vertices(s);
        if (vs.length > 0) {
            CallTable calls = calls(thread);
            out.add(new MatchedSlice(s, calls.start(call), calls.end(call), vs));
        }
    }

    /** The work segments that overlap the slice (or, zero-length, lie inside it), in time order. */
    public int[] vertices(SliceRef slice) {
        int[] vs = byThread[slice.thread()];
        CallTable calls = calls(slice.thread());
        long cs = calls.start(slice.call());
        long ce = calls.end(slice.call());
        int lo = 0;
        int hi = vs.length;
        while (lo < hi) {
            int m = (lo + hi) >>> 1;
            if (graph.endNs(vs[m]) < cs || (graph.endNs(vs[m]) == cs && graph.durationNs(vs[m]) > 0)) {
                lo = m + 1;
            } else {
                hi = m;
            }
        }
        int n = 0;
        int[] out = new int[8];
        for (int i = lo; i < vs.length && graph.startNs(vs[i]) <= ce; i++) {
            int v = vs[i];
            boolean inside = graph.startNs(v) >= cs && graph.endNs(v) <= ce;
            if (overlapNs(v, cs, ce) > 0 || inside) {
                if (n == out.length) {
                    out = Arrays.copyOf(out, n * 2);
                }
                out[n++] = v;
            }
        }
        return Arrays.copyOf(out, n);
    }

    /** How much of a vertex lies within {@code [cs, ce]}, ns. */
    long overlapNs(int v, long cs, long ce) {
        return Math.max(0, Math.min(ce, graph.endNs(v)) - Math.max(cs, graph.startNs(v)));
    }

    /** The call table of a thread. */
    CallTable calls(int thread) {
        return graph.work().trace().threads().get(thread).calls();
    }

    /**
     * Matches every method once against the names a slice answers to (see {@link SliceNames}); the
     * glob is compiled once, as {@link SliceSelector.ByName#matches} does.
     */
    private boolean[] methodMatches(MethodTable methods, SliceSelector.ByName selector) {
        String[] parts = selector.glob().split("\\*", -1);
        StringBuilder regex = new StringBuilder();
        for (int i = 0; i < parts.length; i++) {
            regex.append(i > 0 ? ".*" : "").append(Pattern.quote(parts[i]));
        }
        Pattern p = Pattern.compile(regex.toString(), Pattern.DOTALL);
        SliceNames names = new SliceNames(graph.work().trace());
        boolean[] m = new boolean[methods.size()];
        for (int i = 0; i < m.length; i++) {
            for (String name : names.of(methods.get(i))) {
                if (p.matcher(name).matches()) {
                    m[i] = true;
                    break;
                }
            }
        }
        return m;
    }
}
