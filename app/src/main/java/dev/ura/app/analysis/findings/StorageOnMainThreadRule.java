package dev.ura.app.analysis.findings;

import dev.ura.app.analysis.Category;
import dev.ura.app.analysis.Change;
import dev.ura.app.analysis.Finding;
import dev.ura.app.analysis.SliceRef;
import dev.ura.app.analysis.SliceSelector;
import dev.ura.app.analysis.graph.ResponseGraph;
import dev.ura.app.analysis.graph.SegmentKind;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Storage I/O on the main thread inside the response: the screen cannot update meanwhile. */
public final class StorageOnMainThreadRule implements FindingRule {
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
        for (int v = 0; v < g.vertexCount(); v++) {
            if (g.thread(v) != main || g.category(v) != Category.STORAGE || g.kind(v) != SegmentKind.WORK) {
                continue;
            }
            SliceRef s = g.slice(v);
            String owner = s == null ? g.name(v) : ctx.name(ctx.appOwner(s));
            byOwner.computeIfAbsent(owner, o -> new Evidence(g)).add(v, ctx.isCritical(v));
        }
        List<Finding> out = new ArrayList<>();
        byOwner.forEach((owner, ev) -> {
            if (ev.totalNs() < ctx.thresholds().minMainThreadStorageNs()) {
                return;
            }
            Change fix = new Change.RunInParallel(new SliceSelector.ByName(owner));
            long saved = ctx.saving(fix);
            String message = "Storage I/O on the main thread in " + owner + ": " + FindingContext.ms(ev.totalNs())
                    + " during this response (" + FindingContext.ms(ev.criticalNs()) + " on its critical path)"
                    + ", while the screen cannot update. Move it to a background thread"
                    + (saved > 0 ? ": the response would be about " + FindingContext.ms(saved) + " faster."
                    : "; it does not delay this response, but it blocks the main thread.");
            out.add(new Finding(ID, ctx.thresholds().severityFor(Math.max(saved, ev.totalNs())), message,
                    ev.startNs(), ev.endNs(), main, ev.calls(), fix, saved));
        });
        return out;
    }
}
