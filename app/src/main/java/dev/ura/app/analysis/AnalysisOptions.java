package dev.ura.app.analysis;

import dev.ura.app.analysis.events.MethodRules;

/**
 * How to analyse a trace.
 *
 * @param rules the rule table that derives events from method traces (ignored for agent logs)
 * @param edits the user's corrections to hand-off links
 */
public record AnalysisOptions(MethodRules rules, LinkEdits edits) {
    public AnalysisOptions {
        rules = rules == null ? MethodRules.defaults() : rules;
        edits = edits == null ? LinkEdits.NONE : edits;
    }

    /** The built-in rules, no edits. */
    public static AnalysisOptions defaults() {
        return new AnalysisOptions(MethodRules.defaults(), LinkEdits.NONE);
    }

    public AnalysisOptions withRules(MethodRules r) {
        return new AnalysisOptions(r, edits);
    }

    public AnalysisOptions withEdits(LinkEdits e) {
        return new AnalysisOptions(rules, e);
    }
}
