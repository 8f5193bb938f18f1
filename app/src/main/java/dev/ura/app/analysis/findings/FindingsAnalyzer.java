package dev.ura.app.analysis.findings;

import dev.ura.app.analysis.model.Finding;
import dev.ura.app.analysis.graph.ResponseGraph;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Runs the finding rules over one response: storage I/O on the main thread, writes before the
 * response end, network or one thread dominating, an ad request on the critical path, needless
 * waits; on system traces, I/O and binder calls on the main thread, lock and CPU contention, one
 * thread dominating and the waits on the critical path. Each finding carries its evidence, a suggested what-if change and that change's
 * estimated saving. Findings come biggest saving first. Stateless apart from its configuration.
 */
public final class FindingsAnalyzer {
    private final FindingThresholds thresholds;
    private final List<FindingRule> rules;

    /** The default rules and thresholds. */
    public FindingsAnalyzer() {
        this(FindingThresholds.DEFAULTS);
    }

    /** The default rules (for the kind of trace each response is in) with other thresholds. */
    public FindingsAnalyzer(FindingThresholds thresholds) {
        this.thresholds = thresholds;
        this.rules = null;
    }

    /** Any rules (e.g. a subset) with the given thresholds, whatever the trace. */
    public FindingsAnalyzer(FindingThresholds thresholds, List<FindingRule> rules) {
        this.thresholds = thresholds;
        this.rules = List.copyOf(rules);
    }

    /** The built-in rules for method traces and agent logs, in report order for equal savings. */
    public static List<FindingRule> defaultRules() {
        return List.of(new StorageOnMainThreadRule(), new WriteBeforeResponseEndRule(), new NetworkDominatesRule(),
                new ThreadDominatesRule(), new AdRequestOnCriticalPathRule(), new NeedlessWaitRule());
    }

    /**
     * The built-in rules for system traces (docs/system-responses.md §5), in report order for equal
     * savings. The method-trace rules that read storage, network and hand-off events, or queueing
     * behind other work, have nothing to read there and are left out; a thread dominating applies
     * to both (counting only its running time).
     */
    public static List<FindingRule> systemRules() {
        return List.of(new MainThreadIoRule(), new MainThreadBinderRule(), new LockContentionRule(),
                new CpuContentionRule(), new ThreadDominatesRule(), new PathWaitsRule());
    }

    /** The findings of one response (unmodifiable). */
    public List<Finding> analyze(ResponseGraph graph) {
        FindingContext ctx = new FindingContext(graph, thresholds);
        List<FindingRule> rules = this.rules != null ? this.rules
                : ctx.system() ? systemRules() : defaultRules();
        List<Finding> out = new ArrayList<>();
        for (FindingRule r : rules) {
            out.addAll(r.check(ctx));
        }
        out.sort(Comparator.comparingLong(Finding::estimatedSavingNs).reversed());
        return List.copyOf(out);
    }
}
