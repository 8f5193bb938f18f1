package dev.ura.trace.android;

import dev.ura.trace.io.Progress;
import dev.ura.trace.model.CallTable;
import dev.ura.trace.model.Clock;
import dev.ura.trace.model.ThreadTrack;
import dev.ura.trace.model.Trace;
import dev.ura.trace.testing.SharedFiles;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;

/** Two-thread decoding of legacy files gives exactly what one thread gives. */
class ParallelDecodingTest {

    @Test
    void repairsAndUndefinedMethodsComeOutTheSameOnTwoThreads() throws Exception {
        AndroidTraceWriter w = AndroidTraceWriter.legacy(3, Clock.DUAL);
        for (int t = 1; t <= 6; t++) {
            w.thread(t, t == 1 ? "main" : "t" + t);
        }
        for (int m = 0; m < 50; m++) {
            w.method(w.methodId(m), "a.B", "m" + m, "()V", "B.java");
        }
        SplittableRandom random = new SplittableRandom(7);
        long wall = 0;
        for (int i = 0; i < 20_000; i++) {
            int tid = 1 + random.nextInt(7);
            int action = random.nextInt(10) < 5 ? 0 : random.nextInt(10) == 0 ? 2 : 1;
            long id = w.methodId(random.nextInt(60));
            wall += random.nextInt(5);
            w.record(tid, id, action, wall, wall / 2);
        }
        assertSameBothWays(w.toBytes());
    }

    @Test
    void realTraceComesOutTheSameOnTwoThreads() throws Exception {
        assertSameBothWays(Files.readAllBytes(SharedFiles.require("traces/android/perflib-char_2_bytes.trace")));
    }

    private static void assertSameBothWays(byte[] bytes) throws Exception {
        Trace one = decode(bytes, Long.MAX_VALUE);
        Trace two = decode(bytes, 0);
        assertThat(two.warnings()).isEqualTo(one.warnings());
        assertThat(two.methods().all()).isEqualTo(one.methods().all());
        assertThat(two.threads()).hasSameSizeAs(one.threads());
        for (int i = 0; i < one.threads().size(); i++) {
            ThreadTrack a = one.threads().get(i);
            ThreadTrack b = two.threads().get(i);
            assertThat(b.name()).isEqualTo(a.name());
            assertThat(b.records()).isEqualTo(a.records());
            assertThat(dump(b.calls())).isEqualTo(dump(a.calls()));
        }
    }

    private static Trace decode(byte[] bytes, long parallelFrom) throws Exception {
        return LegacyDecoder.decode("t.trace", ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN), Progress.NONE,
                parallelFrom);
    }

    private static String dump(CallTable c) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < c.size(); i++) {
            sb.append(c.depth(i)).append(' ').append(c.method(i)).append(' ').append(c.start(i)).append(' ')
                    .append(c.end(i)).append(' ').append(c.cpuStart(i)).append(' ').append(c.cpuEnd(i)).append('\n');
        }
        return sb.toString();
    }
}
