package dev.ura.trace.ftrace;

import dev.ura.trace.io.Progress;
import dev.ura.trace.io.InflationLimit;
import dev.ura.trace.io.TraceFormatException;
import dev.ura.trace.io.TraceReader;
import dev.ura.trace.model.Trace;
import dev.ura.trace.system.SystemTraceBuilder;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Reads ftrace / atrace / systrace text into the system-trace model: scheduler switches and
 * wakings, task creation and renames, atrace slices, counters and async slices, binder. Times are
 * the text's seconds on the kernel trace clock (BOOTTIME for Android's atrace).
 */
public final class FtraceTextReader implements TraceReader {
    /** Upper bound for an {@code atrace -z} stream inflated in memory (the same ceiling as gzip). */
    private static final long INFLATE_LIMIT = InflationLimit.CEILING;

    @Override
    public String formatName() {
        return "systrace";
    }

    @Override
    public boolean canRead(byte[] head) {
        return SystraceContainer.sniff(head);
    }

    @Override
    public Trace read(String source, ByteBuffer data, Progress progress) throws TraceFormatException {
        SystraceContainer.Text text = SystraceContainer.extract(source, data, INFLATE_LIMIT);
        SystemTraceBuilder b = new SystemTraceBuilder();
        long events = parse(b, text, progress);
        if (events == 0) {
            throw TraceFormatException.ofFile(source, "no ftrace event lines (expected lines like "
                    + "'<comm>-<tid> [<cpu>] <sec>.<usec>: <event>: ...')", null);
        }
        Map<String, String> props = new LinkedHashMap<>();
        props.put("ftrace.events", Long.toString(events));
        return b.build(source, "systrace", text.kind().name().toLowerCase(Locale.ROOT).replace('_', '-'), props);
    }

    private static long parse(SystemTraceBuilder b, SystraceContainer.Text text, Progress progress) {
        byte[] bytes = text.bytes();
        int end = text.offset() + text.length();
        FtraceLine line = new FtraceLine();
        long events = 0;
        long lineNo = 0;
        long bad = 0;
        int overwritten = 0;
        int p = text.offset();
        while (p < end) {
            int nl = p;
            while (nl < end && bytes[nl] != '\n') {
                nl++;
            }
            int to = nl > p && bytes[nl - 1] == '\r' ? nl - 1 : nl;
            lineNo++;
            if (to > p) {
                byte first = bytes[p];
                if (first == '#') {
                    if (startsWith(bytes, p, to, "##### CPU")) {
                        overwritten++;
                    }
                } else {
                    String s = new String(bytes, p, to - p, StandardCharsets.UTF_8);
                    if (line.parse(s)) {
                        events++;
                        if (!FtraceEvents.apply(b, line)) {
                            b.count("event lines whose arguments do not parse (skipped)");
                        }
                    } else if (!s.isBlank() && !s.startsWith("cpus=")) {
                        if (bad++ < 5) {
                            b.warn("line " + lineNo + ": not an ftrace event line (skipped): " + clip(s));
                        } else {
                            b.count("more lines that are not ftrace events (skipped)");
                        }
                    }
                }
            }
            if ((lineNo & 0x3FFF) == 0) {
                progress.update(p - text.offset(), text.length());
                progress.checkCancelled();
            }
            p = nl + 1;
        }
        if (overwritten > 0) {
            b.warn(overwritten + " CPU buffers had overwritten older events ('##### CPU n buffer started'): "
                    + "the start of the trace may be incomplete");
        }
        return events;
    }

    private static boolean startsWith(byte[] b, int from, int to, String prefix) {
        if (to - from < prefix.length()) {
            return false;
        }
        for (int i = 0; i < prefix.length(); i++) {
            if (b[from + i] != prefix.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    private static String clip(String s) {
        return s.length() > 80 ? s.substring(0, 80) + "…" : s;
    }
}
