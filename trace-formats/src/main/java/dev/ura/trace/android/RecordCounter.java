package dev.ura.trace.android;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Pass 1 over a range of fixed-size records (a legacy data section): records and entries per
 * thread id, where each thread first appears, and where each method id the file never defined is
 * first used. Two counters can share a file (one half each) because their results merge exactly:
 * counts add up, and "first" positions keep the smaller one, so the merged result does not depend
 * on the split.
 */
final class RecordCounter {
    private static final VarHandle SHORT = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);

    final int[] records;
    final int[] enters;
    /** Byte offset of each thread id's first record, or {@link Integer#MAX_VALUE}. */
    final int[] first;
    /** Undefined method id → byte offset of its first record. */
    final Map<Integer, Integer> undefined = new HashMap<>();

    RecordCounter(int keys) {
        records = new int[keys];
        enters = new int[keys];
        first = new int[keys];
        Arrays.fill(first, Integer.MAX_VALUE);
    }

    /**
     * Counts the records in {@code [from, to)} ({@code to - from} a multiple of the record size).
     *
     * @param resolver    read only here: tells defined ids from undefined ones
     * @param onBlock     called after each block with the offset reached (progress, cancellation)
     * @param stop        checked between blocks; set by the other counter when it fails
     */
    void count(RecordBlocks blocks, int from, int to, int recordSize, int idBytes, int blockBytes, MethodResolver resolver,
               java.util.function.IntConsumer onBlock, AtomicBoolean stop) {
        byte[] block = new byte[blockBytes];
        int pos = from;
        while (pos < to && !stop.get()) {
            int len = Math.min(blockBytes, to - pos);
            blocks.copy(pos, block, len);
            for (int p = 0; p < len; p += recordSize) {
                int key = idBytes == 1 ? block[p] & 0xFF : (short) SHORT.get(block, p) & 0xFFFF;
                int methodAction = (int) INT.get(block, p + idBytes);
                if (records[key]++ == 0) {
                    first[key] = pos + p;
                }
                if ((methodAction & 3) == AndroidTraceWriter.ENTER) {
                    enters[key]++;
                }
                int id = methodAction & ~3;
                if (!resolver.isDefined(id)) {
                    undefined.putIfAbsent(id, pos + p);
                }
            }
            pos += len;
            onBlock.accept(pos);
        }
    }

    /** Adds another counter's results to this one. */
    void merge(RecordCounter other) {
        for (int k = 0; k < records.length; k++) {
            records[k] += other.records[k];
            enters[k] += other.enters[k];
            first[k] = Math.min(first[k], other.first[k]);
        }
        other.undefined.forEach((id, at) -> undefined.merge(id, at, Math::min));
    }
}
