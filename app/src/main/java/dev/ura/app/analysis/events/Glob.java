package dev.ura.app.analysis.events;

import java.util.List;
import java.util.regex.Pattern;

/**
 * A set of name globs ({@code *} = any run of characters, case-sensitive) compiled into one
 * pattern, so that matching a method against a rule costs one regex run.
 */
final class Glob {
    private final Pattern pattern;

    private Glob(Pattern pattern) {
        this.pattern = pattern;
    }

    /** A matcher for any of {@code globs}; an empty list matches nothing. */
    static Glob anyOf(List<String> globs) {
        if (globs == null || globs.isEmpty()) {
            return new Glob(null);
        }
        StringBuilder sb = new StringBuilder();
        for (String g : globs) {
            if (sb.length() > 0) {
                sb.append('|');
            }
            sb.append("(?:");
            String[] parts = g.split("\\*", -1);
            for (int i = 0; i < parts.length; i++) {
                if (i > 0) {
                    sb.append(".*");
                }
                if (!parts[i].isEmpty()) {
                    sb.append(Pattern.quote(parts[i]));
                }
            }
            sb.append(')');
        }
        return new Glob(Pattern.compile(sb.toString(), Pattern.DOTALL));
    }

    boolean matches(String name) {
        return pattern != null && pattern.matcher(name).matches();
    }

    boolean isEmpty() {
        return pattern == null;
    }
}
