package dev.ura.app.render;

import dev.ura.trace.io.Progress;
import dev.ura.trace.model.CallTable;
import dev.ura.trace.model.MethodInfo;
import dev.ura.trace.model.ThreadTrack;
import dev.ura.trace.model.Trace;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * What painting needs beyond the trace, computed once off the EDT: a {@link DepthIndex} per
 * thread, the default thread order (main first, then by busy time) and short method labels.
 */
public final class TraceIndex {
    private final Trace trace;
    private final DepthIndex[] depths;
    private final long[] busyNs;
    private final List<Integer> defaultOrder;
    private final String[] labels;
    private final long startNs;
    private final long endNs;

    private TraceIndex(Trace trace, DepthIndex[] depths, long[] busyNs) {
        this.trace = trace;
        this.depths = depths;
        this.busyNs = busyNs;
        this.defaultOrder = order(trace, busyNs);
        this.labels = new String[trace.methods().size()];
        this.startNs = trace.firstTimeNs();
        this.endNs = Math.max(startNs + 1, trace.lastTimeNs());
    }

    /** Indexes every thread; checks {@code progress} for cancellation between threads. */
    public static TraceIndex of(Trace trace, Progress progress) {
        List<ThreadTrack> threads = trace.threads();
        DepthIndex[] depths = new DepthIndex[threads.size()];
        long[] busy = new long[threads.size()];
        long calls = 0;
        for (ThreadTrack thread : threads) {
            calls += thread.calls().size();
        }
        // one array for every thread's index (see DepthIndex.of(CallTable, int[], int))
        int[] shared = calls <= Integer.MAX_VALUE - 8 ? new int[(int) calls] : null;
        int base = 0;
        for (int t = 0; t < depths.length; t++) {
            progress.checkCancelled();
            CallTable c = threads.get(t).calls();
            depths[t] = shared != null ? DepthIndex.of(c, shared, base) : DepthIndex.of(c);
            base += c.size();
            if (depths[t].depthCount() > 0) {
                for (int p = depths[t].from(0); p < depths[t].to(0); p++) {
                    busy[t] += c.duration(depths[t].call(p));
                }
            }
        }
        return new TraceIndex(trace, depths, busy);
    }

    /** Indexes without progress reporting. */
    public static TraceIndex of(Trace trace) {
        return of(trace, Progress.NONE);
    }

    private static List<Integer> order(Trace trace, long[] busy) {
        List<Integer> order = new ArrayList<>();
        for (int t = 0; t < busy.length; t++) {
            order.add(t);
        }
        int main = trace.mainThread().map(trace.threads()::indexOf).orElse(-1);
        // System traces: the app's threads before other processes' (its pid is the trace's).
        long app = trace.metadata().pid();
        var sys = trace.system();
        order.sort(Comparator.<Integer>comparingInt(t -> t == main ? 0 : 1)
                .thenComparingInt(t -> sys.present() && sys.threads().get(t).tgid() != app ? 1 : 0)
                .thenComparing(t -> -busy[t]).thenComparingInt(t -> t));
        return List.copyOf(order);
    }

    public Trace trace() {
        return trace;
    }

    public DepthIndex depths(int thread) {
        return depths[thread];
    }

    /** Threads in display order: the main thread first, then by time spent in top-level calls. */
    public List<Integer> defaultOrder() {
        return defaultOrder;
    }

    /** Time covered by top-level calls of a thread, ns. */
    public long busyNs(int thread) {
        return busyNs[thread];
    }

    /** First time of the trace, ns. */
    public long startNs() {
        return startNs;
    }

    /** Last time of the trace (at least start + 1), ns. */
    public long endNs() {
        return endNs;
    }

    /** {@code SimpleClass.method}, the label painted on a slice. */
    public String label(int method) {
        String l = labels[method];
        if (l == null) {
            MethodInfo m = trace.methods().get(method);
            String cls = m.className();
            int dot = cls.lastIndexOf('.');
            String simple = dot < 0 ? cls : cls.substring(dot + 1);
            l = simple.isEmpty() ? m.name() : simple + "." + m.name();
            labels[method] = l;
        }
        return l;
    }
}
