package dev.ura.trace.android;

import dev.ura.trace.io.Progress;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;

/**
 * What the two passes over the records of a data section share, legacy ({@link RecordScanner})
 * or streaming ({@link StreamingRecords}): the layout, the threads met (in order of their first
 * record), where pass 1 stopped, and progress.
 */
abstract class RecordPasses {
    static final VarHandle SHORT = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);
    static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);

    final int start;
    final int limit;
    final int recordSize;
    final int idBytes;
    final Progress progress;
    /** Thread by its record id. */
    final ThreadCalls[] byKey;
    final List<ThreadCalls> threads = new ArrayList<>();
    int end;
    long records;
    int partialBytes;

    /**
     * @param start      first record (or packet)
     * @param limit      end of the content
     * @param recordSize bytes per record (at least {@code idBytes + 8})
     * @param idBytes    1 for version 1 records, else 2
     */
    RecordPasses(int start, int limit, int recordSize, int idBytes, Progress progress) {
        this.start = start;
        this.limit = limit;
        this.recordSize = recordSize;
        this.idBytes = idBytes;
        this.progress = progress;
        this.byKey = new ThreadCalls[idBytes == 1 ? 256 : 65536];
    }

    /** Threads with records, in order of their first record. */
    final List<ThreadCalls> threads() {
        return threads;
    }

    /** Records read. */
    final long records() {
        return records;
    }

    /** Where reading stopped. */
    final int end() {
        return end;
    }

    /** Bytes after the last whole record when the data simply ran out (a stray byte is common). */
    final int partialBytes() {
        return partialBytes;
    }

    /** {@code done} of the content's bytes are read (pass 2 counts from half the content); stops when cancelled. */
    final void report(long done) {
        progress.update(done, limit);
        progress.checkCancelled();
    }

    /** The thread key of the record at {@code q} of {@code a}. */
    final int key(byte[] a, int q) {
        return idBytes == 1 ? a[q] & 0xFF : (short) SHORT.get(a, q) & 0xFFFF;
    }

    /** Pass 2: hands the record at {@code q} of {@code a} to its thread {@code t}. */
    final void apply(ThreadCalls t, byte[] a, int q, boolean dual) {
        int methodAction = (int) INT.get(a, q + idBytes);
        int time1 = (int) INT.get(a, q + idBytes + 4);
        if (dual) {
            t.apply(methodAction, (int) INT.get(a, q + idBytes + 8), time1);
        } else {
            t.apply(methodAction, time1, 0);
        }
    }
}
