package dev.ura.trace.system;

import java.util.Arrays;

/**
 * The rows of a chunk's tables: {@link ChunkTables} appends them on a decoding thread, {@link ChunkMerge}
 * reads them on the reading thread. Column groups in arrival order, and per segment (bundle) where its
 * rows start and end in each group, with what the merge needs of the segment itself.
 */
final class ChunkColumns {
    /* Column groups. */
    static final int SEEN = 0;
    static final int CLAIM = 1;
    static final int OBS = 2;
    static final int SLICE = 3;
    static final int EVENT = 4;
    static final int COUNT = 5;
    /** Name observations that repeat the thread's last one in an earlier segment of the chunk. */
    static final int REPEAT = 6;
    static final int FIELDS = 7;
    /** seg[f][s]: start of segment s in column group f (f < FIELDS); its end is in seg[FIELDS + f][s]. */
    static final int SEG_CPU = 2 * FIELDS;
    static final int SEG_COND = SEG_CPU + 1;
    static final int SEG_LAST = SEG_COND + 1;
    private static final int SEG_FIELDS = SEG_LAST + 1;

    /* Segments: bounds and the segment's CPU, first hint row, last current task; its records and time range. */
    int segments;
    int[][] seg = new int[SEG_FIELDS][16];
    long[][] segLong = new long[3][16];
    /** Rows in each group so far. */
    final int[] size = new int[FIELDS];

    int[] seenList = new int[64];
    int[] claimThread = new int[64];
    long[] claimTgid = new long[64];
    int[] obsThread = new int[64];
    long[] obsTs = new long[64];
    String[] obsName = new String[64];
    int[] repThread = new int[64];
    long[] repTs = new long[64];
    String[] repName = new String[64];
    int[] sliceThread = new int[1024];
    long[] sliceTs = new long[1024];
    /** Local name id of a begin, -1 for an end. */
    int[] sliceName = new int[1024];
    long[] evTs = new long[1024];
    byte[] evKind = new byte[1024];
    int[] evA = new int[1024];
    int[] evB = new int[1024];
    /** Switch: the raw {@code prev_state} (read with the kernel version at merge time); waking: flags. */
    long[] evState = new long[1024];
    int[] evCpu = new int[1024];
    String[] countWhat = new String[16];

    /** Forgets all rows (the columns are kept for the next chunk). */
    void clear() {
        Arrays.fill(obsName, 0, size[OBS], null);
        Arrays.fill(repName, 0, size[REPEAT], null);
        Arrays.fill(countWhat, 0, size[COUNT], null);
        Arrays.fill(size, 0);
        segments = 0;
    }

    /** Opens a segment. */
    void begin() {
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

    /** Closes the open segment; returns its number. */
    int end(int cpu, int condRow, int last, long records, long minTs, long maxTs) {
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

    /** The open segment's first row in group {@code f}. */
    int openFrom(int f) {
        return seg[f][segments];
    }

    /** Drops the open segment's rows. */
    void drop() {
        for (int f = 0; f < FIELDS; f++) {
            int from = seg[f][segments];
            if (f == OBS) {
                Arrays.fill(obsName, from, size[f], null);
            } else if (f == REPEAT) {
                Arrays.fill(repName, from, size[f], null);
            } else if (f == COUNT) {
                Arrays.fill(countWhat, from, size[f], null);
            }
            size[f] = from;
        }
    }

    void seen(int t) {
        int i = size[SEEN]++;
        if (i == seenList.length) {
            seenList = Arrays.copyOf(seenList, i * 2);
        }
        seenList[i] = t;
    }

    void claim(int t, long tgid) {
        int i = size[CLAIM]++;
        if (i == claimThread.length) {
            claimThread = Arrays.copyOf(claimThread, i * 2);
            claimTgid = Arrays.copyOf(claimTgid, i * 2);
        }
        claimThread[i] = t;
        claimTgid[i] = tgid;
    }

    void name(int t, long ts, String name) {
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

    void repeat(int t, long ts, String name) {
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

    void slice(int t, long ts, int name) {
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

    void event(long ts, byte kind, int a, int b, long state, int targetCpu) {
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

    void count(String what) {
        int i = size[COUNT]++;
        if (i == countWhat.length) {
            countWhat = Arrays.copyOf(countWhat, i * 2);
        }
        countWhat[i] = what;
    }
}
