package dev.ura.trace.agentlog;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;

/**
 * A JSON Lines file as one stream of root-level objects: one parser runs over the whole buffer and
 * only a syntax error makes it restart, at the line after the bad one.
 *
 * <p>Every parser starts at a line's {@code {} (after blanks), never at arbitrary bytes: Jackson
 * guesses the encoding from the first four bytes and would read NUL-rich garbage as UTF-16/32.
 * Lines that cannot start an object are reported here without a parser.
 */
final class JsonLinesSource implements PayloadSource {
    private final ByteBuffer data;
    private final int limit;
    private final Warnings warnings;
    /** Where the next parser may start, and the line there. */
    private int next;
    private int nextLine = 1;
    /** Where the current parser started, and its first line. */
    private int parserStart;
    private int parserLine;

    JsonLinesSource(ByteBuffer data, Warnings warnings) {
        this.data = data;
        this.limit = data.limit();
        this.warnings = warnings;
        this.next = data.position();
        if (limit - next >= 3 && (data.get(next) & 0xFF) == 0xEF && (data.get(next + 1) & 0xFF) == 0xBB
                && (data.get(next + 2) & 0xFF) == 0xBF) {
            next += 3; // UTF-8 byte order mark
        }
    }

    @Override
    public JsonParser open(JsonFactory factory) throws IOException {
        while (next < limit) {
            int p = next;
            byte b = data.get(p);
            while ((b == ' ' || b == '\t' || b == '\r' && p + 1 < limit && data.get(p + 1) == '\n') && ++p < limit) {
                b = data.get(p);
            }
            if (p == limit) {
                break;
            }
            if (b == '\n' || b == '\r') {
                next = p + 1;
                nextLine++;
                continue;
            }
            if (b == '{' && noNulNear(p)) {
                parserStart = p;
                parserLine = nextLine;
                next = limit;
                return data.hasArray()
                        ? factory.createParser(data.array(), data.arrayOffset() + p, limit - p)
                        : factory.createParser(new BufferStream(data, p, limit));
            }
            warnings.badLine(nextLine, b == '{' ? "NUL byte in line" : "not a JSON object (starts with "
                    + ByteText.describe(b) + ")");
            next = ByteText.afterLine(data, p, limit);
            nextLine++;
        }
        next = limit;
        return null;
    }

    /** Valid JSON has no raw NUL; one in the first four bytes would mislead encoding detection. */
    private boolean noNulNear(int p) {
        for (int i = p + 1; i < Math.min(limit, p + 4); i++) {
            if (data.get(i) == 0) {
                return false;
            }
        }
        return true;
    }

    @Override
    public int lineOf(int row, EventFields fields) {
        fields.prefixTid = -1;
        fields.prefixPid = -1;
        return parserLine + row - 1;
    }

    @Override
    public void skipAfter(int row) {
        // Rows count line breaks the way Jackson does (\n, \r\n and a lone \r), so walk the same way.
        int p = parserStart;
        for (int r = 1; r < row && p < limit; r++) {
            p = ByteText.afterLine(data, p, limit);
        }
        next = ByteText.afterLine(data, p, limit);
        nextLine = parserLine + row;
    }

    /** Where the next parser may start (a line start), and that line's number. */
    int next() {
        return next;
    }

    int nextLine() {
        return nextLine;
    }

    /** Makes the next {@link #open} start at {@code offset}, the start of line {@code line}. */
    void restartAt(int offset, int line) {
        next = offset;
        nextLine = line;
    }

    /**
     * Where the line after the object the parser just ended starts, or -1 when more than blanks
     * follow the object on its line.
     */
    int afterObjectLine(JsonParser parser) {
        int p = parserStart + (int) parser.currentLocation().getByteOffset();
        while (p < limit && (data.get(p) == ' ' || data.get(p) == '\t')) {
            p++;
        }
        if (p < limit && data.get(p) != '\n' && data.get(p) != '\r') {
            return -1;
        }
        return ByteText.afterLine(data, p, limit);
    }

    /** The number of the line after the one where the parser's current object ends. */
    int lineAfterObject(JsonParser parser) {
        return parserLine + parser.currentLocation().getLineNr();
    }

    @Override
    public void release(int row) {
        // The whole buffer stays mapped; there is nothing to let go.
    }

    @Override
    public long position(JsonParser parser) {
        return parserStart + parser.currentTokenLocation().getByteOffset();
    }

    /** Streams part of a (memory-mapped) buffer to Jackson without copying the whole of it. */
    static final class BufferStream extends InputStream {
        private final ByteBuffer buf;

        BufferStream(ByteBuffer data, int from, int to) {
            this.buf = data.duplicate();
            buf.limit(to).position(from);
        }

        @Override
        public int read() {
            return buf.hasRemaining() ? buf.get() & 0xFF : -1;
        }

        @Override
        public int read(byte[] b, int off, int len) {
            if (!buf.hasRemaining()) {
                return -1;
            }
            int n = Math.min(len, buf.remaining());
            buf.get(b, off, n);
            return n;
        }
    }
}
