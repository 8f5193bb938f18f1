package dev.ura.trace.ftrace;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** {@link LineRelay}: what the calling thread's sinks get equals what the source gave, in order. */
class LineRelayTest {
    /** A source of 30,000 lines (many blocks), one of them 600,000 bytes (longer than a block), some to the dump sink. */
    private static void source(LineStream.Sink ftrace, LineStream.Sink dump) {
        byte[] buf = new byte[700_000];
        for (int i = 0; i < 30_000; i++) {
            byte[] text = ("line " + i + (i % 7 == 0 ? "" : " with some more text")).getBytes(StandardCharsets.US_ASCII);
            int len = i == 12_345 ? 600_000 : text.length;
            int at = 3 + i % 5; // a range inside a larger, reused buffer, as LineStream gives
            for (int k = 0; k < len; k++) {
                buf[at + k] = k < text.length ? text[k] : (byte) ('a' + k % 26);
            }
            (i % 11 == 0 ? dump : ftrace).line(buf, at, at + len, 1000L + 2 * i);
        }
    }

    private static LineStream.Sink recorder(List<String> out, String which) {
        return (b, from, to, lineNo) -> out.add(which + " " + lineNo + " " + new String(b, from, to - from,
                StandardCharsets.US_ASCII));
    }

    @Test
    void theSinksGetTheSourcesLinesInOrder() {
        List<String> direct = new ArrayList<>();
        source(recorder(direct, "f"), recorder(direct, "d"));
        List<String> relayed = new ArrayList<>();
        LineRelay.run(LineRelayTest::source, recorder(relayed, "f"), recorder(relayed, "d"));
        assertThat(relayed).hasSize(30_000).isEqualTo(direct);
        assertThat(relayed.get(12_345)).hasSize("f 25690 ".length() + 600_000);
    }

    @Test
    void aFailureOfTheSourceIsThrownHereAfterTheLinesBeforeIt() {
        List<String> got = new ArrayList<>();
        IllegalStateException boom = new IllegalStateException("the file changed");
        assertThatThrownBy(() -> LineRelay.run((f, d) -> {
            f.line("a".getBytes(StandardCharsets.US_ASCII), 0, 1, 1);
            f.line("b".getBytes(StandardCharsets.US_ASCII), 0, 1, 2);
            throw boom;
        }, recorder(got, "f"), recorder(got, "d"))).isSameAs(boom);
        assertThat(got).containsExactly("f 1 a", "f 2 b");
    }

    @Test
    void aFailureHereStopsTheSource() throws InterruptedException {
        CountDownLatch stopped = new CountDownLatch(1);
        AtomicLong given = new AtomicLong();
        byte[] line = "x".repeat(1000).getBytes(StandardCharsets.US_ASCII);
        assertThatThrownBy(() -> LineRelay.run((f, d) -> {
            try {
                while (true) { // endless: only the relay can stop it
                    f.line(line, 0, line.length, given.incrementAndGet());
                }
            } finally {
                stopped.countDown();
            }
        }, (b, from, to, lineNo) -> {
            if (lineNo == 10) {
                throw new ArithmeticException("bad line");
            }
        }, (b, from, to, lineNo) -> { })).isInstanceOf(ArithmeticException.class);
        assertThat(stopped.await(10, TimeUnit.SECONDS)).isTrue();
        assertThat(given.get()).isLessThan(10_000); // at most the few blocks in flight
    }
}
