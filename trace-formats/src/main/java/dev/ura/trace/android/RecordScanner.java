package dev.ura.trace.android;

import dev.ura.trace.io.Progress;
import dev.ura.trace.io.TraceFormatException;
import dev.ura.trace.model.CallTable;
import dev.ura.trace.model.Clock;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs the two passes over the records of a data section, straight from the (memory-mapped)
 * buffer with absolute little-endian reads; no object is made per record. Pass 1 counts each
 * thread's records and sizes its call table ({@link ThreadCalls#count}); pass 2 decodes every
 * record into its thread's table, in file order (records of a thread stay in the order written,
 * which is all ART 14's chunked streaming files guarantee).
 *
 * <p>In streaming files a record whose thread id is 0 is a packet instead, handed to a
 * {@link PacketHandler}. Where pass 1 stopped (end of data, a trailing partial record, a truncated
 * packet) pass 2 stops too.
 */
final class RecordScanner {
    /** Handles the special packet whose zero thread id is at {@code pos}. */
    interface PacketHandler {
        /** @return the offset after the packet, or -1 to stop reading (the handler notes why) */
        int packet(int pos) throws TraceFormatException;
    }

    private static final int PROGRESS_MASK = 0xFFFF;
    /** Time unit of records: µs, as ns. */
    static final long MICROS = 1000;

    private final ByteBuffer buf;
    private final int start;
    private final int limit;
    private final int recordSize;
    private final int idBytes;
    private final boolean packets;
    private final Progress progress;
    private final ThreadCalls[] byKey;
    private final List<ThreadCalls> threads = new ArrayList<>();
    private int end;
    private long records;
    private int partialBytes;

    /**
     * @param buf        little-endian content
     * @param start      first record (or packet)
     * @param recordSize bytes per record (at least {@code idBytes + 8})
     * @param idBytes    1 for version 1 records, else 2
     * @param packets    whether thread id 0 introduces a packet (streaming)
     */
    RecordScanner(ByteBuffer buf, int start, int recordSize, int idBytes, boolean packets, Progress progress) {
        this.buf = buf;
        this.start = start;
        this.limit = buf.limit();
        this.recordSize = recordSize;
        this.idBytes = idBytes;
        this.packets = packets;
        this.progress = progress;
        this.byKey = new ThreadCalls[idBytes == 1 ? 256 : 65536];
    }

    /** Pass 1. */
    void countPass(PacketHandler handler) throws TraceFormatException {
        int pos = start;
        long n = 0;
        boolean stopped = false;
        while (limit - pos >= idBytes) {
            int key = threadKey(pos);
            if (packets && key == 0) {
                int next = handler.packet(pos);
                if (next < 0) {
                    stopped = true;
                    break;
                }
                pos = next;
                continue;
            }
            if (limit - pos < recordSize) {
                break;
            }
            ThreadCalls t = byKey[key];
            if (t == null) {
                t = new ThreadCalls(key);
                byKey[key] = t;
                threads.add(t);
            }
            t.count(buf.getInt(pos + idBytes));
            pos += recordSize;
            if ((++n & PROGRESS_MASK) == 0) {
                report(pos / 2);
            }
        }
        end = pos;
        records = n;
        partialBytes = stopped ? 0 : limit - pos;
    }

    /** Pass 2: builds every thread's calls; returns them in {@link #threads()} order. */
    List<CallTable> buildPass(PacketHandler skipper, Clock clock, MethodResolver resolver)
            throws TraceFormatException {
        boolean dual = clock == Clock.DUAL;
        for (ThreadCalls t : threads) {
            t.startBuilding(new CallTable.Builder(0, MICROS, dual, t.callCapacity()), resolver, dual);
        }
        int pos = start;
        int timeAt = idBytes + 4;
        long n = 0;
        while (pos < end) {
            int key = threadKey(pos);
            if (packets && key == 0) {
                pos = skipper.packet(pos);
                continue;
            }
            int methodAction = buf.getInt(pos + idBytes);
            int time1 = buf.getInt(pos + timeAt);
            ThreadCalls t = byKey[key];
            if (dual) {
                t.apply(methodAction, buf.getInt(pos + timeAt + 4), time1);
            } else {
                t.apply(methodAction, time1, 0);
            }
            pos += recordSize;
            if ((++n & PROGRESS_MASK) == 0) {
                report(limit / 2 + pos / 2);
            }
        }
        List<CallTable> tables = new ArrayList<>(threads.size());
        for (ThreadCalls t : threads) {
            tables.add(t.finish());
        }
        return tables;
    }

    /** Threads with records, in order of their first record. */
    List<ThreadCalls> threads() {
        return threads;
    }

    /** Records read. */
    long records() {
        return records;
    }

    /** Where reading stopped. */
    int end() {
        return end;
    }

    /** Bytes after the last whole record when the data simply ran out (a stray byte is common). */
    int partialBytes() {
        return partialBytes;
    }

    private int threadKey(int pos) {
        return idBytes == 1 ? buf.get(pos) & 0xFF : buf.getShort(pos) & 0xFFFF;
    }

    private void report(long done) {
        progress.update(done, limit);
        progress.checkCancelled();
    }
}
