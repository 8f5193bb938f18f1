package dev.ura.app.analysis.findings;

import dev.ura.app.analysis.model.EventSet;
import dev.ura.app.analysis.model.Change;
import dev.ura.app.analysis.model.Finding;
import dev.ura.app.analysis.model.ResponseWork;
import dev.ura.app.analysis.model.SliceRef;
import dev.ura.app.analysis.model.SliceSelector;
import dev.ura.app.analysis.graph.ResponseGraph;
import dev.ura.app.analysis.whatif.MatchedSlice;
import dev.ura.app.analysis.whatif.SliceMatcher;
import dev.ura.trace.model.CallTable;
import dev.ura.trace.model.EventKind;
import dev.ura.trace.model.EventTable;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A storage write made by the response's work before it ends. A write produces nothing the
 * screen shows, so it can wait until the update is drawn. The suggestion defers the app method
 * that writes, unless that method also hands off work or requests updates: then only the write.
 * Reported when deferring saves at least {@link FindingThresholds#minWriteSavingNs()}.
 */
public final class WriteBeforeResponseEndRule implements FindingRule {
    /** The rule id findings carry. */
    public static final String ID = "write-before-response-end";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public List<Finding> check(FindingContext ctx) {
        ResponseGraph g = ctx.graph();
        EventTable events = g.work().events();
        EventSet tracked = g.work().tracked();
        SliceMatcher matcher = new SliceMatcher(g);
        Map<String, SliceRef> targets = new LinkedHashMap<>();
        for (int e = tracked.nextSetBit(0); e >= 0; e = tracked.nextSetBit(e + 1)) {
            if (events.kind(e) != EventKind.WRITE || events.call(e) < 0 || events.end(e) > ctx.response().endNs()) {
                continue;
            }
            SliceRef write = new SliceRef(events.thread(e), events.call(e));
            SliceRef owner = ctx.appOwner(write);
            SliceRef target = sendsOrRequests(ctx, owner) ? write : owner;
            targets.putIfAbsent(ctx.name(target), target);
        }
        List<Finding> out = new ArrayList<>();
        targets.forEach((name, target) -> {
            Change fix = new Change.Defer(new SliceSelector.ByName(name));
            long saved = ctx.saving(fix);
            if (saved < ctx.thresholds().minWriteSavingNs()) {
                return;
            }
            Evidence ev = new Evidence(g);
            for (MatchedSlice slice : matcher.match(fix.target())) {
                for (int v : slice.vertices()) {
                    ev.add(v, ctx.isCritical(v), slice.startNs(), slice.endNs());
                }
            }
            String message = name + " writes to storage before the response ends (" + FindingContext.ms(ev.totalNs())
                    + "), and nothing drawn needs the write. Defer it until after the update is drawn:"
                    + " the response would be about " + FindingContext.ms(saved) + " faster.";
            out.add(new Finding(ID, ctx.thresholds().severityFor(saved), message, ev.startNs(), ev.endNs(),
                    ev.thread(), ev.calls(), fix, saved));
        });
        return out;
    }

    /** Whether tracked work inside the slice hands off work or requests an update (deferring it would move those too). */
    private static boolean sendsOrRequests(FindingContext ctx, SliceRef slice) {
        ResponseWork work = ctx.graph().work();
        EventTable events = work.events();
        CallTable calls = ctx.trace().threads().get(slice.thread()).calls();
        long cs = calls.start(slice.call());
        long ce = calls.end(slice.call());
        EventSet tracked = work.tracked();
        for (int e = tracked.nextSetBit(0); e >= 0; e = tracked.nextSetBit(e + 1)) {
            EventKind k = events.kind(e);
            if ((k == EventKind.SEND_MSG || k.isRequest()) && events.thread(e) == slice.thread()
                    && events.end(e) >= cs && events.end(e) < ce) {
                return true;
            }
        }
        return false;
    }
}
