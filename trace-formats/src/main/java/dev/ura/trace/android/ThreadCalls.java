package dev.ura.trace.android;

import dev.ura.trace.model.CallTable;

import java.util.Arrays;

/**
 * One thread's call stack while its records are decoded, with the repairs of
 * {@code docs/android-trace-format.md} §8. A counting pass ({@link #count}) sizes the call table
 * (one call per entry record); the building pass ({@link #apply}) fills it.
 *
 * <p>Repairs: an exit with an empty stack gets a synthetic caller that starts at the thread's first
 * time and adopts every earlier top-level call (perflib / Android Studio); such exits are noted
 * while building and the callers put in front of the table at the end
 * ({@link CallTable.Builder#encloseLeadingCalls}), so the table stays in pre-order. An exit of a
 * method deeper in the stack (up to 256 frames) pops until it (the calls above it end there too);
 * an exit of a method not on the stack is dropped; actions 2 (unwind) and 3 close a call like an
 * exit; calls open at the end close at the thread's last time. Times are µs: u32 values are
 * extended past 2^32 per thread and never run backwards (a record earlier than its predecessor
 * takes the predecessor's time; the same for thread-CPU time), which is what lets calls close
 * without comparing against their start.
 */
final class ThreadCalls {
    private static final int EMPTY_STACK = -1;
    private static final int NOT_ON_STACK = -2;
    private static final long WRAP_THRESHOLD = 0x8000_0000L;
    /**
     * How far below the top an exit's method is looked for. Real mismatches are a few frames deep;
     * the bound keeps a hostile file (deep stack, many stray exits) linear instead of quadratic.
     */
    private static final int MAX_SEARCH = 256;

    final int key;
    /** Which decoding worker builds this thread (0 = the caller's). */
    int worker;
    long records;
    private int enters;

    private int[] stackId = new int[32];
    private int[] stackCall = new int[32];
    private int depth;

    private CallOutput calls;
    private MethodResolver methods;
    /** Deepest stack depth a call was opened at (the table stores depths as shorts). */
    int maxDepth;
    private boolean cpuClock;
    private boolean started;
    private long firstTime;
    private long firstCpu;
    private int[] unmatchedAdopted;
    private int[] unmatchedMethod;
    private long[] unmatchedEnd;
    private long[] unmatchedCpuEnd;
    private long timeEpoch = -1;
    private long lastRawTime;
    private long cpuEpoch = -1;
    private long lastRawCpu;
    private long lastTime;
    private long lastCpu;

    int popped;
    int dropped;
    int action3;
    int backwards;
    int cpuBackwards;
    int wraps;
    int openAtEnd;
    int synthetic;

    ThreadCalls(int key) {
        this.key = key;
    }

    /** Pass 1: one record's method|action value. */
    void count(int methodAction) {
        records++;
        if ((methodAction & 3) == AndroidTraceWriter.ENTER) {
            enters++;
        }
    }

    /** Pass 1 done elsewhere ({@link RecordCounter}): its counts for this thread. */
    void counted(long recordCount, int enterCount) {
        records = recordCount;
        enters = enterCount;
    }

    /** Calls the building pass creates from entries (synthetic callers come on top). */
    int callCapacity() {
        return enters;
    }

    /** Between the passes: the table to fill and how to name methods. */
    void startBuilding(CallTable.Builder builder, MethodResolver resolver, boolean withCpu) {
        startOutput(new CallOutput.Table(builder), resolver, withCpu);
    }

    /** Before the building pass (or the one-pass scan): where calls go and how to name methods. */
    void startOutput(CallOutput output, MethodResolver resolver, boolean withCpu) {
        calls = output;
        methods = resolver;
        cpuClock = withCpu;
        depth = 0;
    }

    /**
     * The one-pass scan ({@link MethodTraceScan}): counts the record as {@link #count} does, then
     * applies it. An exit's undefined method id is resolved first, as the full reader's counting
     * pass does, so undefined methods get the same indices in the same order.
     */
    void scan(int methodAction, int time32, int cpu32) {
        count(methodAction);
        if ((methodAction & 3) != AndroidTraceWriter.ENTER) {
            methods.resolveExit(methodAction & ~3);
        }
        apply(methodAction, time32, cpu32);
    }

    /**
     * Pass 2: one record.
     *
     * @param time32 the record's primary time (wall, or thread-CPU for thread-cpu traces), u32 µs
     * @param cpu32  the thread-CPU time of a dual-clock record, u32 µs (ignored otherwise)
     */
    void apply(int methodAction, int time32, int cpu32) {
        long t = extendTime(time32);
        long c = cpuClock ? extendCpu(cpu32) : 0;
        if (!started) {
            started = true;
            firstTime = t;
            firstCpu = c;
        }
        int id = methodAction & ~3;
        int action = methodAction & 3;
        if (action == AndroidTraceWriter.ENTER) {
            if (depth > maxDepth) {
                maxDepth = depth;
            }
            push(id, calls.open(methods.index(id), depth, t, c));
            return;
        }
        if (action == 3) {
            action3++;
        }
        int target = find(id);
        if (target >= 0 && target == depth - 1) {
            // the usual exit, of the innermost call: kept apart from the loop below, whose
            // loop-limit check made the JIT recompile this method mid-file
            calls.close(stackCall[target], t, c);
            depth = target;
        } else if (target >= 0) {
            closeDownTo(target, t, c);
        } else if (target == NOT_ON_STACK) {
            dropped++;
        } else {
            noteUnmatched(methods.index(id), t, c);
        }
    }

    /** An exit of a call deeper in the stack: the calls above it end here too. */
    private void closeDownTo(int target, long t, long c) {
        for (int i = depth - 1; i >= target; i--) {
            calls.close(stackCall[i], t, c);
        }
        popped += depth - 1 - target;
        depth = target;
    }

    /** An exit with an empty stack: its caller will adopt every call so far. */
    private void noteUnmatched(int methodIndex, long t, long c) {
        if (unmatchedMethod == null) {
            unmatchedAdopted = new int[4];
            unmatchedMethod = new int[4];
            unmatchedEnd = new long[4];
            unmatchedCpuEnd = new long[4];
        } else if (synthetic == unmatchedMethod.length) {
            int n = synthetic * 2;
            unmatchedAdopted = Arrays.copyOf(unmatchedAdopted, n);
            unmatchedMethod = Arrays.copyOf(unmatchedMethod, n);
            unmatchedEnd = Arrays.copyOf(unmatchedEnd, n);
            unmatchedCpuEnd = Arrays.copyOf(unmatchedCpuEnd, n);
        }
        unmatchedAdopted[synthetic] = calls.size();
        unmatchedMethod[synthetic] = methodIndex;
        unmatchedEnd[synthetic] = t;
        unmatchedCpuEnd[synthetic] = c;
        synthetic++;
        calls.unmatchedExit(methodIndex, firstTime, t);
    }

    /**
     * Pass 2 done: closes what is still open at the thread's last time; the table, or {@code null}
     * when the output keeps none.
     */
    CallTable finish() {
        openAtEnd = depth;
        for (int i = depth - 1; i >= 0; i--) {
            calls.close(stackCall[i], lastTime, lastCpu);
        }
        calls.enclose(synthetic, unmatchedAdopted, unmatchedMethod, firstTime, firstCpu, unmatchedEnd,
                unmatchedCpuEnd);
        depth = 0;
        stackId = null;
        stackCall = null;
        CallTable table = calls.build();
        calls = null;
        return table;
    }

    /** The thread's first record time (units), once a record was applied. */
    long firstUnits() {
        return firstTime;
    }

    /** The thread's last record time (units; times never run backwards). */
    long lastUnits() {
        return lastTime;
    }

    private long extendTime(int time32) {
        long raw = time32 & 0xFFFF_FFFFL;
        if (timeEpoch < 0) {
            timeEpoch = 0;
        } else if (raw < lastRawTime && lastRawTime - raw > WRAP_THRESHOLD) {
            timeEpoch += 1L << 32;
            wraps++;
        }
        lastRawTime = raw;
        long t = timeEpoch + raw;
        if (t < lastTime) {
            backwards++;
            t = lastTime;
        }
        lastTime = t;
        return t;
    }

    private long extendCpu(int cpu32) {
        long raw = cpu32 & 0xFFFF_FFFFL;
        if (cpuEpoch < 0) {
            cpuEpoch = 0;
        } else if (raw < lastRawCpu && lastRawCpu - raw > WRAP_THRESHOLD) {
            cpuEpoch += 1L << 32;
        }
        lastRawCpu = raw;
        long c = cpuEpoch + raw;
        if (c < lastCpu) {
            cpuBackwards++;
            c = lastCpu;
        }
        lastCpu = c;
        return c;
    }

    private int find(int id) {
        if (depth == 0) {
            return EMPTY_STACK;
        }
        int floor = Math.max(0, depth - MAX_SEARCH);
        for (int i = depth - 1; i >= floor; i--) {
            if (stackId[i] == id) {
                return i;
            }
        }
        return NOT_ON_STACK;
    }

    private void push(int id, int call) {
        if (depth == stackId.length) {
            stackId = Arrays.copyOf(stackId, depth * 2);
            stackCall = Arrays.copyOf(stackCall, depth * 2);
        }
        stackId[depth] = id;
        stackCall[depth] = call;
        depth++;
    }
}
