package dev.ura.trace.util;

/**
 * Makes text quoted from a hostile file safe to print as one line: control characters (CR, LF,
 * ESC, NUL, C1 controls), Unicode line separators and bidi controls become visible escapes, so a message or
 * warning can neither break the one-line error contract nor send escape sequences to a terminal.
 */
public final class OneLine {
    private OneLine() {
    }

    /** {@code text} with every control or line-separator character escaped ({@code \r}, {@code \x1b}); {@code null} stays {@code null}. */
    public static String of(String text) {
        if (text == null || isClean(text)) {
            return text;
        }
        StringBuilder sb = new StringBuilder(text.length() + 16);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (!isControl(c)) {
                sb.append(c);
            } else if (c == '\n') {
                sb.append("\\n");
            } else if (c == '\r') {
                sb.append("\\r");
            } else if (c == '\t') {
                sb.append("\\t");
            } else if (c < 0x100) {
                sb.append("\\x").append(Character.forDigit(c >> 4, 16)).append(Character.forDigit(c & 0xF, 16));
            } else {
                sb.append(String.format("\\u%04x", (int) c));
            }
        }
        return sb.toString();
    }

    private static boolean isClean(String text) {
        for (int i = 0; i < text.length(); i++) {
            if (isControl(text.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    private static boolean isControl(char c) {
        // bidi embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069) reorder what
        // the line shows, so a quoted name could make it read otherwise
        return c < 0x20 || (c >= 0x7F && c <= 0x9F) || c == '\u2028' || c == '\u2029'
                || (c >= '\u202a' && c <= '\u202e') || (c >= '\u2066' && c <= '\u2069');
    }
}
