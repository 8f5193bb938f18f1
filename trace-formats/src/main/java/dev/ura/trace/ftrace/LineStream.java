package dev.ura.trace.ftrace;

import dev.ura.trace.io.MappedInput;
import dev.ura.trace.io.Progress;

import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * The lines of a text read in 1 MiB chunks, never whole: from a mapped file by positional reads
 * (so its pages are not kept resident beside the model), or from bytes already in memory. Each
 * line goes to the sink as a byte range of a reused buffer, without its CR/LF; a line longer than
 * a chunk is carried over in a buffer that grows to fit it.
 */
final class LineStream {
    /** Receives lines; the bytes are valid only during the call. */
    interface Sink {
        void line(byte[] b, int from, int to, long lineNo);
    }

    private static final int CHUNK = 1 << 20;

    private LineStream() {
    }

    /** Streams {@code data[from, end)} ({@code file}: where it is mapped from, or null). */
    static void read(ByteBuffer data, MappedInput file, long from, long end, Sink sink, Progress progress) {
        byte[] chunk = new byte[(int) Math.min(CHUNK, Math.max(1, end - from))];
        byte[] carry = new byte[256];
        int carried = 0;
        long lineNo = 0;
        for (long pos = from; pos < end; ) {
            int n = (int) Math.min(chunk.length, end - pos);
            if (file != null) {
                file.read(pos, chunk, n);
            } else {
                data.get((int) pos, chunk, 0, n);
            }
            pos += n;
            int p = 0;
            while (p < n) {
                int nl = p;
                while (nl < n && chunk[nl] != '\n') {
                    nl++;
                }
                if (nl == n) { // no newline in the rest of the chunk: carry it over
                    if (carried + (n - p) > carry.length) {
                        carry = Arrays.copyOf(carry, Math.max(carry.length * 2, carried + (n - p)));
                    }
                    System.arraycopy(chunk, p, carry, carried, n - p);
                    carried += n - p;
                    break;
                }
                lineNo++;
                if (carried > 0) {
                    if (carried + (nl - p) > carry.length) {
                        carry = Arrays.copyOf(carry, Math.max(carry.length * 2, carried + (nl - p)));
                    }
                    System.arraycopy(chunk, p, carry, carried, nl - p);
                    emit(carry, 0, carried + (nl - p), lineNo, sink);
                    carried = 0;
                } else {
                    emit(chunk, p, nl, lineNo, sink);
                }
                p = nl + 1;
            }
            progress.update(pos - from, end - from);
            progress.checkCancelled();
        }
        if (carried > 0) {
            emit(carry, 0, carried, lineNo + 1, sink);
        }
    }

    private static void emit(byte[] b, int from, int to, long lineNo, Sink sink) {
        sink.line(b, from, to > from && b[to - 1] == '\r' ? to - 1 : to, lineNo);
    }
}
