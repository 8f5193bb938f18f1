package dev.ura.trace.agentlog;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * The agent's JSON payloads inside {@code adb logcat} output: lines of other tags and separators
 * are skipped, the agent's lines are cut at their first {@code {}, and the payloads reach one
 * Jackson parser as a virtual JSON Lines stream (payload, newline, payload, ...), so parser row
 * {@code r} is payload {@code r - 1} of the stream and maps back to its logcat line.
 */
final class LogcatSource implements PayloadSource {
    private final ByteBuffer data;
    private final int limit;
    private final LogcatFormat format;
    private final byte[] tag;
    private final LogcatLine line = new LogcatLine();
    private final PayloadTable table = new PayloadTable();

    private int scan;
    private int scanLine = 1;
    private boolean inAgentMessage;
    private long messagePid = -1;
    private long messageTid = -1;
    private long agentLines;

    /** First payload of the current parser, and where the next parser starts (MAX_VALUE: none). */
    private long streamFirst;
    private long next;

    LogcatSource(ByteBuffer data, LogcatFormat format, String tag) {
        this.data = data;
        this.limit = data.limit();
        this.format = format;
        this.tag = tag.getBytes(StandardCharsets.UTF_8);
        this.scan = data.position();
    }

    /** Lines that carried the agent's tag (or, without tags, a JSON message) so far. */
    long agentLines() {
        return agentLines;
    }

    @Override
    public JsonParser open(JsonFactory factory) throws IOException {
        if (next == Long.MAX_VALUE || next >= table.added() && !scanOne()) {
            return null;
        }
        streamFirst = next;
        next = Long.MAX_VALUE;
        return factory.createParser(new PayloadStream(streamFirst));
    }

    @Override
    public int lineOf(int row, EventFields fields) {
        long payload = payloadOf(row);
        fields.prefixPid = table.pid(payload);
        fields.prefixTid = table.tid(payload);
        return table.line(payload);
    }

    @Override
    public void skipAfter(int row) {
        next = payloadOf(row) + 1;
        table.release(next);
    }

    @Override
    public void release(int row) {
        table.release(streamFirst + row - 1);
    }

    @Override
    public long position(JsonParser parser) {
        return scan;
    }

    private long payloadOf(int row) {
        return Math.max(streamFirst, Math.min(table.added() - 1, streamFirst + row - 1));
    }

    /** Scans lines until one more payload is found; false at the end of the file. */
    private boolean scanOne() {
        while (scan < limit) {
            int s = scan;
            int end = ByteText.lineEnd(data, s, limit);
            int e = ByteText.trimCr(data, s, end);
            int lineNumber = scanLine++;
            scan = Math.min(limit, end + 1);
            if (format == LogcatFormat.LONG ? longLine(s, e, lineNumber) : shortLine(s, e, lineNumber)) {
                return true;
            }
        }
        return false;
    }

    private boolean shortLine(int s, int e, int lineNumber) {
        if (LogcatFormat.isSeparator(data, s, e) || !line.parse(format, data, s, e)) {
            return false;
        }
        if (format.tagged()) {
            if (!line.tagIs(data, tag)) {
                return false;
            }
            agentLines++;
            return addPayload(line.msgStart, line.msgEnd, lineNumber, line.pid, line.tid);
        }
        int p = line.msgStart;
        while (p < line.msgEnd && data.get(p) == ' ') {
            p++;
        }
        if (p == line.msgEnd || data.get(p) != '{') {
            return false;
        }
        agentLines++;
        return addPayload(p, line.msgEnd, lineNumber, line.pid, line.tid);
    }

    /** {@code long}: a header line, then the message lines up to a blank line. */
    private boolean longLine(int s, int e, int lineNumber) {
        if (line.parse(LogcatFormat.LONG, data, s, e)) {
            inAgentMessage = line.tagIs(data, tag);
            messagePid = line.pid;
            messageTid = line.tid;
            return false;
        }
        if (ByteText.isBlank(data, s, e)) {
            inAgentMessage = false;
            return false;
        }
        if (!inAgentMessage) {
            return false;
        }
        agentLines++;
        return addPayload(s, e, lineNumber, messagePid, messageTid);
    }

    private boolean addPayload(int from, int to, int lineNumber, long pid, long tid) {
        int brace = ByteText.indexOf(data, from, to, (byte) '{');
        if (brace < 0) {
            return false;
        }
        table.add(brace, to, lineNumber, pid, tid);
        return true;
    }

    /** Payloads from a given one on, each followed by a newline. */
    private final class PayloadStream extends InputStream {
        private long payload;
        private int offset;

        PayloadStream(long first) {
            this.payload = first;
        }

        @Override
        public int read() {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
        }

        @Override
        public int read(byte[] b, int off, int len) {
            int n = 0;
            while (n < len) {
                if (payload >= table.added() && !scanOne()) {
                    break;
                }
                int s = table.start(payload) + offset;
                int e = table.end(payload);
                if (s < e) {
                    int k = Math.min(len - n, e - s);
                    data.get(s, b, off + n, k);
                    sanitize(b, off + n, k);
                    offset += k;
                    n += k;
                } else {
                    b[off + n++] = '\n';
                    payload++;
                    offset = 0;
                }
            }
            return n == 0 && len > 0 ? -1 : n;
        }

        /**
         * A lone CR would count as a row and shift every line number after it, and a NUL could make
         * Jackson guess UTF-16/32; neither belongs in JSON, so both become bytes Jackson rejects or
         * skips in the same place (a space, and the control character 0x01).
         */
        private void sanitize(byte[] b, int from, int count) {
            for (int i = from, end = from + count; i < end; i++) {
                if (b[i] == '\r') {
                    b[i] = ' ';
                } else if (b[i] == 0) {
                    b[i] = 1;
                }
            }
        }
    }
}
