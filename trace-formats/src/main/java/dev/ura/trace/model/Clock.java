package dev.ura.trace.model;

import java.util.Locale;

/** Which clock(s) a trace recorded for each event. */
public enum Clock {
    /** Thread-CPU time and wall time for each record. */
    DUAL("dual"),
    /** Wall time only. */
    WALL("wall"),
    /** Thread-CPU time only: there is no wall time, so cross-thread ordering is approximate. */
    THREAD_CPU("thread-cpu");

    private final String label;

    Clock(String label) {
        this.label = label;
    }

    /** The spelling used in trace files and in JSON output ({@code dual}, {@code wall}, {@code thread-cpu}). */
    public String label() {
        return label;
    }

    /** Whether records carry a thread-CPU time. */
    public boolean hasThreadCpu() {
        return this != WALL;
    }

    /**
     * Parses a {@code clock=} value.
     *
     * @return the clock, or {@code null} when the text names none of them
     */
    public static Clock parse(String text) {
        if (text == null) {
            return null;
        }
        String t = text.trim().toLowerCase(Locale.ROOT);
        for (Clock c : values()) {
            if (c.label.equals(t)) {
                return c;
            }
        }
        return null;
    }
}
