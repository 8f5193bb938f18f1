package dev.ura.trace.ftrace;

import dev.ura.trace.system.SystemTraceBuilder;

import java.nio.charset.StandardCharsets;

/**
 * The lines of ftrace text applied to a builder: comments and {@code ##### CPU n buffer started}
 * markers, event lines (each one extends the trace, whatever its event), and lines that are not
 * events (the first five quoted, the rest counted). ftrace prints the CPU buffers merged by time,
 * so the text's clock never goes back; where it does (buffers from different boots or clocks glued
 * together, a hand-edited file), each step back is reported with its line and size, and the events
 * are still put in time order.
 */
final class EventLines implements LineStream.Sink {
    private static final int LISTED = 5;

    private final SystemTraceBuilder b;
    private final FtraceLine line = new FtraceLine();
    /** Comms and states, interned by their bytes: the same few hundred repeat on every line. */
    private final ByteStrings strings = new ByteStrings();
    private final ArgIndex args = new ArgIndex();
    private long events;
    private long bad;
    private int overwritten;
    private long lastTs = Long.MIN_VALUE;
    private long lastLine;
    private long backSteps;
    private long maxBackNs;

    EventLines(SystemTraceBuilder b) {
        this.b = b;
    }

    @Override
    public void line(byte[] bytes, int from, int to, long lineNo) {
        if (to <= from) {
            return;
        }
        if (bytes[from] == '#') {
            if (HtmlSections.startsWith(bytes, from, to, "##### CPU")) {
                overwritten++;
            }
            return;
        }
        if (!line.parse(bytes, from, to)) {
            // Rare: only now is the line made text, for the warning.
            String s = new String(bytes, from, to - from, StandardCharsets.UTF_8);
            if (!s.isBlank() && !s.startsWith("cpus=")) {
                if (bad++ < LISTED) {
                    b.warn("line " + lineNo + ": not an ftrace event line (skipped): " + clip(s));
                } else {
                    b.count("more lines that are not ftrace events (skipped)");
                }
            }
            return;
        }
        events++;
        // catapult closes every legacy capture with "dummy-0000 [000] 0.0: 0: trace_event_clock_sync:
        // parent_ts=0.0": a placeholder at time 0, not an event of the capture.
        boolean placeholder = line.tsNs == 0
                && ArgBytes.startsWith(bytes, line.argsFrom, line.argsTo, "trace_event_clock_sync");
        if (!placeholder) {
            b.eventTime(line.tsNs);
            clock(lineNo);
        }
        if (!FtraceEvents.apply(b, line, strings, args)) {
            b.count("event lines whose arguments do not parse (skipped)");
        }
    }

    private void clock(long lineNo) {
        long ts = line.tsNs;
        if (lastTs != Long.MIN_VALUE && ts < lastTs) {
            long back = lastTs - ts;
            if (backSteps++ < LISTED) {
                b.warn(String.format("line %d: the clock goes back %s (from %s s at line %d to %s s); events are "
                        + "put in time order", lineNo, ago(back), seconds(lastTs), lastLine, seconds(ts)));
            }
            maxBackNs = Math.max(maxBackNs, back);
        }
        lastTs = ts; // against the previous line: a clock that restarts is one step back, not thousands
        lastLine = lineNo;
    }

    /** Ends the text: summary warnings; returns the event lines read. */
    long finish() {
        if (backSteps > LISTED) {
            b.warn((backSteps - LISTED) + " more lines where the clock goes back (at most " + ago(maxBackNs) + ")");
        }
        if (overwritten > 0) {
            b.warn(overwritten + " CPU buffers had overwritten older events ('##### CPU n buffer started'): "
                    + "the start of the trace may be incomplete");
        }
        return events;
    }

    private static String seconds(long ns) {
        return String.format("%d.%06d", ns / 1_000_000_000L, ns % 1_000_000_000L / 1_000);
    }

    private static String ago(long ns) {
        return ns >= 1_000_000 ? String.format("%.3f ms", ns / 1e6) : String.format("%.3f µs", ns / 1e3);
    }

    private static String clip(String s) {
        return s.length() > 80 ? s.substring(0, 80) + "…" : s;
    }
}
