package dev.ura.trace.ftrace;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.Inflater;

/**
 * A second, deliberately plain reading of ftrace text for the reader-count tests: regular
 * expressions over whole lines, with none of the reader's code. It finds the text in a file
 * (plain, after {@code TRACE:}, zlib after {@code TRACE:}, modern or legacy systrace HTML) and
 * counts event lines, threads (every tid above 0 named by a line's task column, a switch's
 * prev/next pid or a wakeup's pid), {@code sched_wakeup} lines, and atrace {@code B} markers
 * (all of them, and those an {@code E} on the same thread closes, matched in file order), and the
 * first and last event time (catapult's closing {@code trace_event_clock_sync} placeholder at time 0 aside).
 */
final class PlainFtraceCounter {
    private static final Pattern EVENT = Pattern.compile(
            "^\\s*(.*?)-(\\d+)\\s+(?:\\(\\s*[-\\d]*\\)\\s+)?\\[(\\d+)\\]\\s+(?:\\S+\\s+)?(\\d+\\.\\d+):\\s+([^:]+):\\s?(.*)$");
    private static final Pattern PIDS = Pattern.compile("(?:^|\\s)(?:prev_pid|next_pid|pid)=(\\d+)");

    int eventLines;
    int wakeupLines;
    /** {@code sched_waking} lines (a capture with both forms writes one of each per wake). */
    int wakingLines;
    int bMarkers;
    int bPaired;
    long firstNs = Long.MAX_VALUE;
    long lastNs = Long.MIN_VALUE;
    /** Event lines whose time is before the previous event line's (the clock going back). */
    int stepsBack;
    private long lastLineNs = Long.MIN_VALUE;
    final Set<Long> threads = new HashSet<>();
    final Map<Long, Integer> bPerThread = new TreeMap<>();

    static PlainFtraceCounter of(Path file) throws IOException {
        PlainFtraceCounter c = new PlainFtraceCounter();
        Map<Long, ArrayDeque<Boolean>> open = new HashMap<>();
        for (String line : text(Files.readAllBytes(file)).split("\n")) {
            Matcher m = EVENT.matcher(line.replace("\r", ""));
            if (line.startsWith("#") || !m.matches()) {
                continue;
            }
            c.eventLines++;
            long tid = Long.parseLong(m.group(2));
            String event = m.group(5).trim();
            String args = m.group(6);
            long ns = ns(m.group(4));
            if (ns != 0 || !args.startsWith("trace_event_clock_sync")) {
                if (c.lastLineNs != Long.MIN_VALUE && ns < c.lastLineNs) {
                    c.stepsBack++;
                }
                c.lastLineNs = ns;
                c.firstNs = Math.min(c.firstNs, ns);
                c.lastNs = Math.max(c.lastNs, ns);
            }
            if (tid > 0) {
                c.threads.add(tid);
            }
            if (event.startsWith("sched_")) {
                Matcher p = PIDS.matcher(args);
                while (p.find()) {
                    long t = Long.parseLong(p.group(1));
                    if (t > 0) {
                        c.threads.add(t);
                    }
                }
            }
            if (event.equals("sched_wakeup")) {
                c.wakeupLines++;
            } else if (event.equals("sched_waking")) {
                c.wakingLines++;
            }
            if (event.equals("tracing_mark_write") || event.equals("0") || event.equals("print")) {
                if (args.startsWith("B|")) {
                    c.bMarkers++;
                    c.bPerThread.merge(tid, 1, Integer::sum);
                    open.computeIfAbsent(tid, k -> new ArrayDeque<>()).push(true);
                } else if (args.equals("E") || args.startsWith("E|")) {
                    ArrayDeque<Boolean> s = open.get(tid);
                    if (s != null && !s.isEmpty()) {
                        s.pop();
                        c.bPaired++;
                    }
                }
            }
        }
        return c;
    }

    /** "50260.767491" (seconds, any number of decimals) in ns. */
    private static long ns(String seconds) {
        int dot = seconds.indexOf('.');
        String frac = (seconds.substring(dot + 1) + "000000000").substring(0, 9);
        return Long.parseLong(seconds.substring(0, dot)) * 1_000_000_000L + Long.parseLong(frac);
    }

    private static String text(byte[] raw) throws IOException {
        String s = new String(raw, StandardCharsets.ISO_8859_1);
        // Markers count only at the start of a line: newer trace viewers quote both inside their JavaScript.
        Matcher legacyAt = Pattern.compile("(?m)^\\s*var linuxPerfData = \"").matcher(s);
        int legacy = legacyAt.find() ? legacyAt.end() : -1;
        if (s.stripLeading().toLowerCase().startsWith("<!doctype html") && legacy >= 0) {
            int end = s.indexOf("\";", legacy);
            String body = s.substring(legacy,
                    end >= 0 ? end : s.indexOf("</script>", legacy)); // trappy's cut-down file never closes it
            return body.replace("\\\n", "").replace("\\n", "\n");
        }
        Matcher part = Pattern.compile("(?m)^\\s*<script class=\"trace-data\"[^>]*>(.*?)</script>", Pattern.DOTALL).matcher(s);
        while (part.find()) {
            if (part.group(1).contains("# tracer")) {
                return part.group(1);
            }
        }
        int trace = s.indexOf("TRACE:\n");
        if (trace >= 0 && trace < 4096) {
            int body = trace + "TRACE:\n".length();
            if ((raw[body] & 0xFF) == 0x78) {
                Inflater inf = new Inflater();
                inf.setInput(raw, body, raw.length - body);
                java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
                byte[] buf = new byte[65536];
                try {
                    while (!inf.finished()) {
                        int k = inf.inflate(buf);
                        if (k == 0 && inf.needsInput()) {
                            break;
                        }
                        out.write(buf, 0, k);
                    }
                } catch (java.util.zip.DataFormatException e) {
                    throw new IOException(e);
                }
                return out.toString(StandardCharsets.ISO_8859_1);
            }
            return s.substring(body);
        }
        return s;
    }
}
