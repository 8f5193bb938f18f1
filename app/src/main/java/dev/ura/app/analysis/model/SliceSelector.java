package dev.ura.app.analysis.model;

import java.util.regex.Pattern;

/** Selects slices for a {@link Change}: by name glob, or one exact slice. */
public sealed interface SliceSelector permits SliceSelector.ByName, SliceSelector.Exact {

    String describe();

    /** Every slice whose name matches a glob ({@code *} = any run of characters, case-sensitive). */
    record ByName(String glob) implements SliceSelector {
        /** Whether {@code name} matches the glob. */
        public boolean matches(String name) {
            return toRegex(glob).matcher(name).matches();
        }

        @Override
        public String describe() {
            return glob;
        }

        static Pattern toRegex(String glob) {
            String[] parts = glob.split("\\*", -1);
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < parts.length; i++) {
                if (i > 0) {
                    sb.append(".*");
                }
                sb.append(Pattern.quote(parts[i]));
            }
            return Pattern.compile(sb.toString(), Pattern.DOTALL);
        }
    }

    /** One slice, as the user picked it; {@code label} is what lists show. */
    record Exact(SliceRef slice, String label) implements SliceSelector {
        @Override
        public String describe() {
            return label;
        }
    }
}
