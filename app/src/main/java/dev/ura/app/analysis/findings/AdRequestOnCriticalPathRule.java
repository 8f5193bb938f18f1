package dev.ura.app.analysis.findings;

import dev.ura.app.analysis.model.Change;
import dev.ura.app.analysis.model.Finding;
import dev.ura.app.analysis.model.SliceRef;
import dev.ura.app.analysis.model.SliceSelector;
import dev.ura.app.analysis.graph.ResponseGraph;
import dev.ura.app.analysis.whatif.MatchedSlice;
import dev.ura.app.analysis.whatif.SliceMatcher;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** An ad SDK call on the critical path: the screen waits for an ad. */
public final class AdRequestOnCriticalPathRule implements FindingRule {
    /** The rule id findings carry. */
    public static final String ID = "ad-request-on-critical-path";

    /** Ad SDK calls (globs over {@code pkg.Class.method}). */
    public static final List<String> AD_CALLS = List.of(
            "com.google.android.gms.ads.*", "com.google.ads.*", "com.facebook.ads.*", "com.mopub.*", "*.AdView.loadAd");

    @Override
    public String id() {
        return ID;
    }

    /** One ad method's calls on the critical path. */
    private static final class AdCalls {
        final List<SliceRef> calls = new ArrayList<>();
        long start = Long.MAX_VALUE;
        long end = Long.MIN_VALUE;
        long criticalNs;
    }

    @Override
    public List<Finding> check(FindingContext ctx) {
        ResponseGraph g = ctx.graph();
        SliceMatcher matcher = new SliceMatcher(g);
        Map<String, AdCalls> byName = new LinkedHashMap<>();
        for (String glob : AD_CALLS) {
            for (MatchedSlice match : matcher.match(new SliceSelector.ByName(glob))) {
                SliceRef slice = match.slice();
                long cs = match.startNs();
                long ce = match.endNs();
                long onPath = 0;
                for (int v : match.vertices()) {
                    if (ctx.isCritical(v)) {
                        onPath += Math.max(0, Math.min(ce, g.endNs(v)) - Math.max(cs, g.startNs(v)));
                    }
                }
                if (onPath == 0) {
                    continue;
                }
                AdCalls ad = byName.computeIfAbsent(ctx.name(slice), n -> new AdCalls());
                if (!ad.calls.contains(slice)) {
                    ad.calls.add(slice);
                    ad.start = Math.min(ad.start, cs);
                    ad.end = Math.max(ad.end, ce);
                    ad.criticalNs += onPath;
                }
            }
        }
        List<Finding> out = new ArrayList<>();
        byName.forEach((name, ad) -> {
            Change fix = new Change.RunInParallel(new SliceSelector.ByName(name));
            long saved = ctx.saving(fix);
            String message = "An ad request (" + name + ", " + FindingContext.ms(ad.criticalNs)
                    + " on the critical path) delays the response: the screen waits for the ad. Start it in"
                    + " parallel, or earlier, so the content does not wait: about " + FindingContext.ms(saved)
                    + " faster.";
            int thread = ad.calls.stream().mapToInt(SliceRef::thread).distinct().count() == 1
                    ? ad.calls.get(0).thread() : -1;
            out.add(new Finding(ID, ctx.thresholds().severityFor(Math.max(saved, ad.criticalNs)), message,
                    ad.start, ad.end, thread, ad.calls, fix, saved));
        });
        return out;
    }
}
