package dev.ura.app.cli;

import java.io.FilterWriter;
import java.io.IOException;
import java.io.Writer;

/**
 * The process's standard output as text that cannot drive a terminal: names in a trace (methods,
 * slices, threads, views) come from the file, and a hostile one could carry ESC sequences that
 * retitle, recolour or rewrite the user's terminal when {@code ura analyze} prints them. Every
 * control character but newline, carriage return and tab is written as a visible escape
 * ({@code \x1b}, {@code \x9b}), as {@link dev.ura.trace.util.OneLine} does for error lines. JSON,
 * CSV and DOT output never contain raw control characters, so they pass unchanged.
 */
final class TerminalSafeWriter extends FilterWriter {
    TerminalSafeWriter(Writer out) {
        super(out);
    }

    @Override
    public void write(int c) throws IOException {
        if (isUnsafe((char) c)) {
            out.write(escape((char) c));
        } else {
            out.write(c);
        }
    }

    @Override
    public void write(char[] buf, int off, int len) throws IOException {
        int clean = off;
        int end = off + len;
        for (int i = off; i < end; i++) {
            if (isUnsafe(buf[i])) {
                out.write(buf, clean, i - clean);
                out.write(escape(buf[i]));
                clean = i + 1;
            }
        }
        out.write(buf, clean, end - clean);
    }

    @Override
    public void write(String s, int off, int len) throws IOException {
        int clean = off;
        int end = off + len;
        for (int i = off; i < end; i++) {
            if (isUnsafe(s.charAt(i))) {
                out.write(s, clean, i - clean);
                out.write(escape(s.charAt(i)));
                clean = i + 1;
            }
        }
        out.write(s, clean, end - clean);
    }

    static boolean isUnsafe(char c) {
        return (c < 0x20 && c != '\n' && c != '\r' && c != '\t') || (c >= 0x7f && c <= 0x9f);
    }

    private static String escape(char c) {
        return "\\x" + Character.forDigit(c >> 4, 16) + Character.forDigit(c & 0xF, 16);
    }
}
