package dev.ura.trace.testing;

import dev.ura.trace.android.AndroidTraceWriter;
import dev.ura.trace.model.Clock;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.Random;

/**
 * Random method traces for tests that compare two ways of reading the same file: interleaved
 * threads doing random enters and exits (and unwinds, action-3 exits, time running backwards or
 * wrapping past 2^32) over a few methods, some idle, some undefined.
 */
public final class RandomMethodTraces {
    private static final String PARK_CLASS = "java.util.concurrent.locks.LockSupport";
    private static final String[][] DEFINED = {{"com.example.A", "run"}, {"com.example.B", "load"},
        {"com.example.A", "run"}, {PARK_CLASS, "park"}, {"java.lang.Object", "wait"}, {"com.example.C", "draw"},
        {"android.os.MessageQueue", "nativePollOnce"}};

    private RandomMethodTraces() {
    }

    /** A legacy file of any version and clock; threads are {@code t1}, {@code t2}, {@code t3} and an unnamed one. */
    public static byte[] legacy(Random r) {
        int version = 1 + r.nextInt(3);
        Clock clock = version == 3 ? Clock.values()[r.nextInt(Clock.values().length)]
                : (r.nextBoolean() ? Clock.WALL : Clock.THREAD_CPU);
        AndroidTraceWriter w = AndroidTraceWriter.legacy(version, clock);
        int threads = 1 + r.nextInt(4);
        for (int t = 1; t <= threads; t++) {
            if (t < 4) { // thread 4 has no name
                w.thread(t, "t" + t);
            }
        }
        long[] ids = new long[DEFINED.length + 2];
        for (int i = 0; i < DEFINED.length; i++) {
            ids[i] = w.methodId(i);
            w.method(ids[i], DEFINED[i][0], DEFINED[i][1], "()V", "X.java");
        }
        ids[DEFINED.length] = w.methodId(100);
        ids[DEFINED.length + 1] = w.methodId(101);
        records(w, r, threads, ids, r.nextInt(400));
        return w.toBytes();
    }

    /**
     * A streaming-format file (header 0xF2/0xF3); thread 1 is called {@code main}. Beside the
     * above: an undefined method named after its id+4 definition (ART ≤ 13 proxies), long names
     * whose packets straddle small blocks, ART 11 or 14 summaries, per-thread chunks, and files
     * without a summary, cut short, or with a stray byte, an unknown packet or an unreadable
     * method packet.
     */
    public static byte[] streaming(Random r) {
        int version = 2 + r.nextInt(2);
        Clock clock = version == 3 ? Clock.values()[r.nextInt(Clock.values().length)]
                : (r.nextBoolean() ? Clock.WALL : Clock.THREAD_CPU);
        AndroidTraceWriter w = AndroidTraceWriter.streaming(version, clock).artRelease(r.nextBoolean() ? 11 : 14)
                .pid(1);
        if (r.nextInt(4) == 0) {
            w.chunked(1 + r.nextInt(30));
        }
        if (r.nextInt(5) == 0) {
            w.withoutSummary();
        }
        if (r.nextInt(6) == 0) {
            w.property("data-file-overflow", "true");
        }
        int threads = 1 + r.nextInt(4);
        for (int t = 1; t <= threads; t++) {
            if (t < 4) { // thread 4 has no name
                w.thread(t, t == 1 ? "main" : "t" + t + "-" + "x".repeat(r.nextInt(300)));
            }
        }
        String[][] defs = Arrays.copyOf(DEFINED, DEFINED.length + 1);
        defs[DEFINED.length] = new String[]{"com.example.Long" + "g".repeat(2000), "name"};
        long[] ids = new long[defs.length + 3];
        for (int i = 0; i < defs.length; i++) {
            ids[i] = w.methodId(i + 1);
            w.method(ids[i], defs[i][0], defs[i][1], "()V", "X.java");
        }
        ids[defs.length] = w.methodId(100);
        ids[defs.length + 1] = w.methodId(101);
        // a proxy: its records use id 50, the definition is announced under id 51 (= 50 + 4)
        ids[defs.length + 2] = w.methodId(50);
        w.method(w.methodId(51), "com.example.Iface", "call", "()V", "Iface.java");
        if (r.nextBoolean()) {
            w.announceMethod(w.methodId(51));
        }
        records(w, r, threads, ids, r.nextInt(600));
        return damage(w.toBytes(), r);
    }

    /** {@code count} records of threads 1..{@code threads} calling the methods {@code ids}. */
    private static void records(AndroidTraceWriter w, Random r, int threads, long[] ids, int count) {
        long base = r.nextInt(4) == 0 ? 0xFFFF_F000L : r.nextInt(1000);
        long[] time = new long[threads + 1];
        for (int i = 0; i < count; i++) {
            int t = 1 + r.nextInt(threads);
            time[t] += r.nextInt(10) == 0 ? -r.nextInt(5) : r.nextInt(50);
            long now = (base + time[t]) & 0xFFFF_FFFFL;
            int roll = r.nextInt(100);
            int action = roll < 52 ? 0 : roll < 92 ? 1 : roll < 96 ? 2 : 3;
            w.record(t, ids[r.nextInt(ids.length)], action, now, now / 2);
        }
    }

    /** Most files whole; else cut short, a stray byte, an unknown packet or a bad method packet. */
    private static byte[] damage(byte[] bytes, Random r) {
        int roll = r.nextInt(10);
        if (roll < 5 || bytes.length <= 32) {
            return bytes;
        }
        return switch (roll) {
            case 5, 6 -> Arrays.copyOf(bytes, 32 + r.nextInt(bytes.length - 32));
            case 7 -> Arrays.copyOf(bytes, bytes.length + 1);
            case 8 -> append(bytes, new byte[]{0, 0, (byte) (4 + r.nextInt(200)), 1, 2, 3});
            default -> {
                byte[] text = "not a method line".getBytes(java.nio.charset.StandardCharsets.UTF_8);
                ByteBuffer packet = ByteBuffer.allocate(5 + text.length).order(ByteOrder.LITTLE_ENDIAN);
                packet.putShort((short) 0).put((byte) 1).putShort((short) text.length).put(text);
                yield insert(bytes, 32, packet.array());
            }
        };
    }

    private static byte[] append(byte[] bytes, byte[] tail) {
        byte[] out = Arrays.copyOf(bytes, bytes.length + tail.length);
        System.arraycopy(tail, 0, out, bytes.length, tail.length);
        return out;
    }

    private static byte[] insert(byte[] bytes, int at, byte[] part) {
        byte[] out = new byte[bytes.length + part.length];
        System.arraycopy(bytes, 0, out, 0, at);
        System.arraycopy(part, 0, out, at, part.length);
        System.arraycopy(bytes, at, out, at + part.length, bytes.length - at);
        return out;
    }
}
