package dev.ura.trace.ftrace;

import dev.ura.trace.io.MappedInput;
import dev.ura.trace.io.Progress;
import dev.ura.trace.io.InflationLimit;
import dev.ura.trace.io.TraceFormatException;
import dev.ura.trace.io.TraceReader;
import dev.ura.trace.model.Trace;
import dev.ura.trace.system.SystemTraceBuilder;

import java.nio.ByteBuffer;
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
        return read(source, data, null, progress);
    }

    /**
     * Streams the text: plain text and HTML are read in chunks straight from the file (never the
     * whole file in the heap, nor its mapped pages kept resident); only {@code atrace -z} output is
     * inflated in memory first. The reading and splitting run on a second thread ({@link LineRelay}),
     * the lines' parsing and the builder on this one.
     */
    @Override
    public Trace read(String source, ByteBuffer data, MappedInput file, Progress progress) throws TraceFormatException {
        SystemTraceBuilder b = new SystemTraceBuilder();
        EventLines lines = new EventLines(b);
        SystraceContainer.Kind kind = SystraceContainer.kind(data);
        long n = data.remaining();
        ProcessDump dump = new ProcessDump(b);
        switch (kind) {
            case HTML -> {
                HtmlSections[] parts = new HtmlSections[1];
                LineRelay.run((f, d) -> {
                    parts[0] = new HtmlSections(f, d);
                    LineStream.read(data, file, 0, n, parts[0], progress);
                }, lines, dump);
                HtmlSections html = parts[0]; // read after the relay ended: it saw everything the reading thread wrote
                if (!html.ftraceSeen()) {
                    throw TraceFormatException.ofFile(source, "systrace HTML without ftrace text (no <script"
                            + " class=\"trace-data\"> part with '# tracer' and no linuxPerfData)", null);
                }
                kind = html.legacy() ? SystraceContainer.Kind.LEGACY_HTML : kind;
                if (html.endedInsideTrace()) {
                    // Read up to the end, as the text is line by line; but the capture may go on beyond it.
                    b.warn("the HTML ends inside its trace text (no closing " + (html.legacy() ? "quote of"
                            + " linuxPerfData" : "</script>") + "): the file may be cut short");
                }
                if (html.laterFtraceParts() > 0) {
                    // Only the first is read, as catapult's importer does: two ftrace parts are two
                    // captures of the same kernel buffers, not halves of one.
                    b.warn(html.laterFtraceParts() + " more ftrace part(s) in this HTML after the first were not read");
                }
            }
            case COMPRESSED -> {
                byte[] text = SystraceContainer.inflate(source, data, SystraceContainer.body(data), INFLATE_LIMIT);
                LineRelay.run((f, d) -> LineStream.read(ByteBuffer.wrap(text), null, 0, text.length, f, progress),
                        lines, dump);
            }
            default -> {
                long body = SystraceContainer.body(data);
                LineRelay.run((f, d) -> LineStream.read(data, file, body, n, f, progress), lines, dump);
            }
        }
        long events = lines.finish();
        if (events == 0) {
            throw TraceFormatException.ofFile(source, "no ftrace event lines (expected lines like "
                    + "'<comm>-<tid> [<cpu>] <sec>.<usec>: <event>: ...')", null);
        }
        Map<String, String> props = new LinkedHashMap<>();
        props.put("ftrace.events", Long.toString(events));
        if (dump.processes() + dump.threads() > 0) {
            props.put("process dump", dump.processes() + " processes, " + dump.threads() + " threads");
        }
        return b.build(source, "systrace", kind.name().toLowerCase(Locale.ROOT).replace('_', '-'), props);
    }

}
