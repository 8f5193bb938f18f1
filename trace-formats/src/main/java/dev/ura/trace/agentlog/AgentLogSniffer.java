package dev.ura.trace.agentlog;

import java.nio.ByteBuffer;

/**
 * Recognises an agent log by its first lines: JSON objects with a {@code "kind"} or {@code "ts"}
 * field, or {@code adb logcat} lines.
 *
 * <p>A logcat head is accepted when one of its lines carries a JSON message, and also when every
 * complete line of it is logcat output: a full {@code logcat -d} dump often starts with kilobytes
 * of other tags before the agent's first line, and no other reader claims logcat text, so it is
 * better to read it and say "no line with the agent's tag" than "unknown format".
 */
final class AgentLogSniffer {
    private AgentLogSniffer() {
    }

    /** Whether the first non-blank byte (after a UTF-8 byte order mark) opens a JSON object. */
    static boolean startsWithJson(ByteBuffer d) {
        int p = firstContent(d, d.limit());
        return p < d.limit() && d.get(p) == '{';
    }

    static boolean looksLikeAgentLog(ByteBuffer head) {
        int limit = head.limit();
        int p = firstContent(head, limit);
        if (p >= limit) {
            return false;
        }
        if (head.get(p) == '{') {
            int end = ByteText.lineEnd(head, p, limit);
            return hasEventField(head, p, end);
        }
        return looksLikeLogcat(head, p, limit);
    }

    private static boolean looksLikeLogcat(ByteBuffer head, int from, int limit) {
        LogcatFormat format = LogcatFormat.detect(head, from, limit);
        LogcatLine line = new LogcatLine();
        int candidates = 0;
        int parsed = 0;
        boolean json = false;
        boolean separator = false;
        for (int p = from; p < limit; ) {
            int end = ByteText.lineEnd(head, p, limit);
            if (end == limit && candidates > 0) {
                break; // the head cut this line short
            }
            int e = ByteText.trimCr(head, p, end);
            if (LogcatFormat.isSeparator(head, p, e)) {
                separator = true;
            } else if (!ByteText.isBlank(head, p, e)) {
                candidates++;
                if (line.parse(format, head, p, e)) {
                    parsed++;
                    int m = line.msgStart;
                    while (m < line.msgEnd && head.get(m) == ' ') {
                        m++;
                    }
                    json |= format != LogcatFormat.LONG && m < line.msgEnd && head.get(m) == '{'
                            && hasEventField(head, m, line.msgEnd);
                } else if (format == LogcatFormat.LONG) {
                    json |= head.get(p) == '{' && hasEventField(head, p, e);
                }
            }
            p = end + 1;
        }
        if (format == LogcatFormat.RAW) {
            return separator && json;
        }
        return parsed > 0 && (json || format != LogcatFormat.LONG && parsed == candidates);
    }

    private static boolean hasEventField(ByteBuffer d, int from, int to) {
        return ByteText.contains(d, from, to, "\"kind\"") || ByteText.contains(d, from, to, "\"ts\"");
    }

    private static int firstContent(ByteBuffer d, int limit) {
        int p = d.position();
        if (limit - p >= 3 && (d.get(p) & 0xFF) == 0xEF && (d.get(p + 1) & 0xFF) == 0xBB
                && (d.get(p + 2) & 0xFF) == 0xBF) {
            p += 3;
        }
        while (p < limit) {
            byte b = d.get(p);
            if (b != ' ' && b != '\t' && b != '\r' && b != '\n') {
                break;
            }
            p++;
        }
        return p;
    }
}
