package dev.ura.trace.agentlog;

import dev.ura.trace.io.Progress;
import dev.ura.trace.io.TraceFiles;
import dev.ura.trace.io.TraceFormatException;
import dev.ura.trace.model.CallTable;
import dev.ura.trace.model.EventTable;
import dev.ura.trace.model.ThreadTrack;
import dev.ura.trace.model.Trace;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/** Test helpers: read logs from text, and dump what was read as comparable text. */
final class AgentLogs {
    private AgentLogs() {
    }

    /** The spec's example log (docs/agent-log-v1.md). */
    static String example() {
        try (InputStream in = AgentLogs.class.getResourceAsStream("example.jsonl")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Reads through {@link TraceFiles} (sniffing, gzip) as a user's file would be. */
    static Trace read(String text) throws TraceFormatException {
        return read(text.getBytes(StandardCharsets.UTF_8));
    }

    static Trace read(byte[] bytes) throws TraceFormatException {
        return TraceFiles.read("test.log", ByteBuffer.wrap(bytes), Progress.NONE);
    }

    /** Reads with the agent-log reader directly (no sniffing). */
    static Trace readDirect(byte[] bytes) throws TraceFormatException {
        return new AgentLogReader().read("test.log", ByteBuffer.wrap(bytes), Progress.NONE);
    }

    /** Threads, their calls and every event, one line each (line numbers left out). */
    static String dump(Trace trace) {
        StringBuilder sb = new StringBuilder();
        for (ThreadTrack t : trace.threads()) {
            sb.append("thread ").append(t.id()).append(' ').append(t.name()).append(t.main() ? " main" : "")
                    .append(" records=").append(t.records()).append('\n');
            CallTable c = t.calls();
            for (int i = 0; i < c.size(); i++) {
                sb.append("  ".repeat(c.depth(i) + 1)).append(trace.methods().get(c.method(i)).fullName())
                        .append(' ').append(c.start(i)).append("..").append(c.end(i)).append('\n');
            }
        }
        EventTable e = trace.events();
        for (int i = 0; i < e.size(); i++) {
            sb.append(e.kindName(i)).append(e.isInterval(i) ? " interval" : " instant")
                    .append(" thread=").append(e.thread(i)).append(' ').append(e.start(i)).append("..").append(e.end(i));
            append(sb, "id", e.identity(i));
            append(sb, "name", e.name(i));
            append(sb, "via", e.via(i));
            append(sb, "detail", e.detail(i));
            if (e.bytes(i) >= 0) {
                sb.append(" bytes=").append(e.bytes(i));
            }
            if (e.targetTid(i) >= 0) {
                sb.append(" target=").append(e.targetTid(i));
            }
            if (e.delayNs(i) > 0) {
                sb.append(" delayNs=").append(e.delayNs(i));
            }
            sb.append(" call=").append(e.call(i)).append('\n');
        }
        return sb.toString();
    }

    private static void append(StringBuilder sb, String key, String value) {
        if (value != null) {
            sb.append(' ').append(key).append('=').append(value);
        }
    }
}
