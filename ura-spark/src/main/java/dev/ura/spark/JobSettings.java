package dev.ura.spark;

import dev.ura.app.analysis.AnalysisOptions;
import dev.ura.app.analysis.events.InvalidRulesException;
import dev.ura.app.analysis.events.MethodRules;
import dev.ura.app.cli.CommandFailure;
import dev.ura.app.cli.TraceRows;
import dev.ura.app.cli.WhatIfFlags;

import java.io.ByteArrayInputStream;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How every trace of one job is analysed, in a form that travels to the executors: the analysis
 * options and what-if scenario are not serialisable, so the job ships what they are made from (the
 * flags as given, the rule table's bytes) and each executor makes them again, exactly as
 * {@code ura batch} makes them from its command line.
 */
final class JobSettings implements Serializable {
    private static final long serialVersionUID = 1L;

    private final LinkedHashMap<String, String> tags;
    private final String uraVersion;
    private final ArrayList<String> whatIf;
    private final RulesFile rules;

    JobSettings(Map<String, String> tags, String uraVersion, List<String> whatIf, RulesFile rules) {
        this.tags = new LinkedHashMap<>(tags);
        this.uraVersion = uraVersion;
        this.whatIf = new ArrayList<>(whatIf);
        this.rules = rules;
    }

    /** The settings {@code ura batch} would use with the same flags. */
    TraceRows.Settings settings() throws CommandFailure {
        AnalysisOptions options = AnalysisOptions.defaults();
        if (rules != null) {
            try {
                options = options.withRules(MethodRules.parse(new ByteArrayInputStream(rules.bytes()), rules.name()));
            } catch (InvalidRulesException e) {
                // checked on the driver already; a rule table is the same bytes everywhere
                throw new CommandFailure(1, e.getMessage());
            }
        }
        return new TraceRows.Settings(options, WhatIfFlags.parse(whatIf), WhatIfFlags.text(whatIf), tags, uraVersion);
    }
}
