package dev.ura.app.render;

import dev.ura.trace.io.Progress;
import dev.ura.trace.model.CallTable;
import dev.ura.trace.model.MethodInfo;
import dev.ura.trace.model.ThreadTrack;
import dev.ura.trace.model.Trace;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * What painting needs beyond the trace: a {@link DepthIndex} per thread, built when the thread is
 * first painted (4 bytes a call: most lanes of a large trace are off screen, and their indexes
 * need not exist until scrolled to), the default thread order (main first, then by busy time,
 * computed once off the EDT) and short method labels.
 */
public final class TraceIndex {
    private final Trace trace;
    private final AtomicReferenceArray<DepthIndex> depths;
    private final long[] busyNs;
    private final List<Integer> defaultOrder;
    private final String[] labels;
    private final long startNs;
    private final long endNs;
    private final CpuIndex cpus;

    private TraceIndex(Trace trace, long[] busyNs, CpuIndex cpus) {
        this.trace = trace;
        this.depths = new AtomicReferenceArray<>(busyNs.length);
        this.busyNs = busyNs;
        this.defaultOrder = order(trace, busyNs);
        this.labels = new String[trace.methods().size()];
        this.startNs = trace.firstTimeNs();
        this.endNs = Math.max(startNs + 1, trace.lastTimeNs());
        this.cpus = cpus;
    }

    /** Indexes every thread; checks {@code progress} for cancellation between threads. */
    public static TraceIndex of(Trace trace, Progress progress) {
        List<ThreadTrack> threads = trace.threads();
        long[] busy = new long[threads.size()];
        for (int t = 0; t < busy.length; t++) {
            progress.checkCancelled();
            CallTable c = threads.get(t).calls();
            for (int i = 0, n = c.size(); i < n; i++) {
                if (c.depth(i) == 0) {
                    busy[t] += c.duration(i);
                }
            }
        }
        TraceIndex index = new TraceIndex(trace, busy, CpuIndex.of(trace.system(), progress));
        if (!index.defaultOrder.isEmpty()) {
            // the top lane is painted first: its index is built here, off the EDT
            index.depths(index.defaultOrder.get(0));
        }
        return index;
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

    /** The thread's calls by depth, built on first use (any thread may ask). */
    public DepthIndex depths(int thread) {
        DepthIndex d = depths.get(thread);
        if (d == null) {
            d = DepthIndex.of(trace.threads().get(thread).calls());
            if (!depths.compareAndSet(thread, null, d)) {
                d = depths.get(thread);
            }
        }
        return d;
    }

    /** Whether the thread's depth index was built (tests: lanes off screen must not build theirs). */
    boolean indexed(int thread) {
        return depths.get(thread) != null;
    }

    /** {@code depths(thread).depthCount()} without building the index (lane heights). */
    public int depthCount(int thread) {
        return trace.threads().get(thread).calls().maxDepth() + 1;
    }

    /** Threads in display order: the main thread first, then by time spent in top-level calls. */
    public List<Integer> defaultOrder() {
        return defaultOrder;
    }

    /** Time covered by top-level calls of a thread, ns. */
    public long busyNs(int thread) {
        return busyNs[thread];
    }

    /** What ran on each CPU (system traces with scheduler data; else no CPUs). */
    public CpuIndex cpus() {
        return cpus;
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
