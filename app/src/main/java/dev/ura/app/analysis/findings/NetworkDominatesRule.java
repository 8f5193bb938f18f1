package dev.ura.app.analysis.findings;

import dev.ura.app.analysis.model.Category;
import dev.ura.app.analysis.model.Change;
import dev.ura.app.analysis.model.Finding;
import dev.ura.app.analysis.model.SliceRef;
import dev.ura.app.analysis.model.SliceSelector;
import dev.ura.app.analysis.graph.ResponseGraph;

import java.util.List;

/** Network I/O makes up most of the critical path: the user waits for the network. */
public final class NetworkDominatesRule implements FindingRule {
    /** The rule id findings carry. */
    public static final String ID = "network-dominates";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public List<Finding> check(FindingContext ctx) {
        ResponseGraph g = ctx.graph();
        long duration = ctx.response().durationNs();
        Evidence ev = new Evidence(g);
        int biggest = -1;
        for (int v : g.baseline().path()) {
            if (g.category(v) == Category.NETWORK) {
                ev.add(v, true);
                if (biggest < 0 || g.durationNs(v) > g.durationNs(biggest)) {
                    biggest = v;
                }
            }
        }
        if (duration <= 0 || biggest < 0 || ev.totalNs() <= ctx.thresholds().networkShare() * duration) {
            return List.of();
        }
        SliceRef s = g.slice(biggest);
        String name = s == null ? g.name(biggest) : ctx.name(ctx.appOwner(s));
        Change fix = new Change.SpeedUp(new SliceSelector.ByName(name), 2);
        long saved = ctx.saving(fix);
        String message = "The network takes " + FindingContext.percent((double) ev.totalNs() / duration)
                + " of this response (" + FindingContext.ms(ev.totalNs()) + " on the critical path), most of it in "
                + name + ". Fetch it earlier, cache it or send less: at twice the speed the response would be about "
                + FindingContext.ms(saved) + " faster.";
        return List.of(new Finding(ID, ctx.thresholds().severityFor(Math.max(saved, ev.totalNs() / 2)), message,
                ev.startNs(), ev.endNs(), ev.thread(), ev.calls(), fix, saved));
    }
}
