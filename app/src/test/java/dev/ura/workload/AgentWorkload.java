package dev.ura.workload;

import java.io.FileInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * A headless app for the agent tests: known I/O sizes, hand-offs and failures.
 * {@code args[0]} = mode ({@code io}, {@code throw}, {@code halt}), {@code args[1]} = a scratch folder.
 */
public final class AgentWorkload {
    public static final int WRITE_BYTES = 12_345;
    public static final int STREAM_READ = 1000;

    private AgentWorkload() {
    }

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[1]);
        switch (args[0]) {
            case "io" -> io(dir);
            case "throw" -> {
                try {
                    failing();
                } catch (IllegalStateException expected) {
                    System.out.println("caught " + expected.getMessage());
                }
                handOff();
            }
            case "halt" -> {
                handOff();
                openAndHalt();
            }
            case "serve" -> serve(dir);
            default -> throw new IllegalArgumentException(args[0]);
        }
    }

    static void io(Path dir) throws Exception {
        Path f = dir.resolve("data.bin");
        Files.write(f, new byte[WRITE_BYTES]);
        try (FileInputStream in = new FileInputStream(f.toFile())) {
            byte[] b = new byte[STREAM_READ];
            if (in.read(b) != STREAM_READ) {
                throw new IllegalStateException("short read");
            }
        }
        byte[] all = Files.readAllBytes(f);
        System.out.println("read " + all.length);
        handOff();
    }

    static void handOff() throws Exception {
        ExecutorService pool = Executors.newSingleThreadExecutor();
        Future<?> f = pool.submit(AgentWorkload::task);
        f.get();
        pool.shutdown();
        Thread t = new Thread(AgentWorkload::task, "workload-thread");
        t.start();
        t.join();
    }

    /** Writes a small file every 20 ms until {@code stop} appears in {@code dir} (at most a minute). */
    static void serve(Path dir) throws Exception {
        System.out.println("ready");
        System.out.flush();
        long end = System.currentTimeMillis() + 60_000;
        int i = 0;
        while (System.currentTimeMillis() < end && !Files.exists(dir.resolve("stop"))) {
            Files.write(dir.resolve("beat.bin"), new byte[100 + i++ % 7]);
            handOff();
            Thread.sleep(20);
        }
    }

    static void task() {
        Math.sqrt(System.nanoTime());
    }

    static void failing() {
        inner();
    }

    static void inner() {
        throw new IllegalStateException("boom");
    }

    static void openAndHalt() throws InterruptedException {
        // the method interval of openAndHalt is open when the process dies without shutdown hooks
        Thread.sleep(100);
        Runtime.getRuntime().halt(3);
    }
}
