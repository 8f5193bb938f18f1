package dev.ura.trace.system;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a system-trace read repaired or skipped, as the trace's warnings: problems worth a line of
 * their own (the first {@value #MAX_LISTED}; later ones are only counted) and repairs counted by kind
 * (one line per kind with its count, in first-seen order).
 */
final class Repairs {
    static final int MAX_LISTED = 50;

    private final List<String> warnings = new ArrayList<>();
    private final Map<String, Long> counts = new LinkedHashMap<>();
    private int listed;
    private long suppressed;

    void warn(String warning) {
        if (listed < MAX_LISTED) {
            warnings.add(warning);
            listed++;
        } else {
            suppressed++;
        }
    }

    void count(String what, long n) {
        counts.merge(what, n, Long::sum);
    }

    /** The warnings: the listed ones, how many more there were, then a line per counted kind. Once. */
    List<String> warnings() {
        if (suppressed > 0) {
            warnings.add(suppressed + " more problems not listed");
        }
        counts.forEach((what, c) -> warnings.add(c + " " + what));
        return warnings;
    }
}
