package dev.ura.app.cli;

import java.io.FilterWriter;
import java.io.IOException;
import java.io.Writer;

/**
 * The process's standard output as text that cannot drive a terminal or hide what it says: names
 * in a trace (methods, slices, threads, views) come from the file, and a hostile one could carry
 * ESC sequences that retitle, recolour or rewrite the user's terminal, a carriage return that
 * overwrites the start of its line ({@code EVIL\rSAFE} shows as {@code SAFE}), a line separator
 * or a bidi override (U+202E) that reorders what is shown. Every control character but newline
 * and tab, every carriage return not followed by a newline, U+2028/U+2029 and the bidi controls
 * U+202A–U+202E and U+2066–U+2069 are written as visible escapes ({@code \x1b}, {@code \x0d},
 * {@code &#92;u202e}), as {@link dev.ura.trace.util.OneLine} does for error lines. JSON, CSV and DOT
 * output never contain them raw, so they pass unchanged.
 */
final class TerminalSafeWriter extends FilterWriter {
    /** A carriage return waiting to see whether a newline follows (CRLF ends a line on Windows). */
    private boolean pendingCr;

    TerminalSafeWriter(Writer out) {
        super(out);
    }

    @Override
    public void write(int c) throws IOException {
        char ch = (char) c;
        write(new char[]{ch}, 0, 1);
    }

    @Override
    public void write(char[] buf, int off, int len) throws IOException {
        write(new String(buf, off, len), 0, len);
    }

    @Override
    public void write(String s, int off, int len) throws IOException {
        int clean = off;
        int end = off + len;
        for (int i = off; i < end; i++) {
            char c = s.charAt(i);
            if (pendingCr) {
                pendingCr = false;
                out.write(c == '\n' ? "\r" : escape('\r'));
            }
            if (c == '\r' || isUnsafe(c)) {
                out.write(s, clean, i - clean);
                if (c == '\r') {
                    pendingCr = true;
                } else {
                    out.write(escape(c));
                }
                clean = i + 1;
            }
        }
        out.write(s, clean, end - clean);
    }

    @Override
    public void flush() throws IOException {
        settleCr();
        super.flush();
    }

    @Override
    public void close() throws IOException {
        settleCr();
        super.close();
    }

    /** A carriage return with nothing after it yet is a lone one: shown escaped. */
    private void settleCr() throws IOException {
        if (pendingCr) {
            pendingCr = false;
            out.write(escape('\r'));
        }
    }

    /** Characters always escaped (a carriage return is judged by what follows it). */
    static boolean isUnsafe(char c) {
        return (c < 0x20 && c != '\n' && c != '\t' && c != '\r') || (c >= 0x7f && c <= 0x9f)
                || c == '\u2028' || c == '\u2029' || (c >= '\u202a' && c <= '\u202e') || (c >= '\u2066' && c <= '\u2069');
    }

    private static String escape(char c) {
        if (c < 0x100) {
            return "\\x" + Character.forDigit(c >> 4, 16) + Character.forDigit(c & 0xF, 16);
        }
        return String.format("\\u%04x", (int) c);
    }
}
