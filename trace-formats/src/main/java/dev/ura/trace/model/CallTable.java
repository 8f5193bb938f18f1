package dev.ura.trace.model;

/**
 * The calls of one thread, column-wise, in pre-order: a parent precedes its children and calls of
 * the same depth are sorted by start, so a binary search finds the visible range at each depth.
 *
 * <p>Times are nanoseconds on the file's time base. Memory is a few primitive arrays (about 11
 * bytes a call, 19 with a thread-CPU clock): times are stored as 32-bit offsets where they fit,
 * depths and method indices in 1 and 2 bytes while they fit ({@link NarrowColumn}), and the parent
 * column is derived from depth on first use rather than stored, because most consumers (painting,
 * profiles) never need it. A reader that knows every thread's call count up front can build all
 * its tables in one {@link Arena}: one array per column instead of one per thread and column.
 */
public final class CallTable {
    private final int size;
    private final TimeColumn start;
    private final TimeColumn end;
    private final TimeColumn cpuStart;
    private final TimeColumn cpuEnd;
    private final NarrowColumn method;
    private final NarrowColumn depth;
    private final int maxDepth;
    private volatile int[] parent;

    private CallTable(Builder b) {
        this.size = b.size;
        this.start = b.start;
        this.end = b.end;
        this.cpuStart = b.cpuStart;
        this.cpuEnd = b.cpuEnd;
        // A right-sized builder hands its arrays over instead of copying them (half the peak memory).
        this.method = b.method;
        this.depth = b.depth;
        method.trim();
        depth.trim();
        start.trim();
        end.trim();
        if (cpuStart != null) {
            cpuStart.trim();
            cpuEnd.trim();
        }
        int max = -1;
        for (int i = 0; i < size; i++) {
            max = Math.max(max, depth.get(i));
        }
        this.maxDepth = max;
    }

    /** An empty table. */
    public static CallTable empty() {
        return new Builder(0, 1, false, 0).build();
    }

    /** Number of calls. */
    public int size() {
        return size;
    }

    /** Wall (or, for thread-CPU-only traces, thread-CPU) start of call {@code i}, ns. */
    public long start(int i) {
        return start.get(i);
    }

    /** End of call {@code i}, ns; never before its start. */
    public long end(int i) {
        return end.get(i);
    }

    /** {@code end(i) - start(i)}. */
    public long duration(int i) {
        return end.get(i) - start.get(i);
    }

    /** Dense method index (see {@link MethodTable#get(int)}). */
    public int method(int i) {
        return method.get(i);
    }

    /** Nesting depth, 0 for a top-level call. */
    public int depth(int i) {
        return depth.get(i);
    }

    /** Deepest depth, or -1 when empty. */
    public int maxDepth() {
        return maxDepth;
    }

    /** Whether thread-CPU times are present. */
    public boolean hasCpuTime() {
        return cpuStart != null;
    }

    /** Thread-CPU time at the call's entry, ns; only when {@link #hasCpuTime()}. */
    public long cpuStart(int i) {
        return cpuStart.get(i);
    }

    /** Thread-CPU time at the call's exit, ns; only when {@link #hasCpuTime()}. */
    public long cpuEnd(int i) {
        return cpuEnd.get(i);
    }

    /** Index of the enclosing call, or -1 for a top-level call. */
    public int parent(int i) {
        return parents()[i];
    }

    /**
     * The last call index inside the subtree of {@code i} (inclusive): children of {@code i} are
     * {@code i+1 .. subtreeEnd(i)}.
     */
    public int subtreeEnd(int i) {
        int d = depth.get(i);
        int j = i + 1;
        while (j < size && depth.get(j) > d) {
            j++;
        }
        return j - 1;
    }

    /**
     * {@link #subtreeEnd} of every call at once, in one pass over the depths (linear, where calling
     * {@code subtreeEnd} for each call is quadratic on deep traces). Not kept: callers that need it
     * often hold on to it themselves.
     */
    public int[] subtreeEnds() {
        return subtreeEnds(null);
    }

    /**
     * {@link #subtreeEnds()} written into {@code into} when it has room for {@link #size()} calls
     * (else into a new array, returned): a caller going through every thread reuses one array
     * instead of making one per thread.
     */
    public int[] subtreeEnds(int[] into) {
        int[] end = into != null && into.length >= size ? into : new int[size];
        int[] stack = new int[Math.max(1, maxDepth() + 2)];
        int top = -1;
        for (int i = 0; i < size; i++) {
            int d = depth.get(i);
            while (top >= 0 && depth.get(stack[top]) >= d) {
                end[stack[top--]] = i - 1;
            }
            stack[++top] = i;
        }
        while (top >= 0) {
            end[stack[top--]] = size - 1;
        }
        return end;
    }

    /** The parent column, derived from depth on first use and then kept (4 bytes a call). */
    public int[] parents() {
        int[] p = parent;
        if (p == null) {
            p = computeParents();
            parent = p;
        }
        return p;
    }

    private int[] computeParents() {
        int[] p = new int[size];
        int[] stack = new int[Math.max(1, maxDepth + 1)];
        for (int i = 0; i < size; i++) {
            int d = depth.get(i);
            p[i] = d == 0 ? -1 : stack[d - 1];
            stack[d] = i;
        }
        return p;
    }

    /** Approximate heap bytes held by the columns (for benchmarks). */
    public long byteSize() {
        long b = start.byteSize() + end.byteSize() + method.byteSize() + depth.byteSize();
        if (cpuStart != null) {
            b += cpuStart.byteSize() + cpuEnd.byteSize();
        }
        int[] p = parent;
        return p == null ? b : b + 4L * p.length;
    }

    /**
     * Room for the calls of several tables, one array per column (the time columns in one): a reader
     * that counted every thread's calls first fills all its tables here. A few arrays of tens of MB each are allocated
     * once, directly where long-lived data goes (a collector's large-object space), where one array
     * per thread and column would be copied by every young collection while the file is read, which
     * makes the collector grow the heap far past what the tables need.
     */
    public static final class Arena {
        /**
         * Up to this many ints (512 MB) the time columns share one array: one large enough that a
         * generational collector allocates it straight in the old generation (the parallel
         * collector does so for objects of half its young space) instead of copying it there.
         */
        private static final long SHARED_TIMES_MAX = 1L << 27;
        private final int[] start;
        private final int[] end;
        private final int[] cpuStart;
        private final int[] cpuEnd;
        /** Where each time column starts in its array. */
        private final int endBase;
        private final int cpuStartBase;
        private final int cpuEndBase;
        private final char[] method;
        private final byte[] depth;
        private int used;

        /** Room for {@code calls} calls (at most {@link Integer#MAX_VALUE} - 8), with thread-CPU times or not. */
        public Arena(int calls, boolean withCpu) {
            this(calls, withCpu, SHARED_TIMES_MAX);
        }

        /** Tests: time columns in one array up to {@code sharedMax} ints. */
        Arena(int calls, boolean withCpu, long sharedMax) {
            int columns = withCpu ? 4 : 2;
            if ((long) columns * calls <= sharedMax) {
                int[] times = new int[columns * calls];
                start = times;
                end = times;
                cpuStart = withCpu ? times : null;
                cpuEnd = withCpu ? times : null;
                endBase = calls;
                cpuStartBase = 2 * calls;
                cpuEndBase = 3 * calls;
            } else {
                start = new int[calls];
                end = new int[calls];
                cpuStart = withCpu ? new int[calls] : null;
                cpuEnd = withCpu ? new int[calls] : null;
                endBase = 0;
                cpuStartBase = 0;
                cpuEndBase = 0;
            }
            method = new char[calls];
            depth = new byte[calls];
        }
    }

    /**
     * Builds a table from enter/exit events in the order a thread produced them. Open calls are
     * appended on entry (that is what makes the table pre-order) and completed on exit.
     */
    public static final class Builder {
        private final TimeColumn start;
        private final TimeColumn end;
        private final TimeColumn cpuStart;
        private final TimeColumn cpuEnd;
        private final NarrowColumn method;
        private final NarrowColumn depth;
        private int size;

        /**
         * @param baseNs     a time no earlier than any the thread will use (e.g. the trace start)
         * @param unitNs     the resolution of the times in ns (1000 for µs records)
         * @param withCpu    whether thread-CPU times are recorded
         * @param capacity   expected number of calls (a hint; clamp it to what the file can hold)
         */
        public Builder(long baseNs, long unitNs, boolean withCpu, int capacity) {
            int cap = Math.max(4, capacity);
            start = new TimeColumn(baseNs, unitNs, cap);
            end = new TimeColumn(baseNs, unitNs, cap);
            cpuStart = withCpu ? new TimeColumn(0, unitNs, cap) : null;
            cpuEnd = withCpu ? new TimeColumn(0, unitNs, cap) : null;
            method = NarrowColumn.of(2, cap);
            depth = NarrowColumn.of(1, cap);
        }

        /**
         * A builder for {@code capacity} calls in the next free slices of {@code arena} (its own
         * arrays when the arena is full); thread-CPU times when the arena has them. Calls beyond
         * {@code capacity} move the table to arrays of its own.
         */
        public Builder(Arena arena, long baseNs, long unitNs, int capacity) {
            int cap = Math.max(0, capacity);
            if (arena.used + cap > arena.method.length) {
                throw new IllegalStateException("arena full: " + arena.used + " + " + cap + " > " + arena.method.length);
            }
            int off = arena.used;
            arena.used += cap;
            start = new TimeColumn(baseNs, unitNs, arena.start, off, cap);
            end = new TimeColumn(baseNs, unitNs, arena.end, arena.endBase + off, cap);
            cpuStart = arena.cpuStart != null
                    ? new TimeColumn(0, unitNs, arena.cpuStart, arena.cpuStartBase + off, cap) : null;
            cpuEnd = arena.cpuEnd != null ? new TimeColumn(0, unitNs, arena.cpuEnd, arena.cpuEndBase + off, cap) : null;
            method = NarrowColumn.slice(arena.method, off, cap);
            depth = NarrowColumn.slice(arena.depth, off, cap);
        }

        /**
         * Appends a call whose end is not known yet.
         *
         * @return its index, to pass to {@link #close}
         */
        public int open(int methodIndex, int callDepth, long startNs, long cpuStartNs) {
            method.add(methodIndex);
            depth.add(Math.min(Short.MAX_VALUE, callDepth));
            start.add(startNs);
            end.add(startNs);
            if (cpuStart != null) {
                cpuStart.add(cpuStartNs);
                cpuEnd.add(cpuStartNs);
            }
            return size++;
        }

        /**
         * {@link #open} with times already in the builder's unit, counted from its base (for a
         * reader of µs records built with base 0 and unit 1000: the µs values themselves). Avoids
         * a division per time on hot load paths.
         */
        public int openUnits(int methodIndex, int callDepth, long startUnits, long cpuStartUnits) {
            method.add(methodIndex);
            depth.add(Math.min(Short.MAX_VALUE, callDepth));
            start.addUnits(startUnits);
            end.addUnits(startUnits);
            if (cpuStart != null) {
                cpuStart.addUnits(cpuStartUnits);
                cpuEnd.addUnits(cpuStartUnits);
            }
            return size++;
        }

        /**
         * {@link #close} with times in units from the base, for readers whose times never run
         * backwards: the caller guarantees {@code end >= start} (no clamping, no read of the start,
         * which keeps closing a long-open call free of a cache miss).
         */
        public void closeUnits(int index, long endUnits, long cpuEndUnits) {
            end.setUnits(index, endUnits);
            if (cpuEnd != null) {
                cpuEnd.setUnits(index, cpuEndUnits);
            }
        }

        /**
         * Wraps the calls so far in {@code count} synthetic callers, for exits read before any entry
         * (the trace began inside those methods; perflib and Android Studio add such callers too).
         * Caller {@code i} (in the order its exit was read) ended at {@code endUnits[i]} and encloses
         * the first {@code adopted[i]} calls (non-decreasing in {@code i}) and the earlier callers:
         * the last one becomes call 0 at depth 0, and every call it encloses moves one level down.
         * All callers start at {@code startUnits}. Times are in units from the base, as for
         * {@link #openUnits}; the columns grow to exactly the new size.
         */
        public void encloseLeadingCalls(int count, int[] adopted, int[] methods, long startUnits,
                                        long cpuStartUnits, long[] endUnits, long[] cpuEndUnits) {
            if (count <= 0) {
                return;
            }
            int n = size + count;
            method.insertFront(count);
            depth.insertFront(count);
            start.insertFront(count);
            end.insertFront(count);
            if (cpuStart != null) {
                cpuStart.insertFront(count);
                cpuEnd.insertFront(count);
            }
            // Call j gains one level per caller that adopted it: those with adopted[i] > j.
            int first = 0;
            for (int j = 0; first < count && j < size; j++) {
                while (first < count && adopted[first] <= j) {
                    first++;
                }
                if (first < count) {
                    depth.set(count + j, Math.min(Short.MAX_VALUE, depth.get(count + j) + count - first));
                }
            }
            for (int i = 0; i < count; i++) {
                int slot = count - 1 - i;
                method.set(slot, methods[i]);
                depth.set(slot, Math.min(Short.MAX_VALUE, slot));
                start.setUnits(slot, startUnits);
                end.setUnits(slot, endUnits[i]);
                if (cpuStart != null) {
                    cpuStart.setUnits(slot, cpuStartUnits);
                    cpuEnd.setUnits(slot, cpuEndUnits[i]);
                }
            }
            size = n;
        }

        /** Sets the end of a call opened earlier; an end before the start is clamped to the start. */
        public void close(int index, long endNs, long cpuEndNs) {
            end.set(index, Math.max(endNs, start.get(index)));
            if (cpuEnd != null) {
                cpuEnd.set(index, Math.max(cpuEndNs, cpuStart.get(index)));
            }
        }

        /** Re-sets the start of a call (used when a synthetic caller is back-dated). */
        public void setStart(int index, long startNs, long cpuStartNs) {
            start.set(index, startNs);
            if (cpuStart != null) {
                cpuStart.set(index, cpuStartNs);
            }
        }

        public long startOf(int index) {
            return start.get(index);
        }

        public int size() {
            return size;
        }

        /** The finished table; the builder hands its columns over and must not be used afterwards. */
        public CallTable build() {
            return new CallTable(this);
        }
    }
}
