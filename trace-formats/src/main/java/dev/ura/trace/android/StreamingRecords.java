package dev.ura.trace.android;

import dev.ura.trace.io.Progress;
import dev.ura.trace.io.TraceFormatException;

import java.util.function.Consumer;

/**
 * The two passes over the records of a streaming trace, where a record whose thread id is 0 is a
 * packet instead (handed to a {@link PacketHandler}), read through a {@link ByteWindow}; no object
 * is made per record. Pass 1 counts each thread's records ({@link ThreadCalls#count}), or, for the
 * one-pass scan that sizes no table, only steps over them ({@link #skipPass}); pass 2 hands
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
    /** Records pass 2 applied so far (for progress). */
    private long applied;
    /** Whether threads are met and counted in pass 2 ({@link #skipPass}). */
    private boolean countInPass2;
    private Consumer<ThreadCalls> starter;

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
        firstPass(handler);
    }

    /**
     * Pass 1 of the one-pass scan, which needs no table sizes: packets go to {@code handler}, records
     * are only stepped over; threads are met, and their records counted, in pass 2
     * ({@link #applyPass(PacketHandler, boolean, Consumer)}), in the same order.
     */
    void skipPass(PacketHandler handler) throws TraceFormatException {
        countInPass2 = true;
        firstPass(handler);
    }

    private void firstPass(PacketHandler handler) throws TraceFormatException {
        int pos = start;
        boolean stopped = false;
        while (true) {
            pos = countInPass2 ? skipInWindow(pos) : countInWindow(pos);
            // here: a packet, a record across the window's end, or the end of the data
            if (!w.has(pos, idBytes)) {
                break;
            }
            if (threadKey(pos) == 0) {
                int next = handler.packet(pos);
                if (next < 0) {
                    stopped = true;
                    break;
                }
                pos = next;
            } else if (!w.has(pos, recordSize)) {
                break;
            }
        }
        end = pos;
        partialBytes = stopped ? 0 : limit - pos;
    }

    /** Counts the records from {@code pos} on that are whole in the window, up to a packet; returns where it stopped. */
    private int countInWindow(int pos) {
        byte[] a = w.array();
        int base = w.base();
        if (a == null || pos < base) {
            return pos;
        }
        int q = pos - base;
        int last = w.end() - base - recordSize;
        while (q <= last) {
            int key = key(a, q);
            if (key == 0) {
                break;
            }
            ThreadCalls t = byKey[key];
            if (t == null) {
                t = new ThreadCalls(key);
                byKey[key] = t;
                threads.add(t);
            }
            t.count((int) INT.get(a, q + idBytes));
            q += recordSize;
            if ((++records & PROGRESS_MASK) == 0) {
                report((base + q) / 2);
            }
        }
        return base + q;
    }

    /** Steps over the records from {@code pos} on that are whole in the window, up to a packet; returns where it stopped. */
    private int skipInWindow(int pos) {
        int base = w.base();
        if (w.array() == null || pos < base) {
            return pos;
        }
        byte[] a = w.array();
        int q = pos - base;
        int last = w.end() - base - recordSize;
        while (q <= last && key(a, q) != 0) {
            q += recordSize;
            if ((++records & PROGRESS_MASK) == 0) {
                report((base + q) / 2);
            }
        }
        return base + q;
    }

    /**
     * Pass 2 after {@link #skipPass}: each thread is made at its first record and handed to
     * {@code starter} (which sets its output), then counts and applies its records.
     */
    void applyPass(PacketHandler skipper, boolean dual, Consumer<ThreadCalls> starter) throws TraceFormatException {
        this.starter = starter;
        applyPass(skipper, dual);
    }

    /**
     * Pass 2: every record to its thread, whose output was set after pass 1; packets are stepped
     * over by {@code skipper}.
     */
    void applyPass(PacketHandler skipper, boolean dual) throws TraceFormatException {
        int pos = start;
        while (pos < end) {
            // a whole record, or at least a packet's thread id (pass 1 read both)
            w.has(pos, Math.min(recordSize, end - pos));
            pos = applyInWindow(pos, dual);
            if (pos < end && w.has(pos, idBytes) && threadKey(pos) == 0) {
                pos = skipper.packet(pos);
            }
        }
    }

    /** Applies the records from {@code pos} on that are whole in the window, up to a packet; returns where it stopped. */
    private int applyInWindow(int pos, boolean dual) {
        byte[] a = w.array();
        int base = w.base();
        int q = pos - base;
        int last = Math.min(w.end(), end) - base - recordSize;
        long n = applied;
        while (q <= last) {
            int key = key(a, q);
            if (key == 0) {
                break;
            }
            ThreadCalls t = byKey[key];
            if (countInPass2) {
                t = counted(t, key, (int) INT.get(a, q + idBytes));
            }
            apply(t, a, q, dual);
            q += recordSize;
            if ((++n & PROGRESS_MASK) == 0) {
                report(limit / 2 + (base + q) / 2);
            }
        }
        applied = n;
        return base + q;
    }

    /** Pass 2 after {@link #skipPass}: the record's thread (made at its first record) has counted it. */
    private ThreadCalls counted(ThreadCalls t, int key, int methodAction) {
        if (t == null) {
            t = new ThreadCalls(key);
            byKey[key] = t;
            threads.add(t);
            starter.accept(t);
        }
        t.count(methodAction);
        return t;
    }

    private int threadKey(int pos) {
        return idBytes == 1 ? w.u1(pos) : w.u2(pos);
    }
}
