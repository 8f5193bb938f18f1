package dev.ura.app.batch;

import org.junit.jupiter.api.Test;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;

class MemoryBudgetTest {
    @Test
    void estimatesFromSizeAndFormat() {
        long base = 16L << 20;
        assertThat(MemoryBudget.estimate("a.trace", 1000)).isEqualTo(base + 4000);
        assertThat(MemoryBudget.estimate("a.jsonl", 1000)).isEqualTo(base + 3000);
        assertThat(MemoryBudget.estimate("a.perfetto-trace", 1000)).isEqualTo(base + 6000);
        assertThat(MemoryBudget.estimate("A.TRACE.GZ", 1000)).as("unpacked 5x, then as a method trace")
                .isEqualTo(base + 20000);
    }

    @Test
    void aTraceWaitsForRoomAndOneBiggerThanTheBudgetRunsAlone() throws Exception {
        MemoryBudget b = new MemoryBudget(100);
        long first = b.acquire(60);
        AtomicLong second = new AtomicLong(-1);
        CountDownLatch started = new CountDownLatch(1);
        Thread t = new Thread(() -> {
            try {
                started.countDown();
                second.set(b.acquire(50)); // 60 + 50 > 100: waits
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        t.start();
        started.await();
        t.join(300);
        assertThat(t.isAlive()).as("waiting for room").isTrue();
        b.release(first);
        t.join(TimeUnit.SECONDS.toMillis(10));
        assertThat(second.get()).isEqualTo(50);
        b.release(second.get());

        assertThat(b.acquire(1000)).as("clamped to the whole budget: runs when nothing else does").isEqualTo(100);
        assertThat(b.inFlight()).isEqualTo(100);
    }
}
