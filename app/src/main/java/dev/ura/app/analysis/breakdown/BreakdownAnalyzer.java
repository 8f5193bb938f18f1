package dev.ura.app.analysis.breakdown;

import dev.ura.app.analysis.model.Category;
import dev.ura.app.analysis.model.CriticalPath;
import dev.ura.app.analysis.model.Response;
import dev.ura.app.analysis.model.Segment;
import dev.ura.app.analysis.graph.ResponseGraph;
import dev.ura.app.analysis.graph.SegmentKind;
import dev.ura.trace.model.MethodTable;
import dev.ura.trace.model.Trace;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToLongFunction;

/**
 * Where a response's time went: its critical path per thread and per category, and the methods
 * that take the most inclusive and exclusive time inside the response window (every thread) and
 * on the critical path's work segments (waits left out). Stateless apart from the list length.
 */
public final class BreakdownAnalyzer {
    private final int top;

    /** Ten methods per list. */
    public BreakdownAnalyzer() {
        this(10);
    }

    /** @param top how many methods each list keeps (at least 1) */
    public BreakdownAnalyzer(int top) {
        if (top < 1) {
            throw new IllegalArgumentException("top must be at least 1: " + top);
        }
        this.top = top;
    }

    /** The breakdown of the recorded response. */
    public Breakdown analyze(ResponseGraph graph) {
        CriticalPath path = graph.criticalPath();
        Trace trace = graph.work().trace();
        Response r = graph.work().response();
        int threads = trace.threads().size();
        MethodTable methods = trace.methods();

        long[][] window = newTimes(methods.size());
        for (int t = 0; t < threads; t++) {
            new IntervalMethodTimes(new long[] {r.startNs()}, new long[] {r.endNs()})
                    .accumulate(trace.threads().get(t).calls(), window[0], window[1], window[2], new int[methods.size()]);
        }
        long[][] critical = newTimes(methods.size());
        for (int t = 0; t < threads; t++) {
            long[][] iv = criticalIntervals(graph, t);
            new IntervalMethodTimes(iv[0], iv[1])
                    .accumulate(trace.threads().get(t).calls(), critical[0], critical[1], critical[2], new int[methods.size()]);
        }
        return new Breakdown(path.lengthNs(), byThread(path), byCategory(path),
                topBy(window, methods, 1), topBy(window, methods, 2),
                topBy(critical, methods, 1), topBy(critical, methods, 2));
    }

    /** Critical-path time per thread, largest first. */
    public static List<ThreadTime> byThread(CriticalPath path) {
        Map<Integer, ThreadTime> m = new LinkedHashMap<>();
        for (Segment s : path.segments()) {
            m.merge(s.thread(), new ThreadTime(s.thread(), s.threadName(), s.durationNs()),
                    (a, b) -> new ThreadTime(a.thread(), a.name(), a.ns() + b.ns()));
        }
        List<ThreadTime> out = new ArrayList<>(m.values());
        out.sort(Comparator.comparingLong(ThreadTime::ns).reversed().thenComparingInt(ThreadTime::thread));
        return out;
    }

    /** Critical-path time per category, largest first. */
    public static List<CategoryTime> byCategory(CriticalPath path) {
        Map<Category, Long> m = new EnumMap<>(Category.class);
        for (Segment s : path.segments()) {
            m.merge(s.category(), s.durationNs(), Long::sum);
        }
        List<CategoryTime> out = new ArrayList<>();
        m.forEach((c, ns) -> out.add(new CategoryTime(c, ns)));
        out.sort(Comparator.comparingLong(CategoryTime::ns).reversed().thenComparing(CategoryTime::category));
        return out;
    }

    /** The work segments of the recorded critical path on one thread, as sorted disjoint intervals. */
    private static long[][] criticalIntervals(ResponseGraph graph, int thread) {
        List<Integer> path = graph.baseline().path();
        long[] s = new long[path.size()];
        long[] e = new long[path.size()];
        int n = 0;
        for (int v : path) {
            SegmentKind k = graph.kind(v);
            if (graph.thread(v) == thread && (k == SegmentKind.WORK || k == SegmentKind.BLOCKED)
                    && graph.durationNs(v) > 0) {
                if (n > 0 && e[n - 1] == graph.startNs(v)) {
                    e[n - 1] = graph.endNs(v);
                } else {
                    s[n] = graph.startNs(v);
                    e[n++] = graph.endNs(v);
                }
            }
        }
        return new long[][] {Arrays.copyOf(s, n), Arrays.copyOf(e, n)};
    }

    private static long[][] newTimes(int methods) {
        return new long[][] {new long[methods], new long[methods], new long[methods]};
    }

    private List<MethodTime> topBy(long[][] times, MethodTable methods, int column) {
        List<MethodTime> all = new ArrayList<>();
        for (int m = 0; m < methods.size(); m++) {
            if (times[0][m] > 0) {
                all.add(new MethodTime(methods.get(m).fullName(), times[0][m], times[1][m], times[2][m]));
            }
        }
        ToLongFunction<MethodTime> key = column == 1 ? MethodTime::inclusiveNs : MethodTime::exclusiveNs;
        all.sort(Comparator.comparingLong(key).reversed().thenComparing(MethodTime::name));
        return all.subList(0, Math.min(top, all.size()));
    }
}
