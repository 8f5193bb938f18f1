package dev.ura.app.cli;

import dev.ura.app.annotations.AnnotationStore;
import dev.ura.app.annotations.ScenarioJson;
import dev.ura.app.analysis.model.Scenario;
import dev.ura.trace.model.Trace;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * The what-if scenario of each response of a command: the what-if flags when any are given (for
 * every response), else the changes saved for that response in the trace's sidecar (the window
 * saves them there: docs/what-if.md, "Where changes are kept"), unless {@code --no-saved-what-if}.
 * A file without saved changes gives the flags' scenario, as before.
 *
 * @param flags   the flags' scenario (may be empty)
 * @param saved   saved scenarios by response index (empty when flags are given or saving is off)
 * @param sidecar the sidecar's file name, for saying where a scenario came from
 */
record ResponseScenarios(Scenario flags, Map<Integer, Scenario> saved, String sidecar) {
    /** Only the flags' scenario, for every response. */
    static ResponseScenarios of(Scenario flags) {
        return new ResponseScenarios(flags, Map.of(), null);
    }

    /**
     * @param ignoreSaved {@code --no-saved-what-if}
     */
    static ResponseScenarios of(Scenario flags, Path file, Trace trace, boolean ignoreSaved) {
        if (!flags.isEmpty() || ignoreSaved) {
            return of(flags);
        }
        AnnotationStore store = AnnotationStore.beside(file);
        Map<Integer, Scenario> saved = new HashMap<>();
        for (AnnotationStore.WhatIf w : store.readWhatIf()) {
            try {
                Scenario s = ScenarioJson.toScenario(w.changes(), trace);
                if (!s.isEmpty() && w.response() >= 0) {
                    saved.put(w.response(), s);
                }
            } catch (IllegalArgumentException e) {
                // saved for another version of the file (a slice it no longer has): left out, as
                // the window leaves it out, rather than estimated on the wrong work
            }
        }
        return new ResponseScenarios(flags, Map.copyOf(saved), store.sidecar().getFileName().toString());
    }

    /** The scenario of response {@code index} (empty: no what-if). */
    Scenario of(int index) {
        return flags.isEmpty() ? saved.getOrDefault(index, Scenario.BASELINE) : flags;
    }

    /** Whether response {@code index}'s scenario is the one saved in the sidecar. */
    boolean isSaved(int index) {
        return flags.isEmpty() && saved.containsKey(index);
    }
}
