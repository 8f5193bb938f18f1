package dev.ura.app.analysis.findings;

import dev.ura.app.analysis.model.Finding;
import dev.ura.app.analysis.graph.ResponseGraph;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Runs the finding rules over one response: storage I/O on the main thread, writes before the
 * response end, network or one thread dominating, an ad request on the critical path, needless
 * waits. Each finding carries its evidence, a suggested what-if change and that change's
 * estimated saving. Findings come biggest saving first. Stateless apart from its configuration.
 */
public final class FindingsAnalyzer {
    private final FindingThresholds thresholds;
    private final List<FindingRule> rules;

    /** The default rules and thresholds. */
    public FindingsAnalyzer() {
        this(FindingThresholds.DEFAULTS);
    }

    /** The default rules with other thresholds. */
    public FindingsAnalyzer(FindingThresholds thresholds) {
        this(thresholds, defaultRules());
    }

    /** Any rules (e.g. a subset) with the given thresholds. */
    public FindingsAnalyzer(FindingThresholds thresholds, List<FindingRule> rules) {
        this.thresholds = thresholds;
        this.rules = List.copyOf(rules);
    }

    /** The built-in rules, in report order for equal savings. */
    public static List<FindingRule> defaultRules() {
        return List.of(new StorageOnMainThreadRule(), new WriteBeforeResponseEndRule(), new NetworkDominatesRule(),
                new ThreadDominatesRule(), new AdRequestOnCriticalPathRule(), new NeedlessWaitRule());
    }

    /** The findings of one response (unmodifiable). */
    public List<Finding> analyze(ResponseGraph graph) {
        FindingContext ctx = new FindingContext(graph, thresholds);
        List<Finding> out = new ArrayList<>();
        for (FindingRule r : rules) {
            out.addAll(r.check(ctx));
        }
        out.sort(Comparator.comparingLong(Finding::estimatedSavingNs).reversed());
        return List.copyOf(out);
    }
}
