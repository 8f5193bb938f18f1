package dev.ura.app.analysis.events;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A set of name globs ({@code *} = any run of characters, case-sensitive). Globs without a star
 * are looked up in a hash set; the others are matched part by part with {@code startsWith},
 * {@code indexOf} and {@code endsWith}, which is an order of magnitude faster than a regex and
 * matters because every method of a trace is tested against every rule.
 */
final class Glob {
    private final Set<String> exact = new HashSet<>();
    private final List<String[]> wild = new ArrayList<>();

    private Glob() {
    }

    /** A matcher for any of {@code globs}; an empty list matches nothing. */
    static Glob anyOf(List<String> globs) {
        Glob g = new Glob();
        if (globs != null) {
            for (String s : globs) {
                if (s.indexOf('*') < 0) {
                    g.exact.add(s);
                } else {
                    g.wild.add(s.split("\\*", -1));
                }
            }
        }
        return g;
    }

    boolean matches(String name) {
        if (exact.contains(name)) {
            return true;
        }
        for (String[] parts : wild) {
            if (matches(parts, name)) {
                return true;
            }
        }
        return false;
    }

    boolean isEmpty() {
        return exact.isEmpty() && wild.isEmpty();
    }

    /** {@code parts} are the literal pieces between stars (at least two: a star was present). */
    private static boolean matches(String[] parts, String name) {
        String first = parts[0];
        String last = parts[parts.length - 1];
        if (name.length() < first.length() + last.length() || !name.startsWith(first) || !name.endsWith(last)) {
            return false;
        }
        int from = first.length();
        int limit = name.length() - last.length();
        for (int i = 1; i < parts.length - 1; i++) {
            int at = name.indexOf(parts[i], from);
            if (at < 0 || at + parts[i].length() > limit) {
                return false;
            }
            from = at + parts[i].length();
        }
        return true;
    }
}
