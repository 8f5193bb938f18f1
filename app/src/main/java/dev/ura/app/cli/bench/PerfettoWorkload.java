package dev.ura.app.cli.bench;

import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;

/**
 * Writes a large Perfetto protobuf trace shaped like a modern Android recording: per-CPU ftrace
 * bundles every few milliseconds with compact scheduler switches and wakings of ~200 threads in 20
 * processes, and atrace slice begin/end {@code print} events (nested, balanced) from whichever
 * thread is running. Deterministic for a given size.
 */
final class PerfettoWorkload {
    private static final int CPUS = 8;
    private static final int PROCESSES = 20;
    private static final int THREADS_PER_PROCESS = 10;
    private static final String[] SLICES = {"Choreographer#doFrame 1", "traversal", "measure", "layout", "draw",
            "Record View#draw()", "inflate", "binder transaction", "Lock contention on a monitor lock",
            "RV OnLayout", "DrawFrames 1", "syncFrameState", "queueBuffer", "dequeueBuffer"};

    private final Random random = new Random(42);
    private final Buf packet = new Buf();
    private final Buf bundle = new Buf();
    private final Buf event = new Buf();
    private final Buf compact = new Buf();
    private final Buf scratch = new Buf();

    /** Bytes written. */
    long write(Path file, long targetBytes) throws IOException {
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(file), 1 << 20)) {
            long written = header(out);
            long[] now = new long[CPUS];
            int[] current = new int[CPUS];
            for (int c = 0; c < CPUS; c++) {
                now[c] = 1_000_000_000_000L;
                current[c] = 0;
            }
            while (written < targetBytes) {
                for (int c = 0; c < CPUS && written < targetBytes; c++) {
                    written += bundle(out, c, now, current);
                }
            }
            return written;
        }
    }

    private long header(OutputStream out) throws IOException {
        long n = 0;
        n += emit(out, packet.reset().msg(45, scratch.reset().msg(1, new Buf().str(1, "Linux").str(3, "6.1.75-android14")))
                .varint(10, 1));
        Buf snap = new Buf().msg(1, new Buf().varint(1, 6).varint(2, 1_000_000_000_000L))
                .msg(1, new Buf().varint(1, 3).varint(2, 990_000_000_000L));
        n += emit(out, packet.reset().msg(6, snap).varint(10, 1));
        Buf tree = new Buf();
        for (int p = 0; p < PROCESSES; p++) {
            int pid = pid(p);
            tree.msg(1, new Buf().varint(1, pid).varint(2, 1).str(3, "com.example.app" + p));
            for (int t = 1; t < THREADS_PER_PROCESS; t++) {
                tree.msg(2, new Buf().varint(1, pid + t).varint(3, pid));
            }
        }
        n += emit(out, packet.reset().msg(2, tree).varint(10, 1));
        return n;
    }

    private static int pid(int process) {
        return 1000 + process * 100;
    }

    private int randomTid() {
        return pid(random.nextInt(PROCESSES)) + random.nextInt(THREADS_PER_PROCESS);
    }

    /** One bundle: ~60 switches, ~40 wakings and the slices of each run. */
    private long bundle(OutputStream out, int cpu, long[] now, int[] current) throws IOException {
        bundle.reset().varint(1, cpu);
        int switches = 60;
        long[] swTs = new long[switches];
        long[] swState = new long[switches];
        long[] swNext = new long[switches];
        long[] swPrio = new long[switches];
        long[] swComm = new long[switches];
        long[] wkTs = new long[switches];
        long[] wkPid = new long[switches];
        long[] wkCpu = new long[switches];
        long[] wkPrio = new long[switches];
        long[] wkComm = new long[switches];
        int wakings = 0;
        long lastSwitch = 0;
        long lastWaking = 0;
        long t = now[cpu];
        for (int i = 0; i < switches; i++) {
            int tid = current[cpu];
            long run = 20_000 + random.nextInt(400_000);
            if (tid != 0) {
                int depth = 1 + random.nextInt(3);
                long step = run / (2L * depth + 2);
                long at = t + step;
                for (int d = 0; d < depth; d++, at += step) {
                    print(tid, at, "B|" + (tid / 100 * 100) + "|" + SLICES[random.nextInt(SLICES.length)]);
                }
                for (int d = 0; d < depth; d++, at += step) {
                    print(tid, at, "E|" + (tid / 100 * 100));
                }
                if (random.nextInt(3) > 0) {
                    long wt = t + run / 2 + 1;
                    wkTs[wakings] = wt - lastWaking;
                    lastWaking = wt;
                    wkPid[wakings] = randomTid();
                    wkCpu[wakings] = random.nextInt(CPUS);
                    wkPrio[wakings] = 120;
                    wkComm[wakings] = random.nextInt(4);
                    wakings++;
                }
            }
            t += run;
            int next = random.nextInt(5) == 0 ? 0 : randomTid();
            swTs[i] = t - lastSwitch;
            lastSwitch = t;
            swState[i] = tid == 0 ? 0 : random.nextInt(4) == 0 ? 0x100 : 1;
            swNext[i] = next;
            swPrio[i] = 120;
            swComm[i] = next % 4;
            current[cpu] = next;
        }
        now[cpu] = t;
        compact.reset();
        for (int k = 0; k < 4; k++) {
            compact.str(5, "thread-" + k);
        }
        compact.packed(1, swTs, switches).packed(2, swState, switches).packed(3, swNext, switches)
                .packed(4, swPrio, switches).packed(6, swComm, switches).packed(7, wkTs, wakings)
                .packed(8, wkPid, wakings).packed(9, wkCpu, wakings).packed(10, wkPrio, wakings)
                .packed(11, wkComm, wakings);
        bundle.msg(4, compact);
        return emit(out, packet.reset().msg(1, bundle).varint(10, 1));
    }

    private void print(int tid, long ts, String payload) {
        event.reset().varint(1, ts).varint(2, tid)
                .msg(3, scratch.reset().varint(1, 0xffffffc012345678L).str(2, payload + "\n"));
        bundle.msg(2, event);
    }

    private static long emit(OutputStream out, Buf p) throws IOException {
        Buf framed = new Buf().msg(1, p);
        framed.writeTo(out);
        return framed.size();
    }

    /** A minimal protobuf writer (the bench must not depend on test code). */
    private static final class Buf {
        private final ByteArrayOutputStream b = new ByteArrayOutputStream(256);

        Buf reset() {
            b.reset();
            return this;
        }

        Buf varint(int field, long v) {
            raw(((long) field << 3));
            raw(v);
            return this;
        }

        Buf str(int field, String s) {
            byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
            raw(((long) field << 3) | 2);
            raw(bytes.length);
            b.writeBytes(bytes);
            return this;
        }

        Buf msg(int field, Buf m) {
            raw(((long) field << 3) | 2);
            raw(m.b.size());
            b.writeBytes(m.b.toByteArray());
            return this;
        }

        Buf packed(int field, long[] values, int n) {
            Buf p = new Buf();
            for (int i = 0; i < n; i++) {
                p.raw(values[i]);
            }
            return msg(field, p);
        }

        void raw(long v) {
            while ((v & ~0x7FL) != 0) {
                b.write((int) ((v & 0x7F) | 0x80));
                v >>>= 7;
            }
            b.write((int) v);
        }

        int size() {
            return b.size();
        }

        void writeTo(OutputStream out) throws IOException {
            b.writeTo(out);
        }
    }
}
