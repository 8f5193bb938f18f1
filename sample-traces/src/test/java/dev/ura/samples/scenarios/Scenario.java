package dev.ura.samples.scenarios;

import java.util.List;

/**
 * One case study: an original recording and one or more optimised twins, each the original with
 * one fix applied, plus the what-if that should predict each twin from the original.
 */
public interface Scenario {

    /** File base name of the original, e.g. {@code news-launch}. */
    String name();

    /** What the sample shows, one sentence. */
    String description();

    /** The fixes, each giving a twin named {@code name() + "-" + fix.id()}. */
    List<Fix> fixes();

    /**
     * Simulates a run.
     *
     * @param fix the fix to apply, or {@code null} for the original
     */
    Recording record(Fix fix);

    /**
     * One optimisation and the what-if that models it.
     *
     * @param id          suffix of the twin's name, e.g. {@code fixed}
     * @param description what was changed in the app
     * @param whatIf      the what-if flag that models it, in {@code ura analyze} syntax
     */
    record Fix(String id, String description, WhatIf whatIf) {
    }
}
