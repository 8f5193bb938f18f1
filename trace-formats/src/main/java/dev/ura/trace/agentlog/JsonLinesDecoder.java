package dev.ura.trace.agentlog;

import com.fasterxml.jackson.core.JsonParser;
import dev.ura.trace.io.Progress;

import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * Decodes a JSON Lines file line by line with the {@link FlatLineScanner}, and lends each line it
 * declines to the Jackson path of {@link JsonEventDecoder}, so odd lines get exactly the warnings
 * and repairs they always had.
 *
 * <p>Jackson words its warnings differently when a line comes to a parser already running (after a
 * good line) than to a fresh one (at the start or after a bad line), so the loan reproduces that:
 * when the previous line was good, Jackson restarts on it and replays it unused. It hands back after
 * an object that ends its line when the next line is one the scanner takes.
 *
 * <p>Lines are copied a window at a time from the (usually memory-mapped) buffer into a byte
 * array: scanning an array is much cheaper than per-byte buffer access.
 */
final class JsonLinesDecoder implements JsonEventDecoder.Handback {
    /** Bytes copied at a time. */
    private static final int WINDOW = 1 << 20;
    /** A line is decoded here only when this much of it fits the window (longer ones go to Jackson). */
    private static final int MIN_AHEAD = 1 << 16;
    private static final int PROGRESS_EVERY = 1 << 16;
    private static final int DECLINED = 0;
    private static final int DECODED = 1;
    private static final int BLANK = 2;

    private final ByteBuffer data;
    private final int limit;
    private final JsonLinesSource source;
    private final JsonEventDecoder fallback;
    private final FlatLineScanner scanner;
    private final AgentLogAssembler assembler;
    private final Progress progress;
    private final EventFields fields = new EventFields();
    private final byte[] window;
    /** File offset of {@code window[0]} and how many bytes it holds. */
    private int windowStart;
    private int windowLength;
    /** After {@link #decodeLine}: where the line's successor starts. */
    private int afterLine;

    JsonLinesDecoder(ByteBuffer data, JsonLinesSource source, JsonEventDecoder fallback, StringPool pool,
                     AgentLogAssembler assembler, Progress progress) {
        this.data = data;
        this.limit = data.limit();
        this.source = source;
        this.fallback = fallback;
        this.scanner = new FlatLineScanner(pool);
        this.assembler = assembler;
        this.progress = progress;
        this.window = new byte[Math.min(WINDOW, Math.max(0, limit - data.position()))];
    }

    /** Decodes every line of the source, from its current position. */
    void run() throws IOException {
        int count = 0;
        // The last line decoded here while a Jackson parser would still be running, or -1.
        int goodStart = -1;
        int goodLine = 0;
        while (source.next() < limit) {
            int p = source.next();
            int line = source.nextLine();
            int status = decodeLine(p);
            if (status == DECODED) {
                assembler.accept(fields, line);
                goodStart = p;
                goodLine = line;
            }
            if (status != DECLINED) {
                source.restartAt(afterLine, line + 1);
            } else if (goodStart < 0) {
                fallback.runUntil(source, this, 0);
            } else {
                source.restartAt(goodStart, goodLine);
                goodStart = -1;
                fallback.runUntil(source, this, 1);
            }
            if (++count % PROGRESS_EVERY == 0) {
                progress.update(source.next(), limit);
                progress.checkCancelled();
            }
        }
    }

    @Override
    public boolean takeOver(JsonParser parser) {
        int next = source.afterObjectLine(parser);
        if (next < 0 || next < limit && decodeLine(next) == DECLINED) {
            return false;
        }
        source.restartAt(next, source.lineAfterObject(parser));
        return true;
    }

    /** Decodes the line at {@code p} into {@link #fields} if the scanner takes it; sets {@link #afterLine}. */
    private int decodeLine(int p) {
        if (p < windowStart || p + MIN_AHEAD > windowStart + windowLength && windowStart + windowLength < limit) {
            fill(p);
        }
        byte[] w = window;
        int to = windowLength;
        boolean atEnd = windowStart + to == limit;
        int i = p - windowStart;
        while (i < to && (w[i] == ' ' || w[i] == '\t')) {
            i++;
        }
        int end;
        int status;
        if (i < to ? w[i] == '\n' || w[i] == '\r' : atEnd) {
            end = i;
            status = BLANK;
        } else {
            end = scanner.decode(w, i, to, atEnd, fields);
            status = end < 0 ? DECLINED : DECODED;
        }
        if (status != DECLINED) {
            afterLine = afterTerminator(windowStart + end);
        }
        return status;
    }

    private int afterTerminator(int end) {
        if (end >= limit) {
            return limit;
        }
        return window[end - windowStart] == '\r' && end + 1 < limit && byteAt(end + 1) == '\n' ? end + 2 : end + 1;
    }

    private byte byteAt(int offset) {
        int i = offset - windowStart;
        return i < windowLength ? window[i] : data.get(offset);
    }

    private void fill(int from) {
        windowStart = from;
        windowLength = Math.min(window.length, limit - from);
        data.get(from, window, 0, windowLength);
    }
}
