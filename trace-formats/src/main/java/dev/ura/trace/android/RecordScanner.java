package dev.ura.trace.android;

import dev.ura.trace.io.Progress;
import dev.ura.trace.model.CallTable;
import dev.ura.trace.model.Clock;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Runs the two passes over the records of a legacy data section of the (memory-mapped) buffer; no
 * object is made per record. Records are copied in 64 KiB blocks into a heap array and read there
 * (about twice as fast as absolute reads of a mapped buffer), from the file itself when it is
 * given ({@link #readRecordsFrom}: the mapping's pages would stay resident beside the call tables).
 * Pass 1 counts each thread's records and sizes its call table ({@link ThreadCalls#count}); pass 2
 * decodes every record into its thread's table, in file order. Streaming files, where packets
 * break the record grid, have their own passes ({@link StreamingRecords}).
 */
final class RecordScanner extends RecordPasses {
    private static final int BLOCK_BYTES = 1 << 16;
    /** Progress every 16 blocks: about 64K records of 14 bytes. */
    private static final int BLOCKS_PER_REPORT = 15;
    /** Below this, starting a second decoding thread costs more than it saves. */
    static final long PARALLEL_MIN_RECORDS = 1 << 20;
    /** Time unit of records: µs, as ns. */
    static final long MICROS = 1000;

    private final ByteBuffer buf;
    private long parallelMinRecords = PARALLEL_MIN_RECORDS;
    /** Where legacy record blocks are copied from: the buffer, or the file it maps. */
    private RecordBlocks recordBytes;

    /**
     * @param buf        little-endian content
     * @param start      first record
     * @param recordSize bytes per record (at least {@code idBytes + 8})
     * @param idBytes    1 for version 1 records, else 2
     */
    RecordScanner(ByteBuffer buf, int start, int recordSize, int idBytes, Progress progress) {
        super(start, buf.limit(), recordSize, idBytes, progress);
        this.buf = buf;
        this.recordBytes = (pos, dst, len) -> buf.get(pos, dst, 0, len);
    }

    /**
     * Copies legacy record blocks from {@code file} (which {@code buf} maps) with positional reads,
     * so that the records' pages of the mapping are never touched.
     */
    void readRecordsFrom(dev.ura.trace.io.MappedInput file) {
        recordBytes = file::read;
    }

    /** Pass 1. */
    void countPass(MethodResolver resolver) {
        countRecords(resolver);
    }

    /**
     * Pass 1: whole records up to the end, read in blocks (on two threads, one
     * half of the file each, for large files). Undefined method ids are resolved afterwards in the
     * order of their first use in the file, so their indices do not depend on the split.
     */
    private void countRecords(MethodResolver resolver) {
        long n = (limit - start) / recordSize;
        end = (int) (start + n * recordSize);
        records = n;
        partialBytes = limit - end;
        int blockBytes = blockBytes();
        RecordCounter counter = new RecordCounter(byKey.length);
        AtomicBoolean stop = new AtomicBoolean();
        int[] blocks = {0};
        if (n < parallelMinRecords || Runtime.getRuntime().availableProcessors() < 2) {
            counter.count(recordBytes, start, end, recordSize, idBytes, blockBytes, resolver, pos -> {
                if ((++blocks[0] & BLOCKS_PER_REPORT) == 0) {
                    report(pos / 2);
                }
            }, stop);
        } else {
            int mid = (int) (start + n / 2 * recordSize);
            RecordCounter second = new RecordCounter(byKey.length);
            long half = Math.max(1, mid - start);
            runOnTwoThreads(() -> second.count(recordBytes, mid, end, recordSize, idBytes, blockBytes, resolver, pos -> { },
                    stop), () -> counter.count(recordBytes, start, mid, recordSize, idBytes, blockBytes, resolver, pos -> {
                        if ((++blocks[0] & BLOCKS_PER_REPORT) == 0) {
                            report((long) (pos - start) * (limit / 2) / half);
                        }
                    }, stop), stop);
            counter.merge(second);
        }
        List<Integer> keys = new ArrayList<>();
        for (int k = 0; k < byKey.length; k++) {
            if (counter.records[k] > 0) {
                keys.add(k);
            }
        }
        keys.sort((x, y) -> Integer.compare(counter.first[x], counter.first[y]));
        for (int k : keys) {
            ThreadCalls t = new ThreadCalls(k);
            t.counted(counter.records[k], counter.enters[k]);
            byKey[k] = t;
            threads.add(t);
        }
        counter.undefined.entrySet().stream().sorted(Map.Entry.comparingByValue())
                .forEach(e -> resolver.index(e.getKey()));
    }

    /** Pass 2, read in blocks: the records of {@code worker}'s threads. */
    private void buildRecords(boolean dual, int worker, AtomicBoolean stop) {
        int blockBytes = blockBytes();
        byte[] block = new byte[blockBytes];
        int pos = start;
        int blocks = 0;
        while (pos < end && !stop.get()) {
            int len = Math.min(blockBytes, end - pos);
            recordBytes.copy(pos, block, len);
            for (int p = 0; p < len; p += recordSize) {
                ThreadCalls t = byKey[key(block, p)];
                if (t.worker == worker) {
                    apply(t, block, p, dual);
                }
            }
            pos += len;
            if (worker == 0 && (++blocks & BLOCKS_PER_REPORT) == 0) {
                report(limit / 2 + pos / 2);
            }
        }
    }

    /** A whole number of records, about 64 KiB (records are copied from the buffer block by block). */
    private int blockBytes() {
        return Math.max(1, BLOCK_BYTES / recordSize) * recordSize;
    }

    /**
     * Pass 2: builds every thread's calls; returns them in {@link #threads()} order. A large
     * legacy file is decoded by two workers, each scanning all records but building only its own
     * threads (balanced by record count): threads are independent, so the result is the same.
     */
    List<CallTable> buildPass(Clock clock, MethodResolver resolver) {
        boolean dual = clock == Clock.DUAL;
        boolean parallel = records >= parallelMinRecords && threads.size() > 1
                && Runtime.getRuntime().availableProcessors() > 1;
        if (parallel) {
            assignWorkers();
        }
        startTables(threads, dual, resolver, parallel ? resolver.forWorker() : resolver);
        if (parallel) {
            buildInParallel(dual);
        } else {
            buildRecords(dual, 0, new AtomicBoolean());
        }
        return finishTables(threads);
    }

    /**
     * Before pass 2: gives each thread a call table sized by pass 1 and the resolver of its
     * worker ({@code helperResolver} for worker 1).
     */
    static void startTables(List<ThreadCalls> threads, boolean dual, MethodResolver resolver,
                            MethodResolver helperResolver) {
        long calls = 0;
        for (ThreadCalls t : threads) {
            calls += t.callCapacity();
        }
        // every thread's calls in one array per column (counted in pass 1)
        CallTable.Arena arena = calls <= Integer.MAX_VALUE - 8 ? new CallTable.Arena((int) calls, dual) : null;
        for (ThreadCalls t : threads) {
            CallTable.Builder b = arena != null ? new CallTable.Builder(arena, 0, MICROS, t.callCapacity())
                    : new CallTable.Builder(0, MICROS, dual, t.callCapacity());
            t.startBuilding(b, t.worker == 0 ? resolver : helperResolver, dual);
        }
    }

    /** After pass 2: every thread's finished table, in {@code threads} order. */
    static List<CallTable> finishTables(List<ThreadCalls> threads) {
        List<CallTable> tables = new ArrayList<>(threads.size());
        for (ThreadCalls t : threads) {
            tables.add(t.finish());
        }
        return tables;
    }

    /** Busiest threads first, each to the worker with fewer records so far. */
    private void assignWorkers() {
        List<ThreadCalls> bySize = new ArrayList<>(threads);
        bySize.sort((a, b) -> Long.compare(b.records, a.records));
        long[] load = new long[2];
        for (ThreadCalls t : bySize) {
            t.worker = load[0] <= load[1] ? 0 : 1;
            load[t.worker] += t.records;
        }
    }

    private void buildInParallel(boolean dual) {
        AtomicBoolean stop = new AtomicBoolean();
        runOnTwoThreads(() -> buildRecords(dual, 1, stop), () -> buildRecords(dual, 0, stop), stop);
    }

    /**
     * Runs {@code helperTask} on a new thread and {@code callerTask} on this one; when either
     * fails, {@code stop} tells the other to give up, and the failure is rethrown here.
     */
    private static void runOnTwoThreads(Runnable helperTask, Runnable callerTask, AtomicBoolean stop) {
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread helper = new Thread(() -> {
            try {
                helperTask.run();
            } catch (Throwable e) {
                failure.set(e);
                stop.set(true);
            }
        }, "ura-trace-decoder");
        helper.setDaemon(true);
        helper.start();
        try {
            callerTask.run();
        } catch (RuntimeException | Error e) {
            stop.set(true);
            throw e;
        } finally {
            joinUninterruptibly(helper);
        }
        Throwable e = failure.get();
        if (e instanceof RuntimeException r) {
            throw r;
        }
        if (e instanceof Error err) {
            throw err;
        }
    }

    private static void joinUninterruptibly(Thread thread) {
        boolean interrupted = false;
        while (true) {
            try {
                thread.join();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** Changes the size from which pass 2 runs on two threads (tests compare both ways). */
    void parallelFrom(long minRecords) {
        parallelMinRecords = minRecords;
    }
}
