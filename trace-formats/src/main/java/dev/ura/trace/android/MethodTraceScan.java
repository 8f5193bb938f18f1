package dev.ura.trace.android;

import dev.ura.trace.io.InputFiles;
import dev.ura.trace.io.MappedInput;
import dev.ura.trace.io.TraceFiles;
import dev.ura.trace.io.TraceFormatException;
import dev.ura.trace.io.TraceReader;
import dev.ura.trace.model.Clock;
import dev.ura.trace.model.MethodTable;

import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;

/**
 * One pass over the records of a method trace that hands every thread's calls to a
 * {@link CallVisitor} (which may aggregate them: a profile, counts) instead of building the call
 * table: what {@code ura info} and {@code ura profile} need, at a few bytes of memory per method
 * instead of ~24 per call. Calls go through the reader's own {@link ThreadCalls}, so the repairs
 * are the same; the key section and data header of a legacy file are read by the reader's own
 * code, and a streaming-format file ({@link StreamingFormatScan}) by the streaming reader's.
 *
 * <p>Records are read with positional reads in 1 MiB blocks rather than from a mapping of the whole
 * file: pages of a mapped file stay resident until it is unmapped, and would make the process as
 * large as the file. Files this scan does not handle (gzip, other formats, stacks deeper than the
 * table can hold) give {@code null}: read them with the full reader.
 */
public final class MethodTraceScan {
    static final int BLOCK_BYTES = 1 << 20;
    private static final VarHandle SHORT = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);

    /** Creates the visitor of each thread. */
    public interface Visitors {
        /**
         * Called once before any record: the {@code pkg.Class.method} name of a method index, and
         * how many methods the file defines (undefined method ids get the next indices, and names,
         * when first used).
         */
        void methods(IntFunction<String> fullName, int defined);

        /** The visitor of the {@code index}-th thread (in order of first record). */
        CallVisitor thread(int index);
    }

    /** Thrown by a visitor that cannot go on (e.g. a memory budget): the scan gives {@code null}. */
    public static final class Abandon extends RuntimeException {
        public Abandon(String why) {
            super(why, null, false, false);
        }
    }

    private MethodTraceScan() {
    }

    /**
     * Scans {@code file}; {@code null} when it is not a (plain) method trace or the scan was
     * abandoned, so the caller reads it in full instead.
     *
     * @throws TraceFormatException what the full reader would throw for this file
     */
    public static MethodTraceSummary scan(Path file, Visitors visitors) throws TraceFormatException {
        return scan(file, visitors, BLOCK_BYTES);
    }

    /** As {@link #scan(Path, Visitors)}, reading {@code blockBytes} at a time (tests try small blocks). */
    static MethodTraceSummary scan(Path file, Visitors visitors, int blockBytes) throws TraceFormatException {
        String source = file.toString();
        MappedInput in = InputFiles.openMapped(file, "trace file");
        try {
            ByteBuffer mapped = in.data();
            if (TraceFiles.isGzip(mapped) || !readByAndroid(mapped)) {
                return null;
            }
            if (mapped.get(0) != '*') {
                return StreamingFormatScan.scan(source, mapped.order(ByteOrder.LITTLE_ENDIAN), in, visitors,
                        blockBytes);
            }
            return mapped.remaining() < 9 ? null : scanLegacy(file, mapped, visitors, blockBytes);
        } catch (MappedInput.Changed e) {
            throw TraceFormatException.ofFile(source, "the file changed or became unreadable while it was read", e);
        } finally {
            try {
                in.close();
            } catch (IOException e) {
                // a read-only channel: nothing is lost when its close fails
            }
        }
    }

    private static MethodTraceSummary scanLegacy(Path file, ByteBuffer mapped, Visitors visitors, int blockBytes)
            throws TraceFormatException {
        String source = file.toString();
        ByteBuffer buf = mapped.slice().order(ByteOrder.LITTLE_ENDIAN);
        LegacyDecoder.Prelude p = LegacyDecoder.prelude(source, buf);
        MethodResolver resolver = new MethodResolver(p.methods(), false);
        visitors.methods(i -> p.methods().get(i).fullName(), p.methods().size());
        DataHeader header = p.header();
        int start = header.recordsStart();
        int limit = buf.limit();
        int recordSize = header.recordSize();
        long n = (limit - start) / recordSize;
        int end = (int) (start + n * recordSize);
        List<ThreadCalls> threads = new ArrayList<>();
        try {
            read(file, source, new Records(start, end, recordSize, p.idBytes(), p.clock() == Clock.DUAL), resolver,
                    visitors, threads, blockBytes);
        } catch (Abandon e) {
            return null;
        }
        if (tooDeep(threads)) {
            return null;
        }
        LegacyDecoder.afterRecords(limit - end, end, n, p);
        TraceAssembler.Described d = TraceAssembler.describe("legacy", header, p.clock(), p.keys().properties(),
                p.keys().threads(), threads, resolver, p.warnings());
        return summary(source, d, p.methods(), threads, n);
    }

    /** Whether a thread's stack is deeper than the table's depth column: the full reader would flatten it. */
    static boolean tooDeep(List<ThreadCalls> threads) {
        for (ThreadCalls t : threads) {
            if ((long) t.maxDepth + t.synthetic >= Short.MAX_VALUE) {
                return true;
            }
        }
        return false;
    }

    /** What the scan of {@code threads} found, as the full reader's trace would have it. */
    static MethodTraceSummary summary(String source, TraceAssembler.Described d, MethodTable.Builder methods,
                                      List<ThreadCalls> threads, long records) {
        List<MethodTraceSummary.Thread> out = new ArrayList<>(threads.size());
        long first = Long.MAX_VALUE;
        long last = Long.MIN_VALUE;
        for (int i = 0; i < threads.size(); i++) {
            ThreadCalls t = threads.get(i);
            out.add(new MethodTraceSummary.Thread(d.ids().get(i), d.names().get(i), i == d.mainIndex(), t.records,
                    t.callCapacity() + t.synthetic));
            // the first record opens call 0 (or its synthetic caller); the last closes a top-level call
            first = Math.min(first, t.firstUnits() * RecordScanner.MICROS);
            last = Math.max(last, t.lastUnits() * RecordScanner.MICROS);
        }
        return new MethodTraceSummary(source, d.metadata(), methods.build(), out, records,
                first == Long.MAX_VALUE ? 0 : first, last == Long.MIN_VALUE ? 0 : last, d.warnings());
    }

    /** Whether the full reader would pick the Android reader for this content. */
    private static boolean readByAndroid(ByteBuffer data) {
        byte[] head = new byte[Math.min(4096, data.remaining())];
        data.duplicate().get(head);
        return TraceFiles.readerFor(head) instanceof AndroidTraceReader;
    }

    /** Where the whole records are and how they are laid out. */
    private record Records(int start, int end, int recordSize, int idBytes, boolean dual) {
    }

    private static void read(Path file, String source, Records r, MethodResolver resolver, Visitors visitors,
                             List<ThreadCalls> threads, int blockTarget) throws TraceFormatException {
        ThreadCalls[] byKey = new ThreadCalls[r.idBytes() == 1 ? 256 : 65536];
        int blockBytes = Math.max(1, blockTarget / r.recordSize()) * r.recordSize();
        byte[] block = new byte[blockBytes];
        boolean oneByteIds = r.idBytes() == 1;
        int actionAt = r.idBytes();
        int timeAt = r.idBytes() + 4;
        boolean dual = r.dual();
        int recordSize = r.recordSize();
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            int pos = r.start();
            while (pos < r.end()) {
                int len = Math.min(blockBytes, r.end() - pos);
                fill(ch, block, len, pos, source);
                for (int q = 0; q < len; q += recordSize) {
                    int key = oneByteIds ? block[q] & 0xFF : (short) SHORT.get(block, q) & 0xFFFF;
                    ThreadCalls t = byKey[key];
                    if (t == null) {
                        t = newThread(key, resolver, visitors, threads, dual);
                        byKey[key] = t;
                    }
                    int methodAction = (int) INT.get(block, q + actionAt);
                    int time1 = (int) INT.get(block, q + timeAt);
                    if (dual) {
                        t.scan(methodAction, (int) INT.get(block, q + timeAt + 4), time1);
                    } else {
                        t.scan(methodAction, time1, 0);
                    }
                }
                pos += len;
            }
        } catch (IOException e) {
            throw TraceFormatException.ofFile(source, "the file changed or became unreadable while it was read", e);
        }
        for (ThreadCalls t : threads) {
            t.finish();
        }
    }

    private static ThreadCalls newThread(int key, MethodResolver resolver, Visitors visitors, List<ThreadCalls> threads,
                                         boolean dual) {
        ThreadCalls t = new ThreadCalls(key);
        t.startOutput(new VisitorOutput(visitors.thread(threads.size()), RecordScanner.MICROS), resolver, dual);
        threads.add(t);
        return t;
    }

    /** Reads exactly {@code len} bytes at {@code pos}; a file that shrank meanwhile is an error. */
    private static void fill(FileChannel ch, byte[] block, int len, long pos, String source) throws IOException,
            TraceFormatException {
        ByteBuffer dst = ByteBuffer.wrap(block, 0, len);
        while (dst.hasRemaining()) {
            if (ch.read(dst, pos + dst.position()) < 0) {
                throw TraceFormatException.ofFile(source, "the file changed or became unreadable while it was read",
                        null);
            }
        }
    }
}
