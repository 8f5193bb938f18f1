package dev.ura.app.cli.bench;

import dev.ura.trace.model.CallTable;
import dev.ura.trace.model.Clock;
import dev.ura.trace.model.EventTable;
import dev.ura.trace.model.MethodInfo;
import dev.ura.trace.model.MethodTable;
import dev.ura.trace.model.ThreadTrack;
import dev.ura.trace.model.Trace;
import dev.ura.trace.model.TraceMetadata;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * A deterministic, method-trace-shaped trace of a requested size for benchmarks: a few threads
 * (the main thread busiest), trees of nested calls up to 24 deep with µs resolution, a method
 * pool spread over a few dozen packages.
 */
public final class SyntheticTrace {
    private static final int MAX_DEPTH = 24;
    private final SplittableRandom random;
    private final int methodCount;
    private int budget;

    private SyntheticTrace(long seed, int methodCount) {
        this.random = new SplittableRandom(seed);
        this.methodCount = methodCount;
    }

    /** About {@code calls} calls over {@code threads} threads (at least 1). */
    public static Trace generate(int calls, int threads, long seed) {
        SyntheticTrace g = new SyntheticTrace(seed, 2000);
        MethodTable.Builder methods = new MethodTable.Builder();
        for (int m = 0; m < g.methodCount; m++) {
            String pkg = "com.example.p" + (m % 37) + (m % 3 == 0 ? ".ui" : ".data");
            methods.define(new MethodInfo(m + 1L, pkg + ".C" + (m % 211), "m" + m, "()V", "C" + (m % 211) + ".java", m));
        }
        List<ThreadTrack> tracks = new ArrayList<>();
        int n = Math.max(1, threads);
        for (int t = 0; t < n; t++) {
            int share = t == 0 ? calls * 2 / 5 : (calls - calls * 2 / 5) / Math.max(1, n - 1);
            if (n == 1) {
                share = calls;
            }
            CallTable table = g.thread(share);
            tracks.add(new ThreadTrack(t + 1L, t == 0 ? "main" : "worker-" + t, t == 0, table.size(), table));
        }
        return new Trace("synthetic-" + calls + ".trace",
                new TraceMetadata("synthetic", "bench", 0, Clock.WALL, null, -1, 0, Map.of()),
                methods.build(), tracks, EventTable.empty(), List.of(), calls, List.of());
    }

    private CallTable thread(int calls) {
        CallTable.Builder b = new CallTable.Builder(0, 1000, false, calls + 64);
        budget = calls;
        long t = random.nextLong(50) * 1000;
        while (budget > 0) {
            long dur = (200 + random.nextLong(16_000)) * 1000;
            tree(b, 0, t, t + dur);
            t += dur + random.nextLong(1, 3_000) * 1000;
        }
        return b.build();
    }

    private void tree(CallTable.Builder b, int depth, long start, long end) {
        budget--;
        int call = b.open(random.nextInt(methodCount), depth, start, 0);
        long t = start + 1000;
        while (budget > 0 && depth < MAX_DEPTH && end - t >= 2000 && random.nextInt(100) < 88) {
            long room = end - t - 1000;
            long dur = Math.max(1000, (long) (room * random.nextDouble(0.02, 0.7)) / 1000 * 1000);
            tree(b, depth + 1, t, t + dur);
            t += dur + 1000 * random.nextLong(0, 3);
        }
        b.close(call, end, 0);
    }
}
