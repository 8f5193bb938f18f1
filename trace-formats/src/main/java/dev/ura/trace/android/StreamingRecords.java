package dev.ura.trace.android;

import dev.ura.trace.io.Progress;
import dev.ura.trace.io.TraceFormatException;


/**
 * The two passes over the records of a streaming trace, where a record whose thread id is 0 is a
 * packet instead (handed to a {@link PacketHandler}), read through a {@link ByteWindow}; no object
 * is made per record. Pass 1 counts each thread's records ({@link ThreadCalls#count}); pass 2 hands
 * every record to its thread ({@link ThreadCalls#apply}), in file order (records of a thread stay
 * in the order written, which is all ART 14's chunked streaming files guarantee), whatever output
 * the threads were given: call tables (the full reader) or visitors (the one-pass scan). Where
 * pass 1 stopped (end of data, a trailing partial record, a truncated packet) pass 2 stops too.
 */
final class StreamingRecords extends RecordPasses {
    /** Handles the packet whose zero thread id is at {@code pos}. */
    interface PacketHandler {
        /** @return the offset after the packet, or -1 to stop reading (the handler notes why) */
        int packet(int pos) throws TraceFormatException;
    }

    private static final int PROGRESS_MASK = 0xFFFF;

    private final ByteWindow w;

    /**
     * @param start      first record (or packet)
     * @param recordSize bytes per record (at least {@code idBytes + 8})
     * @param idBytes    1 for version 1 records, else 2
     */
    StreamingRecords(ByteWindow w, int start, int recordSize, int idBytes, Progress progress) {
        super(start, w.limit(), recordSize, idBytes, progress);
        this.w = w;
    }

    /** Pass 1: counts records per thread; packets go to {@code handler}. */
    void countPass(PacketHandler handler) throws TraceFormatException {
        int pos = start;
        long n = 0;
        boolean stopped = false;
        while (w.has(pos, idBytes)) {
            int key = threadKey(pos);
            if (key == 0) {
                int next = handler.packet(pos);
                if (next < 0) {
                    stopped = true;
                    break;
                }
                pos = next;
                continue;
            }
            if (!w.has(pos, recordSize)) {
                break;
            }
            ThreadCalls t = byKey[key];
            if (t == null) {
                t = new ThreadCalls(key);
                byKey[key] = t;
                threads.add(t);
            }
            t.count(w.s4(pos + idBytes));
            pos += recordSize;
            if ((++n & PROGRESS_MASK) == 0) {
                report(pos / 2);
            }
        }
        end = pos;
        records = n;
        partialBytes = stopped ? 0 : limit - pos;
    }

    /**
     * Pass 2: every record to its thread, whose output was set after pass 1; packets are stepped
     * over by {@code skipper}.
     */
    void applyPass(PacketHandler skipper, boolean dual) throws TraceFormatException {
        int pos = start;
        int timeAt = idBytes + 4;
        long n = 0;
        while (pos < end) {
            // a whole record, or at least a packet's thread id (pass 1 read both)
            w.has(pos, Math.min(recordSize, end - pos));
            int key = threadKey(pos);
            if (key == 0) {
                pos = skipper.packet(pos);
                continue;
            }
            int methodAction = w.s4(pos + idBytes);
            int time1 = w.s4(pos + timeAt);
            ThreadCalls t = byKey[key];
            if (dual) {
                t.apply(methodAction, w.s4(pos + timeAt + 4), time1);
            } else {
                t.apply(methodAction, time1, 0);
            }
            pos += recordSize;
            if ((++n & PROGRESS_MASK) == 0) {
                report(limit / 2 + pos / 2);
            }
        }
    }

    private int threadKey(int pos) {
        return idBytes == 1 ? w.u1(pos) : w.u2(pos);
    }
}
