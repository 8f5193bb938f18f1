package dev.ura.app.analysis.findings;

import dev.ura.app.analysis.model.SliceRef;
import dev.ura.app.analysis.graph.ResponseGraph;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** Collects the vertices a finding rests on: their time range, thread and calls. */
final class Evidence {
    private final ResponseGraph graph;
    private final Set<SliceRef> calls = new LinkedHashSet<>();
    private long start = Long.MAX_VALUE;
    private long end = Long.MIN_VALUE;
    private long total;
    private long critical;
    private int thread = -2;

    Evidence(ResponseGraph graph) {
        this.graph = graph;
    }

    Evidence add(int v, boolean onCriticalPath) {
        return add(v, onCriticalPath, graph.startNs(v), graph.endNs(v));
    }

    /** Adds the part {@code [from, to]} of a vertex (a slice that covers it only in part). */
    Evidence add(int v, boolean onCriticalPath, long from, long to) {
        long a = Math.max(from, graph.startNs(v));
        long b = Math.min(to, graph.endNs(v));
        if (b < a) {
            return this;
        }
        start = Math.min(start, a);
        end = Math.max(end, b);
        total += b - a;
        if (onCriticalPath) {
            critical += b - a;
        }
        int t = graph.thread(v);
        thread = thread == -2 || thread == t ? t : -1;
        SliceRef s = graph.slice(v);
        if (s != null) {
            calls.add(s);
        }
        return this;
    }

    long startNs() {
        return start;
    }

    long endNs() {
        return end;
    }

    /** Summed duration of the vertices, ns. */
    long totalNs() {
        return total;
    }

    /** Summed duration of those on the critical path, ns. */
    long criticalNs() {
        return critical;
    }

    /** The one thread of the evidence, or -1 when it spans several. */
    int thread() {
        return Math.max(-1, thread);
    }

    List<SliceRef> calls() {
        return new ArrayList<>(calls);
    }

    int callCount() {
        return calls.size();
    }
}
