package dev.ura.app.analysis;

import dev.ura.app.analysis.model.LinkEdits;
import dev.ura.app.analysis.events.MethodRules;
import dev.ura.app.analysis.findings.FindingThresholds;

/**
 * How to analyse a trace.
 *
 * @param rules      the rule table that derives events from method traces (ignored for agent logs)
 * @param edits      the user's corrections to hand-off links
 * @param thresholds what the finding rules report
 */
public record AnalysisOptions(MethodRules rules, LinkEdits edits, FindingThresholds thresholds) {
    public AnalysisOptions {
        rules = rules == null ? MethodRules.defaults() : rules;
        edits = edits == null ? LinkEdits.NONE : edits;
        thresholds = thresholds == null ? FindingThresholds.DEFAULTS : thresholds;
    }

    /** Rules and edits with the default finding thresholds. */
    public AnalysisOptions(MethodRules rules, LinkEdits edits) {
        this(rules, edits, FindingThresholds.DEFAULTS);
    }

    /** The built-in rules, no edits, default thresholds. */
    public static AnalysisOptions defaults() {
        return new AnalysisOptions(MethodRules.defaults(), LinkEdits.NONE, FindingThresholds.DEFAULTS);
    }

    /** The same options with another rule table. */
    public AnalysisOptions withRules(MethodRules r) {
        return new AnalysisOptions(r, edits, thresholds);
    }

    /** The same options with other link edits. */
    public AnalysisOptions withEdits(LinkEdits e) {
        return new AnalysisOptions(rules, e, thresholds);
    }

    /** The same options with other finding thresholds. */
    public AnalysisOptions withThresholds(FindingThresholds t) {
        return new AnalysisOptions(rules, edits, t);
    }
}
