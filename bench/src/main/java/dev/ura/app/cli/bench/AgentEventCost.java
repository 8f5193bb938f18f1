package dev.ura.app.cli.bench;

import dev.ura.agent.rt.Hooks;
import dev.ura.agent.rt.Recorder;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.CountDownLatch;

/**
 * The agent's cost per recorded event, in this process: the hooks called directly (no
 * instrumentation), by 1..n threads at once, with the writer thread writing a real file, so
 * the figure is the sustained cost including the wait when a ring is full.
 */
final class AgentEventCost {
    /** ns per event over all threads' events, and bytes written. */
    record Result(int threads, long events, double nsPerEvent, long bytes) {
    }

    private AgentEventCost() {
    }

    static Result measure(Path log, int threads, int pairsPerThread) throws IOException, InterruptedException {
        Recorder.start(log.toString(), Map.of("app", "ura bench agent"));
        CountDownLatch start = new CountDownLatch(1);
        Thread[] workers = new Thread[threads];
        for (int i = 0; i < threads; i++) {
            workers[i] = new Thread(() -> {
                Object task = new Object();
                Object view = new Object();
                try {
                    start.await();
                } catch (InterruptedException e) {
                    return;
                }
                for (int k = 0; k < pairsPerThread; k++) {
                    Hooks.send(task, "executor", 0);
                    int token = Hooks.dispatchBegin(view, "run");
                    Hooks.end(token);
                }
            }, "bench-" + i);
            workers[i].start();
        }
        long t0 = System.nanoTime();
        start.countDown();
        for (Thread w : workers) {
            w.join();
        }
        long t1 = System.nanoTime();
        Recorder.stop();
        long events = 3L * pairsPerThread * threads;
        long bytes = Files.isRegularFile(log) ? Files.size(log) : -1;
        return new Result(threads, events, (double) (t1 - t0) * threads / events, bytes);
    }
}
