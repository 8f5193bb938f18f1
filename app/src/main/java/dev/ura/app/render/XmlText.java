package dev.ura.app.render;

/**
 * Makes text safe for an XML document: every character XML 1.0 forbids (C0 controls other than
 * tab, line feed and carriage return; lone surrogates; U+FFFE and U+FFFF) becomes U+FFFD. Trace
 * names are arbitrary bytes, and one such character makes a whole SVG unreadable.
 */
public final class XmlText {
    private static final char REPLACEMENT = '\uFFFD';

    private XmlText() {
    }

    /** The text with forbidden characters replaced (the same instance when there are none). */
    public static String clean(String s) {
        StringBuilder out = null;
        int n = s.length();
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            boolean ok;
            int width = 1;
            if (Character.isHighSurrogate(c)) {
                ok = i + 1 < n && Character.isLowSurrogate(s.charAt(i + 1));
                width = ok ? 2 : 1;
            } else if (Character.isLowSurrogate(c)) {
                ok = false;
            } else {
                ok = c == '\t' || c == '\n' || c == '\r' || (c >= 0x20 && c != 0xFFFE && c != 0xFFFF);
            }
            if (!ok && out == null) {
                out = new StringBuilder(n).append(s, 0, i);
            }
            if (out != null) {
                if (ok) {
                    out.append(s, i, i + width);
                } else {
                    out.append(REPLACEMENT);
                }
            }
            i += width - 1;
        }
        return out == null ? s : out.toString();
    }
}
