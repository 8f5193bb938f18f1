package dev.ura.trace.system;

import java.util.Arrays;

import static dev.ura.trace.system.ChunkColumns.CLAIM;
import static dev.ura.trace.system.ChunkColumns.COUNT;
import static dev.ura.trace.system.ChunkColumns.EVENT;
import static dev.ura.trace.system.ChunkColumns.FIELDS;
import static dev.ura.trace.system.ChunkColumns.OBS;
import static dev.ura.trace.system.ChunkColumns.REPEAT;
import static dev.ura.trace.system.ChunkColumns.SEEN;
import static dev.ura.trace.system.ChunkColumns.SEG_COND;
import static dev.ura.trace.system.ChunkColumns.SEG_CPU;
import static dev.ura.trace.system.ChunkColumns.SEG_LAST;
import static dev.ura.trace.system.ChunkColumns.SLICE;
import static dev.ura.trace.system.ChunkTables.UNKNOWN;

/**
 * Merges a chunk's {@link ChunkTables} into a {@link SystemTraceBuilder} on the reading thread,
 * segment by segment (bundle by bundle) in file order, as the builder calls each bundle stands for
 * would have changed the model. One per read, reused chunk after chunk.
 *
 * <p>Why the model is the one a direct decode builds: the model gives thread indices, slice-name ids
 * and processes in first-seen order, so the merge makes the segment's calls for them in the order
 * the tables list them: the threads the chunk meets first in the segment, each thread's first process
 * claim in the chunk (a claim only sets a process not yet known, so a later one cannot change what
 * the first did), the segment's name observations (a thread or name already known is just found);
 * slice names are asked for in the order of the slices that use them. A name observation that
 * repeats the thread's last one in an earlier segment of the chunk changes nothing unless something
 * between the two segments renamed the thread: {@link ThreadRegistry#nameChanges} says whether
 * anything did. Everything else is per-thread or per-CPU rows in arrival order, appended as they
 * are. The one piece of state that crosses bundles, the CPU's current task (a hint event is added
 * only when it changes), is left open for the bundle's first hint and settled here.
 */
public final class ChunkMerge {
    /** The tables being merged and their rows. */
    private ChunkTables tab;
    private ChunkColumns col;
    /* Model index of each local thread / name id, -1 until asked. */
    private int[] modelThread = new int[64];
    private int[] modelName = new int[64];
    /** The model's slice operations of each local thread, null until a row needs them. */
    private SliceCollector.Ops[] modelOps = new SliceCollector.Ops[64];
    /** The model's count of name changes after this chunk's last merged segment, -1 before the first. */
    private long namesAfter;
    /** Whether anything but this chunk's segments changed a thread name since its first merged segment. */
    private boolean namesTouched;

    /** Starts merging the segments of a chunk's {@code tables} (forgets another chunk's ids). */
    public void begin(ChunkTables tables) {
        tab = tables;
        col = tables.col;
        if (modelThread.length < tab.threads) {
            modelThread = new int[Math.max(tab.threads, modelThread.length * 2)];
        }
        Arrays.fill(modelThread, 0, tab.threads, -1);
        if (modelOps.length < tab.threads) {
            modelOps = new SliceCollector.Ops[Math.max(tab.threads, modelOps.length * 2)];
        }
        Arrays.fill(modelOps, 0, tab.threads, null);
        if (modelName.length < tab.nameCount) {
            modelName = new int[Math.max(tab.nameCount, modelName.length * 2)];
        }
        Arrays.fill(modelName, 0, tab.nameCount, -1);
        namesAfter = -1;
        namesTouched = false;
    }

    /** Applies segment {@code s} of the chunk to the model, as the builder calls it stands for would have. */
    public void merge(int s, SystemTraceBuilder b) {
        ThreadRegistry registry = b.registry();
        b.records(col.segLong[0][s]);
        if (col.segLong[1][s] != Long.MAX_VALUE) {
            b.time(col.segLong[1][s]);
            b.time(col.segLong[2][s]);
        }
        for (int i = col.seg[SEEN][s], e = col.seg[FIELDS + SEEN][s]; i < e; i++) {
            int t = col.seenList[i];
            if (modelThread[t] < 0) {
                modelThread[t] = registry.thread(tab.tid[t]);
            }
        }
        for (int i = col.seg[CLAIM][s], e = col.seg[FIELDS + CLAIM][s]; i < e; i++) {
            registry.setTgid(tab.tid[col.claimThread[i]], col.claimTgid[i]);
        }
        if (namesAfter >= 0 && registry.nameChanges() != namesAfter) {
            namesTouched = true; // a packet between this chunk's segments renamed a thread
        }
        if (namesTouched) {
            // A repeat is each thread's first observation in the segment: before the others keeps
            // each thread's order (the observations of different threads do not meet).
            for (int i = col.seg[REPEAT][s], e = col.seg[FIELDS + REPEAT][s]; i < e; i++) {
                registry.name(tab.tid[col.repThread[i]], col.repTs[i], col.repName[i]);
            }
        }
        for (int i = col.seg[OBS][s], e = col.seg[FIELDS + OBS][s]; i < e; i++) {
            registry.name(tab.tid[col.obsThread[i]], col.obsTs[i], col.obsName[i]);
        }
        namesAfter = registry.nameChanges();
        mergeSlices(s, b);
        int from = col.seg[EVENT][s];
        int to = col.seg[FIELDS + EVENT][s];
        if (from < to) {
            mergeEvents(s, from, to, b);
        }
        for (int i = col.seg[COUNT][s], e = col.seg[FIELDS + COUNT][s]; i < e; i++) {
            b.count(col.countWhat[i]);
        }
    }

    /** Appends the segment's slice rows to their threads' operations, as {@code begin} and {@code end} would. */
    private void mergeSlices(int s, SystemTraceBuilder b) {
        SliceCollector slices = b.slices();
        for (int i = col.seg[SLICE][s], e = col.seg[FIELDS + SLICE][s]; i < e; i++) {
            int local = col.sliceThread[i];
            SliceCollector.Ops ops = modelOps[local];
            if (ops == null) {
                ops = slices.ops(modelThread[local]);
                modelOps[local] = ops;
            }
            int n = col.sliceName[i];
            if (n < 0) {
                ops.add(col.sliceTs[i], -1);
                continue;
            }
            int id = modelName[n];
            if (id < 0) {
                byte[] bytes = tab.names[n];
                id = b.sliceName(bytes, 0, bytes.length);
                modelName[n] = id;
            }
            ops.add(col.sliceTs[i], id);
        }
    }

    /**
     * Appends the segment's scheduler rows to its CPU's events, as {@link CpuEvents#add} would one
     * by one (room made once, then column by column), less the bundle's first hint when the CPU's
     * current task is already its thread.
     */
    private void mergeEvents(int s, int from, int to, SystemTraceBuilder b) {
        CpuEvents c = b.sched().cpuEvents(col.seg[SEG_CPU][s]);
        int cond = col.seg[SEG_COND][s];
        // Only the rows' own adds change the CPU's events here; its current task is the one before the segment.
        int skip = cond >= from && cond < to && c.lastCurrent == mapped(col.evA[cond]) ? cond : -1;
        c.room(c.size + (to - from));
        long[] ts = c.ts;
        byte[] kind = c.kind;
        int[] ca = c.a;
        int[] cb = c.b;
        byte[] state = c.state;
        short[] cpu = c.cpu;
        int k = c.size;
        // Times and kinds are copied as they are, whole runs at once (around the skipped hint).
        int firstRun = (skip < 0 ? to : skip) - from;
        System.arraycopy(col.evTs, from, ts, k, firstRun);
        System.arraycopy(col.evKind, from, kind, k, firstRun);
        if (skip >= 0) {
            System.arraycopy(col.evTs, skip + 1, ts, k + firstRun, to - skip - 1);
            System.arraycopy(col.evKind, skip + 1, kind, k + firstRun, to - skip - 1);
        }
        long switches = 0;
        long wakings = 0;
        // prev_state reads by the kernel version known now, as the direct decode's switch would.
        long lastRaw = Long.MIN_VALUE;
        byte lastState = 0;
        for (int i = from; i < to; i++) {
            if (i == skip) {
                continue;
            }
            byte kd = col.evKind[i];
            ca[k] = mapped(col.evA[i]);
            cb[k] = mapped(col.evB[i]);
            if (kd == CpuEvents.SWITCH) {
                long raw = col.evState[i];
                if (raw != lastRaw) {
                    lastRaw = raw;
                    lastState = (byte) b.prevState(raw).ordinal();
                }
                state[k] = lastState;
                cpu[k] = -1;
                switches++;
            } else if (kd == CpuEvents.WAKING) {
                state[k] = (byte) col.evState[i];
                cpu[k] = CpuEvents.targetCpu(col.evCpu[i]);
                wakings++;
            } else {
                state[k] = 0;
                cpu[k] = -1;
            }
            k++;
        }
        c.size = k;
        int lastLocal = col.seg[SEG_LAST][s];
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
