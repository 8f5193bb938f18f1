package dev.ura.trace.android;

import dev.ura.trace.io.Progress;
import dev.ura.trace.io.TraceFormatException;
import dev.ura.trace.model.Clock;
import dev.ura.trace.model.Trace;
import dev.ura.trace.testing.HostileInputs;
import dev.ura.trace.testing.TraceInvariants;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

/** Damaged legacy files through the two-thread decoder: same outcome as one thread, consistent or refused. */
class ParallelHostileTest {
    @Test
    void damagedFilesDecodeOnTwoThreadsAsOnOneOrAreRefused() {
        byte[] valid = multiThreadTrace();
        Random r = new Random(3);
        List<String> problems = new ArrayList<>();
        for (int i = 0; i < 60; i++) {
            byte[] mutant = HostileInputs.mutate(valid, i, r);
            String one = assertTimeoutPreemptively(Duration.ofSeconds(10), () -> outcome(mutant, Long.MAX_VALUE));
            String two = assertTimeoutPreemptively(Duration.ofSeconds(10), () -> outcome(mutant, 0));
            if (!one.equals(two) || one.startsWith("BAD")) {
                problems.add("#" + i + ": one thread " + one + " / two threads " + two);
            }
        }
        assertThat(problems).isEmpty();
    }

    private static String outcome(byte[] bytes, long parallelFrom) {
        try {
            Trace t = LegacyDecoder.decode("t.trace", ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN),
                    Progress.NONE, parallelFrom);
            String v = TraceInvariants.violation(t);
            return v != null ? "BAD " + v : "calls " + t.callCount() + " warnings " + t.warnings();
        } catch (TraceFormatException e) {
            return e.getMessage();
        } catch (RuntimeException e) {
            return "BAD " + e;
        }
    }

    private static byte[] multiThreadTrace() {
        AndroidTraceWriter w = AndroidTraceWriter.legacy(3, Clock.DUAL);
        for (int t = 1; t <= 4; t++) {
            w.thread(t, t == 1 ? "main" : "t" + t);
        }
        for (int m = 0; m < 20; m++) {
            w.method(w.methodId(m), "a.B", "m" + m, "()V", "B.java");
        }
        SplittableRandom random = new SplittableRandom(5);
        long wall = 0;
        for (int i = 0; i < 3000; i++) {
            int action = random.nextInt(10) < 5 ? 0 : random.nextInt(10) == 0 ? 2 : 1;
            wall += random.nextInt(5);
            w.record(1 + random.nextInt(4), w.methodId(random.nextInt(22)), action, wall, wall / 2);
        }
        return w.toBytes();
    }
}
