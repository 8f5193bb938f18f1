package dev.ura.trace.agentlog;

import dev.ura.trace.io.Progress;
import dev.ura.trace.io.TraceFormatException;
import dev.ura.trace.io.TraceReader;
import dev.ura.trace.model.EventTable;
import dev.ura.trace.model.Trace;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Reads agent logs (docs/agent-log-v1.md): JSON Lines (variant {@code jsonl}) or the same
 * lines wrapped in {@code adb logcat} output (variant {@code logcat}, any {@code -v} format and
 * modifier; only lines with the agent's tag count).
 *
 * <p>The agent's logcat tag is {@value #DEFAULT_TAG} unless the system property
 * {@value #TAG_PROPERTY} names another (e.g. {@code -Dura.agentlog.tag=MyAgent}), or a reader is
 * built with {@link #AgentLogReader(String)}.
 *
 * <p>Bad lines are skipped with a warning naming their line; a file without a single valid event
 * is a {@link TraceFormatException} naming the first bad line. Unknown kinds are kept. The metadata
 * carries the META line's version (1 without one) and fields, the pid of the logcat prefix, and
 * for logcat the properties {@code logcat.format} and {@code logcat.tag}.
 */
public final class AgentLogReader implements TraceReader {
    /** The tag an agent logs under unless configured otherwise. */
    public static final String DEFAULT_TAG = "URA";
    /** System property that overrides {@link #DEFAULT_TAG}. */
    public static final String TAG_PROPERTY = "ura.agentlog.tag";
    /** How much of the file the logcat format is decided on. */
    private static final int DETECT_BYTES = 1 << 16;
    /**
     * {@code -Dura.agentlog.fastpath=false} reads JSON Lines with Jackson's streaming parser alone.
     * By default plain flat lines go through {@link FlatLineScanner} (about 1.5x faster) and every
     * other line, and every error, through Jackson; {@code JsonLinesDecoderTest} checks that both
     * ways give the same trace.
     */
    static final boolean FLAT_LINE_FAST_PATH = !"false".equals(System.getProperty("ura.agentlog.fastpath"));

    private final String tag;

    /** A reader for the tag in {@value #TAG_PROPERTY}, else {@value #DEFAULT_TAG} (the service constructor). */
    public AgentLogReader() {
        this(System.getProperty(TAG_PROPERTY, DEFAULT_TAG));
    }

    /** A reader whose logcat lines carry {@code tag}. */
    public AgentLogReader(String tag) {
        if (tag == null || tag.isBlank()) {
            throw new IllegalArgumentException("agent tag must not be blank");
        }
        this.tag = tag.strip();
    }

    @Override
    public String formatName() {
        return "agent-log";
    }

    @Override
    public boolean canRead(byte[] head) {
        return AgentLogSniffer.looksLikeAgentLog(ByteBuffer.wrap(head));
    }

    @Override
    public Trace read(String source, ByteBuffer data, Progress progress) throws TraceFormatException {
        Reading first = new Reading(source, data.slice(), progress, null);
        first.run();
        if (first.assembler.outOfOrderLines() == 0) {
            return first.build();
        }
        // Rare: some thread's lines are not in time order. Read again, keeping the lines, and
        // build from them sorted (the stream cannot be sorted as it goes).
        Reading sorted = new Reading(source, data.slice(), progress, first.assembler);
        sorted.run();
        return sorted.build();
    }

    /** One pass over the log. */
    private final class Reading {
        private final String source;
        private final ByteBuffer d;
        private final Progress progress;
        private final int limit;
        private final Warnings warnings = new Warnings();
        private final AgentLogAssembler assembler;
        private final JsonEventDecoder decoder;
        private final Map<String, String> properties = new LinkedHashMap<>();
        private String variant;
        private PayloadSource payloads;
        private JsonLinesDecoder lines;

        Reading(String source, ByteBuffer d, Progress progress, AgentLogAssembler unsorted) {
            this.source = source;
            this.d = d;
            this.progress = progress;
            this.limit = d.limit();
            boolean jsonLines = AgentLogSniffer.startsWithJson(d);
            // Room for the events at a typical line length (JSON Lines ~100 bytes, logcat with its prefix
            // and other tags' lines ~160), so the columns rarely grow; growth beyond is automatic.
            EventTable.Builder events = new EventTable.Builder(limit / (jsonLines ? 96 : 160));
            StringPool pool = new StringPool(events);
            assembler = unsorted == null ? new AgentLogAssembler(pool, events, warnings)
                    : AgentLogAssembler.sorting(pool, events, warnings, unsorted);
            decoder = new JsonEventDecoder(pool, assembler, warnings, progress, limit);
            if (jsonLines) {
                variant = "jsonl";
                if (FLAT_LINE_FAST_PATH) {
                    lines = new JsonLinesDecoder(d, new JsonLinesSource(d, warnings), decoder, pool, assembler, progress);
                } else {
                    payloads = new JsonLinesSource(d, warnings);
                }
            } else {
                variant = "logcat";
                LogcatFormat format = LogcatFormat.detect(d, 0, Math.min(limit, DETECT_BYTES));
                payloads = new LogcatSource(d, format, tag);
                properties.put("logcat.format", format.label());
                if (format.tagged()) {
                    properties.put("logcat.tag", tag);
                }
            }
        }

        void run() throws TraceFormatException {
            try {
                if (lines != null) {
                    lines.run();
                } else {
                    decoder.run(payloads);
                }
            } catch (IOException e) {
                // The sources read memory, not files; Jackson declares IOException for its own errors.
                throw TraceFormatException.ofFile(source, "cannot read: " + e.getMessage(), e);
            }
            progress.update(limit, limit);
        }

        Trace build() throws TraceFormatException {
            if (assembler.eventCount() == 0) {
                throw noEvents(source, warnings, payloads instanceof LogcatSource l ? l : null,
                        properties.get("logcat.tag"));
            }
            return assembler.build(source, variant, properties);
        }
    }

    private static TraceFormatException noEvents(String source, Warnings warnings, LogcatSource logcat,
                                                 String tag) {
        if (warnings.firstBadLine() > 0) {
            return TraceFormatException.atLine(source, warnings.firstBadLine(), warnings.firstBadProblem()
                    + " (and no valid agent-log event in the file)");
        }
        if (logcat != null && logcat.agentLines() == 0) {
            return TraceFormatException.ofFile(source, tag != null
                    ? "no logcat line with the agent's tag " + tag + " (set -D" + TAG_PROPERTY + "=TAG for another)"
                    : "no logcat line holds an agent-log event", null);
        }
        return TraceFormatException.ofFile(source, "no agent-log event (only META/THREAD lines)", null);
    }
}
