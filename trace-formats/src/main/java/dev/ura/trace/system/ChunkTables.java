package dev.ura.trace.system;

import dev.ura.trace.util.ByteKeyMap;
import dev.ura.trace.util.LongIntMap;

import java.util.Arrays;

/**
 * The builder's own work for the ftrace bundles of one chunk of a file, done on a decoding thread
 * into columns with chunk-local thread and name ids, then merged into a {@link SystemTraceBuilder}
 * on the reading thread, bundle by bundle in file order ({@link #merge}). Recording the builder
 * calls and replaying them costs what decoding them away saves (the thread lookups, name hashing
 * and per-CPU / per-thread appends are most of a bundle's decode); here the merge only maps the
 * chunk's few threads and names to the model's and copies rows.
 *
 * <p>Why the model is the one a direct decode builds: the model gives thread indices, slice-name
 * ids and processes in first-seen order, so each bundle (a <em>segment</em>) lists its threads in
 * the order the builder would first have looked them up, its first process claim per thread and its
 * thread-name observations in event order, and the merge makes those calls on the model in that
 * order (a thread or name already known is just found); names are asked for in the order of the
 * slices that use them. Everything else a bundle adds is per-thread or per-CPU rows in arrival order,
 * appended as they are. The one piece of state that crosses bundles, the CPU's current task (a
 * hint event is added only when it changes), is left open for the bundle's first hint and settled
 * by the merge. Only the calls a bundle of switches, wakings and {@code B}/{@code E} slices makes
 * are taken here; a bundle with anything else (another atrace payload, binder, task events, an odd
 * thread id or CPU) answers false from the call, and the caller records that bundle's builder calls
 * instead.
 */
public final class ChunkTables {
    /** The CPU's current task before this bundle: not known on the decoding thread. */
    private static final int UNKNOWN = Integer.MIN_VALUE;

    /*
     * Chunk-local threads: tid → local id (first seen in this chunk); whether a segment of this chunk
     * listed it, claimed its process, and its last name observation in the chunk.
     */
    private LongIntMap localOf = new LongIntMap();
    private long[] tid = new long[64];
    private boolean[] seen = new boolean[64];
    private boolean[] claimed = new boolean[64];
    /** lastName[t] holds when nameGen[t] is {@link #nameGeneration}; obsSeg[t]: the segment that observed it. */
    private int[] nameGen = new int[64];
    private int[] obsSeg = new int[64];
    private String[] lastName = new String[64];
    private int threads;
    /** Increases when the chunk's name memory is forgotten (a new chunk, a dropped segment). */
    private int nameGeneration = 1;

    /* Chunk-local slice names: UTF-8 bytes → local id; their bytes. */
    private ByteKeyMap nameIds = new ByteKeyMap();
    private byte[][] names = new byte[64][];
    private int nameCount;

    /* Segments (one per bundle): where each one's rows start and end in the columns below. */
    private int segments;
    private int[][] seg = new int[SEG_FIELDS][16];
    private long[][] segLong = new long[3][16];
    private static final int SEEN = 0;
    private static final int CLAIM = 1;
    private static final int OBS = 2;
    private static final int SLICE = 3;
    private static final int EVENT = 4;
    private static final int COUNT = 5;
    /** Name observations that repeat the thread's last one in an earlier segment of the chunk. */
    private static final int REPEAT = 6;
    private static final int FIELDS = 7;
    /** seg[f][s]: start of segment s in column group f (f < FIELDS); its end is in seg[FIELDS + f][s]. */
    private static final int SEG_CPU = 2 * FIELDS;
    private static final int SEG_COND = SEG_CPU + 1;
    private static final int SEG_LAST = SEG_COND + 1;
    private static final int SEG_FIELDS = SEG_LAST + 1;

    /* The open segment. */
    private final int[] size = new int[FIELDS];
    private int cpu;
    private int condRow;
    private int last;
    private long records;
    private long minTs;
    private long maxTs;

    /* Columns. */
    private int[] seenList = new int[64];
    private int[] claimThread = new int[64];
    private long[] claimTgid = new long[64];
    private int[] obsThread = new int[64];
    private long[] obsTs = new long[64];
    private String[] obsName = new String[64];
    private int[] repThread = new int[64];
    private long[] repTs = new long[64];
    private String[] repName = new String[64];
    private int[] sliceThread = new int[1024];
    private long[] sliceTs = new long[1024];
    /** Local name id of a begin, -1 for an end. */
    private int[] sliceName = new int[1024];
    private long[] evTs = new long[1024];
    private byte[] evKind = new byte[1024];
    private int[] evA = new int[1024];
    private int[] evB = new int[1024];
    /** Switch: the raw {@code prev_state} (read with the kernel version at merge time); waking: flags. */
    private long[] evState = new long[1024];
    private int[] evCpu = new int[1024];
    private String[] countWhat = new String[16];

    /* Merge side (reading thread): model index of each local thread / name id, -1 until asked. */
    private int[] modelThread = new int[64];
    private int[] modelName = new int[64];
    /** The model's slice operations of each local thread, null until a row needs them. */
    private SliceCollector.Ops[] modelOps = new SliceCollector.Ops[64];
    /** The model's count of name changes after this chunk's last merged segment, -1 before the first. */
    private long namesAfter;
    /** Whether anything but this chunk's segments changed a thread name since its first merged segment. */
    private boolean namesTouched;

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
        Arrays.fill(obsName, 0, size[OBS], null);
        Arrays.fill(repName, 0, size[REPEAT], null);
        Arrays.fill(countWhat, 0, size[COUNT], null);
        Arrays.fill(size, 0);
        segments = 0;
    }

    /** Starts a bundle's segment. */
    public void begin() {
        cpu = -1;
        condRow = -1;
        last = UNKNOWN;
        records = 0;
        minTs = Long.MAX_VALUE;
        maxTs = Long.MIN_VALUE;
        if (segments == seg[0].length) {
            for (int f = 0; f < SEG_FIELDS; f++) {
                seg[f] = Arrays.copyOf(seg[f], segments * 2);
            }
            for (int f = 0; f < segLong.length; f++) {
                segLong[f] = Arrays.copyOf(segLong[f], segments * 2);
            }
        }
        for (int f = 0; f < FIELDS; f++) {
            seg[f][segments] = size[f];
        }
    }

    /** Ends the open segment; returns its number for {@link #merge}. */
    public int end() {
        int s = segments++;
        for (int f = 0; f < FIELDS; f++) {
            seg[FIELDS + f][s] = size[f];
        }
        seg[SEG_CPU][s] = cpu;
        seg[SEG_COND][s] = condRow;
        seg[SEG_LAST][s] = last;
        segLong[0][s] = records;
        segLong[1][s] = minTs;
        segLong[2][s] = maxTs;
        return s;
    }

    /**
     * Drops the open segment's rows (its bundle goes another way); threads and names it met stay,
     * unused. The threads it listed or claimed first in the chunk are listed or claimed by the next
     * segment that meets them, and the chunk's name memory is forgotten (the direct decode of the
     * bundle makes its own observations).
     */
    public void drop() {
        for (int f = 0; f < FIELDS; f++) {
            for (int k = seg[f][segments]; k < size[f]; k++) {
                switch (f) {
                    case SEEN -> seen[seenList[k]] = false;
                    case CLAIM -> claimed[claimThread[k]] = false;
                    case OBS -> obsName[k] = null;
                    case REPEAT -> repName[k] = null;
                    case COUNT -> countWhat[k] = null;
                    default -> {
                    }
                }
            }
            size[f] = seg[f][segments];
        }
        nameGeneration++;
    }

    // ---- The calls of a bundle (decoding thread); false: not taken here, drop the segment. ----

    /** As {@link SystemTraceBuilder#count}. */
    public void count(String what) {
        if (size[COUNT] == countWhat.length) {
            countWhat = Arrays.copyOf(countWhat, size[COUNT] * 2);
        }
        countWhat[size[COUNT]++] = what;
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
            condRow = size[EVENT];
        } else if (last == t) {
            return true;
        }
        event(ts, CpuEvents.CURRENT, t, t, 0, -1);
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
        event(ts, CpuEvents.SWITCH, prev, next, rawPrevState, -1);
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
        event(ts, CpuEvents.WAKING, waker, wakee, flags, targetCpu);
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
        slice(t, ts, name);
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
        slice(t, ts, -1);
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
            int i = size[SEEN]++;
            if (i == seenList.length) {
                seenList = Arrays.copyOf(seenList, i * 2);
            }
            seenList[i] = t;
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
        int i = size[CLAIM]++;
        if (i == claimThread.length) {
            claimThread = Arrays.copyOf(claimThread, i * 2);
            claimTgid = Arrays.copyOf(claimTgid, i * 2);
        }
        claimThread[i] = t;
        claimTgid[i] = tgid;
    }

    /**
     * A name observation, unless it repeats the thread's previous one in this segment. One that
     * repeats the thread's last one in an earlier segment of the chunk is kept apart: the model
     * then already holds that name, unless something between the two segments renamed the thread
     * ({@link #merge} knows).
     */
    private void name(int t, long ts, String name) {
        if (name == null || name.isEmpty() || name.equals("<...>")) {
            return;
        }
        if (nameGen[t] == nameGeneration && name.equals(lastName[t])) {
            if (obsSeg[t] != segments) {
                obsSeg[t] = segments;
                repeat(t, ts, name);
            }
            return;
        }
        nameGen[t] = nameGeneration;
        obsSeg[t] = segments;
        lastName[t] = name;
        int i = size[OBS]++;
        if (i == obsThread.length) {
            obsThread = Arrays.copyOf(obsThread, i * 2);
            obsTs = Arrays.copyOf(obsTs, i * 2);
            obsName = Arrays.copyOf(obsName, i * 2);
        }
        obsThread[i] = t;
        obsTs[i] = ts;
        obsName[i] = name;
    }

    /** The first observation of a thread in this segment, repeating its last one in the chunk. */
    private void repeat(int t, long ts, String name) {
        int i = size[REPEAT]++;
        if (i == repThread.length) {
            repThread = Arrays.copyOf(repThread, i * 2);
            repTs = Arrays.copyOf(repTs, i * 2);
            repName = Arrays.copyOf(repName, i * 2);
        }
        repThread[i] = t;
        repTs[i] = ts;
        repName[i] = name;
    }

    private void slice(int t, long ts, int name) {
        int i = size[SLICE]++;
        if (i == sliceThread.length) {
            sliceThread = Arrays.copyOf(sliceThread, i * 2);
            sliceTs = Arrays.copyOf(sliceTs, i * 2);
            sliceName = Arrays.copyOf(sliceName, i * 2);
        }
        sliceThread[i] = t;
        sliceTs[i] = ts;
        sliceName[i] = name;
    }

    private void event(long ts, byte kind, int a, int b, long state, int targetCpu) {
        int i = size[EVENT]++;
        if (i == evTs.length) {
            int n = i * 2;
            evTs = Arrays.copyOf(evTs, n);
            evKind = Arrays.copyOf(evKind, n);
            evA = Arrays.copyOf(evA, n);
            evB = Arrays.copyOf(evB, n);
            evState = Arrays.copyOf(evState, n);
            evCpu = Arrays.copyOf(evCpu, n);
        }
        evTs[i] = ts;
        evKind[i] = kind;
        evA[i] = a;
        evB[i] = b;
        evState[i] = state;
        evCpu[i] = targetCpu;
    }

    // ---- The merge (reading thread). ----

    /** Starts merging this chunk's segments (forgets another chunk's ids). */
    public void beginMerge() {
        if (modelThread.length < threads) {
            modelThread = new int[Math.max(threads, modelThread.length * 2)];
        }
        Arrays.fill(modelThread, 0, threads, -1);
        if (modelOps.length < threads) {
            modelOps = new SliceCollector.Ops[Math.max(threads, modelOps.length * 2)];
        }
        Arrays.fill(modelOps, 0, threads, null);
        if (modelName.length < nameCount) {
            modelName = new int[Math.max(nameCount, modelName.length * 2)];
        }
        Arrays.fill(modelName, 0, nameCount, -1);
        namesAfter = -1;
        namesTouched = false;
    }

    /** Applies segment {@code s} to the model, as the builder calls it stands for would have. */
    public void merge(int s, SystemTraceBuilder b) {
        ThreadRegistry registry = b.registry();
        b.records(segLong[0][s]);
        if (segLong[1][s] != Long.MAX_VALUE) {
            b.time(segLong[1][s]);
            b.time(segLong[2][s]);
        }
        for (int i = seg[SEEN][s], e = seg[FIELDS + SEEN][s]; i < e; i++) {
            int t = seenList[i];
            if (modelThread[t] < 0) {
                modelThread[t] = registry.thread(tid[t]);
            }
        }
        for (int i = seg[CLAIM][s], e = seg[FIELDS + CLAIM][s]; i < e; i++) {
            registry.setTgid(tid[claimThread[i]], claimTgid[i]);
        }
        if (namesAfter >= 0 && registry.nameChanges() != namesAfter) {
            namesTouched = true; // a packet between this chunk's segments renamed a thread
        }
        if (namesTouched) {
            // A repeat is each thread's first observation in the segment: before the others keeps
            // each thread's order (the observations of different threads do not meet).
            for (int i = seg[REPEAT][s], e = seg[FIELDS + REPEAT][s]; i < e; i++) {
                registry.name(tid[repThread[i]], repTs[i], repName[i]);
            }
        }
        for (int i = seg[OBS][s], e = seg[FIELDS + OBS][s]; i < e; i++) {
            registry.name(tid[obsThread[i]], obsTs[i], obsName[i]);
        }
        namesAfter = registry.nameChanges();
        mergeSlices(s, b);
        int from = seg[EVENT][s];
        int to = seg[FIELDS + EVENT][s];
        if (from < to) {
            mergeEvents(s, from, to, b);
        }
        for (int i = seg[COUNT][s], e = seg[FIELDS + COUNT][s]; i < e; i++) {
            b.count(countWhat[i]);
        }
    }

    /** Appends the segment's slice rows to their threads' operations, as {@code begin} and {@code end} would. */
    private void mergeSlices(int s, SystemTraceBuilder b) {
        SliceCollector slices = b.slices();
        for (int i = seg[SLICE][s], e = seg[FIELDS + SLICE][s]; i < e; i++) {
            int local = sliceThread[i];
            SliceCollector.Ops ops = modelOps[local];
            if (ops == null) {
                ops = slices.ops(modelThread[local]);
                modelOps[local] = ops;
            }
            int n = sliceName[i];
            if (n < 0) {
                ops.add(sliceTs[i], -1);
                continue;
            }
            int id = modelName[n];
            if (id < 0) {
                byte[] bytes = names[n];
                id = b.sliceName(bytes, 0, bytes.length);
                modelName[n] = id;
            }
            ops.add(sliceTs[i], id);
        }
    }

    /**
     * Appends the segment's scheduler rows to its CPU's events, as {@link CpuEvents#add} would one
     * by one (room made once, then column by column), less the bundle's first hint when the CPU's
     * current task is already its thread.
     */
    private void mergeEvents(int s, int from, int to, SystemTraceBuilder b) {
        CpuEvents c = b.sched().cpuEvents(seg[SEG_CPU][s]);
        int cond = seg[SEG_COND][s];
        // Only the rows' own adds change the CPU's events here; its current task is the one before the segment.
        int skip = cond >= from && cond < to && c.lastCurrent == mapped(evA[cond]) ? cond : -1;
        c.room(c.size + (to - from));
        long[] ts = c.ts;
        byte[] kind = c.kind;
        int[] ca = c.a;
        int[] cb = c.b;
        byte[] state = c.state;
        short[] cpu = c.cpu;
        int k = c.size;
        long switches = 0;
        long wakings = 0;
        // prev_state reads by the kernel version known now, as the direct decode's switch would.
        long lastRaw = Long.MIN_VALUE;
        byte lastState = 0;
        for (int i = from; i < to; i++) {
            if (i == skip) {
                continue;
            }
            byte kd = evKind[i];
            ts[k] = evTs[i];
            kind[k] = kd;
            ca[k] = mapped(evA[i]);
            cb[k] = mapped(evB[i]);
            if (kd == CpuEvents.SWITCH) {
                long raw = evState[i];
                if (raw != lastRaw) {
                    lastRaw = raw;
                    lastState = (byte) b.prevState(raw).ordinal();
                }
                state[k] = lastState;
                cpu[k] = -1;
                switches++;
            } else if (kd == CpuEvents.WAKING) {
                state[k] = (byte) evState[i];
                cpu[k] = CpuEvents.targetCpu(evCpu[i]);
                wakings++;
            } else {
                state[k] = 0;
                cpu[k] = -1;
            }
            k++;
        }
        c.size = k;
        int lastLocal = seg[SEG_LAST][s];
        if (lastLocal != UNKNOWN) {
            c.lastCurrent = mapped(lastLocal);
        }
        b.sched().counted(switches, wakings);
    }

    /** The model's thread of a local id; {@link CpuEvents#IDLE} and {@link CpuEvents#INFER} stay. */
    private int mapped(int local) {
        return local < 0 ? local : modelThread[local];
    }
}
