package dev.ura.app.analysis.findings;

import dev.ura.app.analysis.model.EventSet;
import dev.ura.app.analysis.model.Category;
import dev.ura.app.analysis.model.Change;
import dev.ura.app.analysis.model.Finding;
import dev.ura.app.analysis.model.SliceRef;
import dev.ura.app.analysis.model.SliceSelector;
import dev.ura.app.analysis.graph.ResponseGraph;
import dev.ura.app.analysis.graph.SegmentKind;
import dev.ura.trace.model.EventKind;
import dev.ura.trace.model.EventTable;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Storage I/O on the main thread inside the response: the screen cannot update meanwhile. Writes
 * are suggested to be deferred; reads to run in parallel, started with the response.
 */
public final class StorageOnMainThreadRule implements FindingRule {
    /** The rule id findings carry. */
    public static final String ID = "storage-io-on-main-thread";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public List<Finding> check(FindingContext ctx) {
        int main = ctx.mainThread();
        ResponseGraph g = ctx.graph();
        Map<String, Evidence> byOwner = new LinkedHashMap<>();
        Map<String, Boolean> writesOnly = new HashMap<>();
        List<Integer> mainIo = storageEvents(g, main);
        for (int v = 0; v < g.vertexCount(); v++) {
            if (g.thread(v) != main || g.category(v) != Category.STORAGE || g.kind(v) != SegmentKind.WORK) {
                continue;
            }
            SliceRef s = g.slice(v);
            String owner = s == null ? g.name(v) : ctx.name(ctx.appOwner(s));
            byOwner.computeIfAbsent(owner, o -> new Evidence(g)).add(v, ctx.isCritical(v));
            writesOnly.merge(owner, isWrite(g, mainIo, v), Boolean::logicalAnd);
        }
        List<Finding> out = new ArrayList<>();
        byOwner.forEach((owner, ev) -> {
            if (ev.totalNs() < ctx.thresholds().minMainThreadStorageNs()) {
                return;
            }
            boolean writes = writesOnly.getOrDefault(owner, false);
            Change fix = writes ? new Change.Defer(new SliceSelector.ByName(owner))
                    : new Change.RunInParallel(new SliceSelector.ByName(owner));
            long saved = ctx.saving(fix);
            String message = "Storage I/O on the main thread in " + owner + ": " + FindingContext.ms(ev.totalNs())
                    + " during this response (" + FindingContext.ms(ev.criticalNs()) + " on its critical path)"
                    + ", while the screen cannot update. "
                    + (writes ? "Write on a background thread after the update is drawn"
                    : "Read on a background thread, started with the response")
                    + (saved > 0 ? ": the response would be about " + FindingContext.ms(saved) + " faster."
                    : "; it does not delay this response, but it blocks the main thread.");
            out.add(new Finding(ID, ctx.thresholds().severityFor(Math.max(saved, ev.totalNs())), message,
                    ev.startNs(), ev.endNs(), main, ev.calls(), fix, saved));
        });
        return out;
    }

    /** The tracked storage events of one thread. */
    private static List<Integer> storageEvents(ResponseGraph g, int thread) {
        EventTable events = g.work().events();
        EventSet tracked = g.work().tracked();
        List<Integer> out = new ArrayList<>();
        for (int e = tracked.nextSetBit(0); e >= 0; e = tracked.nextSetBit(e + 1)) {
            if (events.thread(e) == thread && events.kind(e).isStorage()) {
                out.add(e);
            }
        }
        return out;
    }

    /** Whether the storage vertex lies in a WRITE (else it reads). */
    private static boolean isWrite(ResponseGraph g, List<Integer> io, int v) {
        EventTable events = g.work().events();
        for (int e : io) {
            if (events.start(e) <= g.startNs(v) && events.end(e) >= g.endNs(v)) {
                return events.kind(e) == EventKind.WRITE;
            }
        }
        return false;
    }
}
