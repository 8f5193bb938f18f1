package dev.ura.app.analysis.findings;

import dev.ura.app.analysis.model.Change;
import dev.ura.app.analysis.model.Finding;
import dev.ura.app.analysis.model.LinkKind;
import dev.ura.app.analysis.model.SliceRef;
import dev.ura.app.analysis.model.SliceSelector;
import dev.ura.app.analysis.graph.Dependency;
import dev.ura.app.analysis.graph.ResponseGraph;
import dev.ura.app.analysis.graph.SegmentKind;
import org.jgrapht.Graph;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Deque;
import java.util.List;

/**
 * Handed-off work on the critical path that waited for earlier work on its thread which it does
 * not need: nothing it depends on (other than that thread being free) comes from that work. The
 * later work could run in parallel with it.
 */
public final class NeedlessWaitRule implements FindingRule {
    /** The rule id findings carry. */
    public static final String ID = "needless-wait";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public List<Finding> check(FindingContext ctx) {
        ResponseGraph g = ctx.graph();
        List<Integer> path = g.baseline().path();
        List<Finding> out = new ArrayList<>();
        for (int i = 0; i + 1 < path.size(); i++) {
            int wait = path.get(i);
            Dependency in = g.baseline().criticalEdgeInto(wait);
            if (g.kind(wait) != SegmentKind.QUEUE_WAIT || in == null || in.kind() != LinkKind.PROGRAM_ORDER) {
                continue;
            }
            int before = g.graph().getEdgeSource(in);
            BitSet needed = ancestorsWithout(g.graph(), wait, in);
            if (needed.get(before)) {
                continue;
            }
            Evidence ev = new Evidence(g);
            for (int u = before; u >= 0 && !needed.get(u) && g.kind(u) != SegmentKind.START; u = chainPredecessor(g, u)) {
                if (g.kind(u) == SegmentKind.WORK || g.kind(u) == SegmentKind.BLOCKED) {
                    ev.add(u, ctx.isCritical(u));
                }
            }
            int waiterVertex = path.get(i + 1);
            if (ev.totalNs() < ctx.thresholds().minWaitNs() || g.slice(waiterVertex) == null) {
                continue;
            }
            SliceRef target = ctx.appOwner(g.slice(waiterVertex));
            String waiter = ctx.name(target);
            String blocker = g.name(before);
            Change fix = new Change.RunInParallel(new SliceSelector.Exact(target, waiter));
            long saved = ctx.saving(fix);
            String message = waiter + " on " + g.threadName(wait) + " waits for " + blocker + " ("
                    + FindingContext.ms(ev.totalNs()) + ") to finish, though it needs nothing from it. Run "
                    + waiter + " in parallel: the response would be about " + FindingContext.ms(saved) + " faster.";
            out.add(new Finding(ID, ctx.thresholds().severityFor(saved), message, ev.startNs(), ev.endNs(),
                    g.thread(wait), ev.calls(), fix, saved));
        }
        return out;
    }

    /** Everything {@code target} depends on, not counting the edge {@code skip}. */
    private static BitSet ancestorsWithout(Graph<Integer, Dependency> graph, int target, Dependency skip) {
        BitSet seen = new BitSet();
        Deque<Integer> todo = new ArrayDeque<>();
        todo.add(target);
        while (!todo.isEmpty()) {
            int v = todo.poll();
            for (Dependency d : graph.incomingEdgesOf(v)) {
                int u = graph.getEdgeSource(d);
                if (d != skip && !seen.get(u)) {
                    seen.set(u);
                    todo.add(u);
                }
            }
        }
        return seen;
    }

    /** The vertex before {@code v} on its thread, or -1. */
    private static int chainPredecessor(ResponseGraph g, int v) {
        int best = -1;
        for (Dependency d : g.graph().incomingEdgesOf(v)) {
            int u = g.graph().getEdgeSource(d);
            if (g.thread(u) == g.thread(v) && u < v && u > best) {
                best = u;
            }
        }
        return best;
    }
}
