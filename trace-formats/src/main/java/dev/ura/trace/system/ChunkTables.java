package dev.ura.trace.system;

import dev.ura.trace.util.ByteKeyMap;
import dev.ura.trace.util.LongIntMap;

import java.util.Arrays;

import static dev.ura.trace.system.ChunkColumns.CLAIM;
import static dev.ura.trace.system.ChunkColumns.EVENT;
import static dev.ura.trace.system.ChunkColumns.SEEN;

/**
 * The builder's own work for the ftrace bundles of one chunk of a file, done on a decoding thread
 * into columns with chunk-local thread and name ids, then merged into a {@link SystemTraceBuilder}
 * on the reading thread, bundle by bundle in file order ({@link ChunkMerge}, which reads the columns
 * here). Recording the builder calls and replaying them costs what decoding them away saves (the
 * thread lookups, name hashing and per-CPU / per-thread appends are most of a bundle's decode); here
 * the merge only maps the chunk's few threads and names to the model's and copies rows.
 *
 * <p>Each bundle is a <em>segment</em>: it lists the threads the chunk meets first in it, in the
 * order the builder would first have looked them up, the chunk's first process claim per thread, and
 * thread-name observations in event order; everything else is per-thread or per-CPU rows in arrival
 * order. Only the calls a bundle of switches, wakings and {@code B}/{@code E} slices makes are taken
 * here; a bundle with anything else (another atrace payload, binder, task events, an odd thread id
 * or CPU) answers false from the call, and the caller records that bundle's builder calls instead.
 */
public final class ChunkTables {
    /** The CPU's current task before this bundle: not known on the decoding thread. */
    static final int UNKNOWN = Integer.MIN_VALUE;

    /*
     * Chunk-local threads: tid → local id (first seen in this chunk); whether a segment of this chunk
     * listed it, claimed its process, and its last name observation in the chunk.
     */
    private LongIntMap localOf = new LongIntMap();
    long[] tid = new long[64];
    private boolean[] seen = new boolean[64];
    private boolean[] claimed = new boolean[64];
    /** lastName[t] holds when nameGen[t] is {@link #nameGeneration}; obsSeg[t]: the segment that observed it. */
    private int[] nameGen = new int[64];
    private int[] obsSeg = new int[64];
    private String[] lastName = new String[64];
    int threads;
    /** Increases when the chunk's name memory is forgotten (a new chunk, a dropped segment). */
    private int nameGeneration = 1;

    /* Chunk-local slice names: UTF-8 bytes → local id; their bytes. */
    private ByteKeyMap nameIds = new ByteKeyMap();
    byte[][] names = new byte[64][];
    int nameCount;

    /** The rows (read by the merge). */
    final ChunkColumns col = new ChunkColumns();

    /* The open segment. */
    private int cpu;
    private int condRow;
    private int last;
    private long records;
    private long minTs;
    private long maxTs;

    /** Forgets the previous chunk (the columns are kept for the next). */
    public void clear() {
        if (threads > 0) {
            localOf = new LongIntMap();
            Arrays.fill(lastName, 0, threads, null);
            threads = 0;
        }
        nameGeneration++;
        if (nameCount > 0) {
            nameIds = new ByteKeyMap();
            Arrays.fill(names, 0, nameCount, null);
            nameCount = 0;
        }
        col.clear();
    }

    /** Starts a bundle's segment. */
    public void begin() {
        cpu = -1;
        condRow = -1;
        last = UNKNOWN;
        records = 0;
        minTs = Long.MAX_VALUE;
        maxTs = Long.MIN_VALUE;
        col.begin();
    }

    /** Ends the open segment; returns its number for {@link ChunkMerge#merge}. */
    public int end() {
        return col.end(cpu, condRow, last, records, minTs, maxTs);
    }

    /**
     * Drops the open segment's rows (its bundle goes another way); threads and names it met stay,
     * unused. The threads it listed or claimed first in the chunk are listed or claimed by the next
     * segment that meets them, and the chunk's name memory is forgotten (the direct decode of the
     * bundle makes its own observations).
     */
    public void drop() {
        for (int k = col.openFrom(SEEN); k < col.size[SEEN]; k++) {
            seen[col.seenList[k]] = false;
        }
        for (int k = col.openFrom(CLAIM); k < col.size[CLAIM]; k++) {
            claimed[col.claimThread[k]] = false;
        }
        col.drop();
        nameGeneration++;
    }

    // ---- The calls of a bundle (decoding thread); false: not taken here, drop the segment. ----

    /** As {@link SystemTraceBuilder#count}. */
    public void count(String what) {
        col.count(what);
    }

    /** As {@link SystemTraceBuilder#record}. */
    public void record() {
        records++;
    }

    /** As {@link SystemTraceBuilder#current}. */
    public boolean current(int cpuNo, long ts, long tidValue) {
        if (tidValue <= 0) {
            return true;
        }
        if (!cpu(cpuNo)) {
            return false;
        }
        int t = thread(tidValue);
        if (last == UNKNOWN) {
            condRow = col.size[EVENT];
        } else if (last == t) {
            return true;
        }
        col.event(ts, CpuEvents.CURRENT, t, t, 0, -1);
        last = t;
        return true;
    }

    /** As {@link SystemTraceBuilder#sched} with the raw {@code prev_state}. */
    public boolean sched(int cpuNo, long ts, long prevTid, String prevComm, long rawPrevState, long nextTid,
                         String nextComm) {
        if (!cpu(cpuNo)) {
            return false;
        }
        time(ts);
        int prev = prevTid == -2 ? CpuEvents.INFER : prevTid <= 0 ? CpuEvents.IDLE : thread(prevTid);
        int next = nextTid <= 0 ? CpuEvents.IDLE : thread(nextTid);
        if (prevTid > 0) {
            name(prev, ts, prevComm);
        }
        if (next >= 0) {
            name(next, ts, nextComm);
        }
        col.event(ts, CpuEvents.SWITCH, prev, next, rawPrevState, -1);
        last = next;
        return true;
    }

    /** As {@link SystemTraceBuilder#wakeup}. */
    public boolean wakeup(int cpuNo, long ts, long wakerTid, long wakeeTid, String wakeeComm, int targetCpu,
                          int flags) {
        return waking(cpuNo, ts, wakerTid, wakeeTid, wakeeComm, targetCpu, flags | WakeRows.FLAG_WAKEUP_EVENT);
    }

    /** As {@link SystemTraceBuilder#waking}. */
    public boolean waking(int cpuNo, long ts, long wakerTid, long wakeeTid, String wakeeComm, int targetCpu,
                          int flags) {
        if (!cpu(cpuNo)) {
            return false;
        }
        time(ts);
        if (wakeeTid <= 0) {
            return true;
        }
        int wakee = thread(wakeeTid);
        name(wakee, ts, wakeeComm);
        int waker = wakerTid == -2 ? CpuEvents.INFER : wakerTid <= 0 ? CpuEvents.IDLE : thread(wakerTid);
        col.event(ts, CpuEvents.WAKING, waker, wakee, flags, targetCpu);
        return true;
    }

    /** As {@link SystemTraceBuilder#printBegin(long, long, long, byte[], int, int)}. */
    public boolean printBegin(long ts, long tidValue, long tgid, byte[] b, int from, int len) {
        if (tidValue <= 0) {
            return false; // the model may hold a lane of that negative tid: the direct way decides
        }
        int name = nameIds.get(b, from, len);
        if (name < 0) {
            for (int k = from; k < from + len; k++) {
                if (b[k] == '\r' || b[k] == '\n' || b[k] == 0) {
                    return false; // the model never holds such a name: the general path strips it
                }
            }
            name = nameCount++;
            if (name == names.length) {
                names = Arrays.copyOf(names, name * 2);
            }
            names[name] = Arrays.copyOfRange(b, from, from + len);
            nameIds.put(b, from, len, name);
        }
        time(ts);
        int t = thread(tidValue);
        claim(t, tgid);
        col.slice(t, ts, name);
        return true;
    }

    /** As {@link SystemTraceBuilder#printEnd}. */
    public boolean printEnd(long ts, long tidValue, long tgid) {
        if (tidValue <= 0) {
            return false;
        }
        time(ts);
        int t = thread(tidValue);
        claim(t, tgid);
        col.slice(t, ts, -1);
        return true;
    }

    private boolean cpu(int cpuNo) {
        if (cpuNo < 0 || cpuNo >= SchedCollector.MAX_CPUS || (cpu >= 0 && cpu != cpuNo)) {
            return false;
        }
        cpu = cpuNo;
        return true;
    }

    /** Counts a record at {@code ts} and extends the segment's time range (the builder's {@code time}). */
    private void time(long ts) {
        records++;
        if (ts < minTs) {
            minTs = ts;
        }
        if (ts > maxTs) {
            maxTs = ts;
        }
    }

    /** The local id of a tid > 0, listed in the segment the first time the chunk meets it. */
    private int thread(long tidValue) {
        int t = localOf.get(tidValue);
        if (t < 0) {
            t = threads++;
            if (t == tid.length) {
                int n = t * 2;
                tid = Arrays.copyOf(tid, n);
                seen = Arrays.copyOf(seen, n);
                claimed = Arrays.copyOf(claimed, n);
                nameGen = Arrays.copyOf(nameGen, n);
                obsSeg = Arrays.copyOf(obsSeg, n);
                lastName = Arrays.copyOf(lastName, n);
            }
            tid[t] = tidValue;
            seen[t] = false;
            claimed[t] = false;
            nameGen[t] = 0;
            lastName[t] = null;
            localOf.put(tidValue, t);
        }
        if (!seen[t]) {
            // Listed once per chunk: a later lookup finds the thread the first one made or found.
            seen[t] = true;
            col.seen(t);
        }
        return t;
    }

    /**
     * The chunk's first process claim of a thread: it leaves the thread's process known, and a later
     * claim changes only an unknown one.
     */
    private void claim(int t, long tgid) {
        if (tgid <= 0 || claimed[t]) {
            return;
        }
        claimed[t] = true;
        col.claim(t, tgid);
    }

    /**
     * A name observation, unless it repeats the thread's previous one in this segment. One that
     * repeats the thread's last one in an earlier segment of the chunk is kept apart: the model
     * then already holds that name, unless something between the two segments renamed the thread
     * ({@link ChunkMerge} knows).
     */
    private void name(int t, long ts, String name) {
        if (name == null || name.isEmpty() || name.equals("<...>")) {
            return;
        }
        if (nameGen[t] == nameGeneration && name.equals(lastName[t])) {
            if (obsSeg[t] != col.segments) {
                obsSeg[t] = col.segments;
                col.repeat(t, ts, name);
            }
            return;
        }
        nameGen[t] = nameGeneration;
        obsSeg[t] = col.segments;
        lastName[t] = name;
        col.name(t, ts, name);
    }
}
