package dev.ura.trace.system;

import dev.ura.trace.model.CallTable;
import dev.ura.trace.model.system.AsyncSlice;
import dev.ura.trace.model.system.CounterTrack;
import dev.ura.trace.model.system.ThreadInstant;
import dev.ura.trace.util.LongIntMap;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Thread slices (begin/end per thread, nesting like a call stack), async slices (begin/end by
 * key), instants and counters, collected in arrival order and matched in time order: one
 * thread's events come from several CPUs' buffers, so arrival order is not time order.
 */
final class SliceCollector {
    private final Names names;
    /** Each thread's operations by thread index, null until it has one. */
    private Ops[] threads = new Ops[64];
    private final List<AsyncOp> async = new ArrayList<>();
    private final List<ThreadInstant> instants = new ArrayList<>();
    /** Counters in first-seen order. */
    private final Map<String, Counter> counters = new LinkedHashMap<>();
    private final LongIntMap counterPids = new LongIntMap();
    private final List<Map<String, Counter>> counterNames = new ArrayList<>();
    private long unmatchedEnds;
    private long unclosed;

    private record AsyncOp(long ts, boolean begin, long pid, String track, String name, long cookie, int seq) {
    }

    private static final class Counter {
        final long pid;
        final String name;
        int size;
        long[] t = new long[16];
        double[] v = new double[16];

        Counter(long pid, String name) {
            this.pid = pid;
            this.name = name;
        }
    }

    /** One thread's slice begins (a {@link Names} id) and ends (-1) in arrival order. */
    static final class Ops {
        int size;
        long[] ts = new long[16];
        int[] name = new int[16];

        void add(long t, int n) {
            if (size == ts.length) {
                ts = Arrays.copyOf(ts, size * 2);
                name = Arrays.copyOf(name, size * 2);
            }
            ts[size] = t;
            name[size] = n;
            size++;
        }
    }

    SliceCollector(Names names) {
        this.names = names;
    }

    /** Opens a slice on a thread. */
    void begin(int thread, long ts, String name) {
        ops(thread).add(ts, names.id(name.isEmpty() ? "[empty slice name]" : name));
    }

    /** Opens a slice named by a {@link Names} id. */
    void begin(int thread, long ts, int nameId) {
        ops(thread).add(ts, nameId);
    }

    /** Ends the thread's innermost open slice (at match time, in time order). */
    void end(int thread, long ts) {
        ops(thread).add(ts, -1);
    }

    void instant(int thread, long ts, String name) {
        instants.add(new ThreadInstant(thread, ts, name));
    }

    void asyncBegin(long ts, long pid, String track, String name, long cookie) {
        async.add(new AsyncOp(ts, true, pid, track, name, cookie, async.size()));
    }

    void asyncEnd(long ts, long pid, String track, long cookie) {
        async.add(new AsyncOp(ts, false, pid, track, null, cookie, async.size()));
    }

    /** An instant on a process track ({@code N}): a zero-length, closed async slice. */
    void asyncInstant(long ts, long pid, String track, String name) {
        async.add(new AsyncOp(ts, true, pid, track, name, Long.MIN_VALUE, async.size()));
    }

    void counter(long ts, long pid, String name, double value) {
        // Found by pid, then name (no key String per sample: counters can be a tenth of a trace's lines).
        int p = counterPids.get(pid);
        if (p < 0) {
            p = counterNames.size();
            counterPids.put(pid, p);
            counterNames.add(new HashMap<>());
        }
        Counter c = counterNames.get(p).get(name);
        if (c == null) {
            c = new Counter(pid, name);
            counterNames.get(p).put(name, c);
            counters.put(pid + "\0" + name, c);
        }
        if (c.size == c.t.length) {
            c.t = Arrays.copyOf(c.t, c.size * 2);
            c.v = Arrays.copyOf(c.v, c.size * 2);
        }
        c.t[c.size] = ts;
        c.v[c.size] = value;
        c.size++;
    }

    /** The operations of {@code thread}, for appending ({@link ChunkMerge} finds each thread's once a chunk). */
    Ops ops(int thread) {
        if (thread >= threads.length) {
            threads = Arrays.copyOf(threads, Math.max(thread + 1, threads.length * 2));
        }
        Ops o = threads[thread];
        if (o == null) {
            o = new Ops();
            threads[thread] = o;
        }
        return o;
    }

    long unmatchedEnds() {
        return unmatchedEnds;
    }

    long unclosed() {
        return unclosed;
    }

    /** Number of begin/end operations on {@code thread} (its records). */
    long records(int thread) {
        return thread < threads.length && threads[thread] != null ? threads[thread].size : 0;
    }

    /**
     * The calls of a thread: ends match the innermost open begin in time order; an end with
     * nothing open is dropped; a begin never ended lasts to {@code endNs}. Once per thread: the
     * thread's operations are released.
     */
    CallTable calls(int thread, long endNs) {
        Ops o = thread < threads.length ? threads[thread] : null;
        if (o == null || o.size == 0) {
            return CallTable.empty();
        }
        int[] order = dev.ura.trace.model.system.TimeOrder.of(o.ts, o.size);
        long base = o.ts[order[0]];
        int begins = 0;
        for (int k = 0; k < o.size; k++) {
            begins += o.name[k] >= 0 ? 1 : 0;
        }
        // Exactly one call per begin: the columns are built at their final size, never trimmed (copied).
        CallTable.Builder b = new CallTable.Builder(base, 1, false, begins);
        int[] stack = new int[16];
        int depth = 0;
        for (int k : order) {
            if (o.name[k] >= 0) {
                if (depth == stack.length) {
                    stack = Arrays.copyOf(stack, depth * 2);
                }
                stack[depth] = b.open(o.name[k], depth, o.ts[k], 0);
                depth++;
            } else if (depth == 0) {
                unmatchedEnds++;
            } else {
                b.close(stack[--depth], o.ts[k], 0);
            }
        }
        unclosed += depth;
        while (depth > 0) {
            b.close(stack[--depth], Math.max(endNs, base), 0);
        }
        // The operations are calls now: only their count is asked for again (records).
        o.ts = null;
        o.name = null;
        return b.build();
    }

    List<ThreadInstant> instants() {
        List<ThreadInstant> out = new ArrayList<>(instants);
        out.sort((a, b) -> Long.compare(a.timeNs(), b.timeNs()));
        return out;
    }

    /** Async slices matched by (pid, track, cookie) in time order; a repeated begin of an open key is ignored. */
    List<AsyncSlice> asyncSlices(long endNs) {
        List<AsyncOp> ops = new ArrayList<>(async);
        ops.sort((a, b) -> a.ts != b.ts ? Long.compare(a.ts, b.ts) : Integer.compare(a.seq, b.seq));
        Map<String, AsyncOp> open = new HashMap<>();
        List<AsyncSlice> out = new ArrayList<>();
        for (AsyncOp op : ops) {
            if (op.begin && op.cookie == Long.MIN_VALUE) {
                out.add(new AsyncSlice(op.pid, op.track, op.name, 0, op.ts, op.ts, true));
                continue;
            }
            String key = op.pid + "\0" + op.track + "\0" + op.cookie;
            if (op.begin) {
                open.putIfAbsent(key, op);
            } else {
                AsyncOp b = open.remove(key);
                if (b != null) {
                    out.add(new AsyncSlice(b.pid, b.track, b.name, b.cookie, b.ts, op.ts, true));
                }
            }
        }
        for (AsyncOp b : open.values()) {
            out.add(new AsyncSlice(b.pid, b.track, b.name, b.cookie, b.ts, Math.max(b.ts, endNs), false));
        }
        out.sort((a, b) -> Long.compare(a.startNs(), b.startNs()));
        return out;
    }

    List<CounterTrack> counters() {
        List<CounterTrack> out = new ArrayList<>();
        for (Counter c : counters.values()) {
            out.add(new CounterTrack(c.pid, c.name, Arrays.copyOf(c.t, c.size), Arrays.copyOf(c.v, c.size)));
        }
        return out;
    }
}
