package dev.ura.trace.agentlog;

import java.nio.ByteBuffer;

/**
 * The {@code adb logcat -v} output formats (AOSP {@code android_log_formatLogLine}); every time
 * modifier ({@code usec}, {@code nsec}, {@code year}, {@code zone}, {@code epoch},
 * {@code monotonic}) and {@code uid} is accepted by each format that prints a time or ids.
 */
enum LogcatFormat {
    /** {@code time pid tid P tag: msg} (the default since Android 7). */
    THREADTIME("threadtime", true),
    /** {@code time P/tag(pid): msg}. */
    TIME("time", true),
    /** {@code P/tag(pid): msg}. */
    BRIEF("brief", true),
    /** {@code [ time pid:tid P/tag ]}, then the message lines, then a blank line. */
    LONG("long", true),
    /** {@code P(pid) msg  (tag)}. */
    PROCESS("process", true),
    /** {@code P(pid:tid) msg}: no tag, so every message starting with a brace is taken. */
    THREAD("thread", false),
    /** The message only: no tag either. */
    RAW("raw", false);

    /** Lines looked at to decide the format. */
    private static final int DETECT_LINES = 200;

    private final String label;
    private final boolean tagged;

    LogcatFormat(String label, boolean tagged) {
        this.label = label;
        this.tagged = tagged;
    }

    /** The {@code -v} name. */
    String label() {
        return label;
    }

    /** Whether lines name their tag (so other tags can be told apart). */
    boolean tagged() {
        return tagged;
    }

    /** Whether a line is the {@code --------- beginning of main} kind of separator. */
    static boolean isSeparator(ByteBuffer d, int start, int end) {
        return ByteText.startsWith(d, start, end, "--------- ");
    }

    /**
     * The format most of the first lines of {@code [from, to)} are in; {@link #RAW} when none fits.
     * Blank lines and separators are not counted. Ties go to the earlier constant.
     */
    static LogcatFormat detect(ByteBuffer d, int from, int to) {
        LogcatFormat[] formats = values();
        int[] hits = new int[formats.length];
        LogcatLine line = new LogcatLine();
        int p = from;
        for (int n = 0; n < DETECT_LINES && p < to; ) {
            int end = ByteText.lineEnd(d, p, to);
            int e = ByteText.trimCr(d, p, end);
            if (!ByteText.isBlank(d, p, e) && !isSeparator(d, p, e)) {
                n++;
                for (LogcatFormat f : formats) {
                    if (f != RAW && line.parse(f, d, p, e)) {
                        hits[f.ordinal()]++;
                    }
                }
            }
            p = end + 1;
        }
        LogcatFormat best = RAW;
        int bestHits = 0;
        for (LogcatFormat f : formats) {
            if (hits[f.ordinal()] > bestHits) {
                best = f;
                bestHits = hits[f.ordinal()];
            }
        }
        return best;
    }
}
