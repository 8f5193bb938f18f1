package dev.ura.app.analysis.graph.method;

import dev.ura.app.analysis.graph.FrameCadence;
import dev.ura.app.analysis.model.Link;
import dev.ura.app.analysis.model.ResponseWork;
import dev.ura.trace.model.CallTable;
import dev.ura.trace.model.Clock;
import dev.ura.trace.model.EventTable;
import dev.ura.trace.model.Trace;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * What every response graph of one trace needs from whole threads, derived once instead of once
 * per response: each thread's CPU coverage and frame rhythm (both scan the whole thread), method
 * names (see {@link MethodLabels}) and the
 * hand-off links by the event they dispatch (so a response looks up its own links instead of
 * scanning all of them). Per-thread parts are built on first use; safe to share between threads.
 */
final class TraceIndexes {
    private static final Object NONE = new Object();

    private final Trace trace;
    private final EventTable events;
    private final List<Link> links;
    private final boolean dual;
    /** Links into dispatch event {@code e}: positions in {@code links} {@code linkPos[first[e]..first[e+1])}, ascending. */
    private final int[] first;
    private final int[] linkPos;
    private final MethodLabels labels;
    private final AtomicReferenceArray<Object> locators;
    private final AtomicReferenceArray<Object> coverage;
    private final AtomicReferenceArray<Optional<FrameCadence>> cadence;

    TraceIndexes(ResponseWork work) {
        this.trace = work.trace();
        this.events = work.events();
        this.links = work.links();
        this.dual = trace.metadata().clock() == Clock.DUAL;
        int n = events.size();
        first = new int[n + 1];
        for (Link l : links) {
            int d = l.dispatchEvent();
            if (d >= 0 && d < n) {
                first[d + 1]++;
            }
        }
        for (int e = 0; e < n; e++) {
            first[e + 1] += first[e];
        }
        linkPos = new int[first[n]];
        int[] fill = Arrays.copyOf(first, n);
        for (int i = 0; i < links.size(); i++) {
            int d = links.get(i).dispatchEvent();
            if (d >= 0 && d < n) {
                linkPos[fill[d]++] = i;
            }
        }
        labels = new MethodLabels(trace.methods());
        locators = new AtomicReferenceArray<>(trace.threads().size());
        coverage = new AtomicReferenceArray<>(trace.threads().size());
        cadence = new AtomicReferenceArray<>(trace.threads().size());
    }

    /** Whether these indexes were derived from the same trace, events and links as {@code work}'s. */
    boolean covers(ResponseWork work) {
        return work.trace() == trace && work.events() == events && work.links() == links;
    }

    /** The links. */
    List<Link> links() {
        return links;
    }

    /** How many links dispatch {@code event}. */
    int linkCount(int event) {
        return first[event + 1] - first[event];
    }

    /** The {@code k}-th link (in list order) that dispatches {@code event}, as a position in {@link #links()}. */
    int link(int event, int k) {
        return linkPos[first[event] + k];
    }

    /** The call locator of the thread, or {@code null} when it has no calls. */
    CallLocator locator(int thread) {
        Object l = locators.get(thread);
        if (l == null) {
            CallTable calls = trace.threads().get(thread).calls();
            l = calls.size() == 0 ? NONE : new CallLocator(calls, labels);
            locators.compareAndSet(thread, null, l);
        }
        return l == NONE ? null : (CallLocator) l;
    }

    /** The thread's CPU coverage, or {@code null} without a dual clock or thread-CPU times. */
    CpuCoverage cpu(int thread) {
        if (!dual) {
            return null;
        }
        Object c = coverage.get(thread);
        if (c == null) {
            CpuCoverage built = CpuCoverage.of(trace.threads().get(thread).calls());
            c = built == null ? NONE : built;
            coverage.compareAndSet(thread, null, c);
        }
        return c == NONE ? null : (CpuCoverage) c;
    }

    /**
     * The frame rhythm of the thread's draws, if any. A JVM program recorded by ura's own agent
     * (its META names a {@code jvm}) has none: Swing paints when its event queue reaches the
     * paint, not on a display vsync, so a timer that repaints every 16 ms is not a frame grid
     * (docs/what-if.md, "Frames").
     */
    Optional<FrameCadence> cadence(int thread) {
        if ("agent-log".equals(trace.metadata().format()) && trace.metadata().property("jvm") != null) {
            return Optional.empty();
        }
        if (thread < 0 || thread >= cadence.length()) {
            return FrameCadence.detect(events, thread);
        }
        Optional<FrameCadence> c = cadence.get(thread);
        if (c == null) {
            c = FrameCadence.detect(events, thread);
            cadence.compareAndSet(thread, null, c);
        }
        return c;
    }
}
