package dev.ura.app.cli.bench;

import dev.ura.trace.android.AndroidTraceWriter;
import dev.ura.trace.model.Clock;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;

/**
 * Writes a large version-3 dual-clock trace straight to disk (never held in memory), legacy or
 * streaming format (header 0xF3: each method and thread packet before its first use, the summary
 * at the end, as ART writes for Android Studio):
 * {@value #THREADS} threads taking turns in bursts, each a random walk of calls around depth
 * {@value #TYPICAL_DEPTH} (at most {@value #MAX_DEPTH}), like an instrumented app trace.
 */
final class BenchTraceGenerator {
    static final int THREADS = 20;
    static final int METHODS = 4000;
    static final int TYPICAL_DEPTH = 24;
    static final int MAX_DEPTH = 120;
    private static final int RECORD_BYTES = 14;
    private static final long PID = 4242;

    private BenchTraceGenerator() {
    }

    /** Writes about {@code bytes} bytes of a legacy trace to {@code file}; returns the number of records. */
    static long write(Path file, long bytes, long seed) throws IOException {
        return write(file, bytes, seed, false);
    }

    /** Writes about {@code bytes} bytes to {@code file}, streaming format or not; returns the number of records. */
    static long write(Path file, long bytes, long seed, boolean streaming) throws IOException {
        long records = Math.max(1, bytes / RECORD_BYTES);
        AndroidTraceWriter w = (streaming ? AndroidTraceWriter.streaming(3, Clock.DUAL) : AndroidTraceWriter.legacy(3,
                Clock.DUAL)).pid(PID).startTimeUs(1_000_000_000L);
        for (int t = 0; t < THREADS; t++) {
            w.thread(t == 0 ? PID : PID + t, t == 0 ? "main" : "worker-" + t);
        }
        for (int m = 0; m < METHODS; m++) {
            w.method(w.methodId(m), "com.example.bench.Class" + (m / 16), "method" + m, "(I)V", "Class" + (m / 16) + ".java");
        }
        SplittableRandom random = new SplittableRandom(seed);
        long wall = 0;
        long[] cpu = new long[THREADS];
        int[] depth = new int[THREADS];
        long[][] stack = new long[THREADS][MAX_DEPTH];
        long elapsedGuess = records * 2;
        w.property("elapsed-time-usec", Long.toString(elapsedGuess));
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(file), 1 << 20)) {
            w.open(out, records);
            long written = 0;
            while (written < records) {
                int t = random.nextInt(THREADS);
                long tid = t == 0 ? PID : PID + t;
                int burst = 20 + random.nextInt(200);
                for (int i = 0; i < burst && written < records; i++, written++) {
                    wall += random.nextInt(4);
                    cpu[t] += random.nextInt(3);
                    int d = depth[t];
                    boolean enter = d == 0 || (d < MAX_DEPTH && random.nextInt(100) < (d < TYPICAL_DEPTH ? 56 : 44));
                    if (enter) {
                        long id = w.methodId(random.nextInt(METHODS));
                        stack[t][d] = id;
                        depth[t] = d + 1;
                        w.enter(tid, id, wall, cpu[t]);
                    } else {
                        depth[t] = d - 1;
                        w.exit(tid, stack[t][d - 1], wall, cpu[t]);
                    }
                }
            }
            w.finish();
        }
        return records;
    }
}
