package dev.ura.workload;

import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * A headless app for the agent's hand-off and network tests, each mode with known sizes and
 * thread names: {@code channel} (blocking NIO socket I/O), {@code executors} (an app's own
 * executors: one with its own worker thread, one delegating to a JDK pool, one wrapping the task),
 * {@code latch2} (two threads awaiting one latch), {@code callbacks} (CompletableFuture callbacks
 * registered before the future completes, one run by the completing thread, one async on a pool),
 * {@code http} (an HttpClient.sendAsync to a local server that answers after WORK_MS, a callback
 * on its future and a join).
 */
public final class HandOffWorkload {
    /** Bytes the client writes in {@code channel}, in two writes, and the bytes the server answers with. */
    public static final int CHANNEL_SENT = 5000;
    public static final int CHANNEL_ANSWER = 3000;
    /** How long each executor task and the latch's releaser work (sleep). */
    public static final int WORK_MS = 50;

    private HandOffWorkload() {
    }

    public static void main(String[] args) throws Exception {
        switch (args[0]) {
            case "channel" -> channel();
            case "executors" -> executors();
            case "latch2" -> latch2();
            case "callbacks" -> callbacks();
            case "http" -> http();
            default -> throw new IllegalArgumentException(args[0]);
        }
    }

    static void channel() throws Exception {
        try (ServerSocketChannel server = ServerSocketChannel.open()) {
            server.bind(new InetSocketAddress("127.0.0.1", 0));
            Thread peer = new Thread(() -> {
                try (SocketChannel c = server.accept()) {
                    ByteBuffer in = ByteBuffer.allocate(CHANNEL_SENT);
                    while (in.hasRemaining()) {
                        c.read(in);
                    }
                    c.write(ByteBuffer.allocate(CHANNEL_ANSWER));
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            }, "channel-peer");
            peer.start();
            try (SocketChannel c = SocketChannel.open(server.getLocalAddress())) {
                c.write(ByteBuffer.allocate(2000));
                c.write(new ByteBuffer[] {ByteBuffer.allocate(1000), ByteBuffer.allocate(CHANNEL_SENT - 3000)});
                ByteBuffer answer = ByteBuffer.allocate(CHANNEL_ANSWER);
                while (answer.hasRemaining() && c.read(answer) >= 0) {
                    // until the whole answer is in
                }
                System.out.println("answer " + answer.position());
            }
            peer.join();
        }
    }

    /** An executor with one worker thread of its own that takes tasks from a queue. */
    static final class OwnThreadExecutor implements Executor {
        private final BlockingQueue<Runnable> queue = new LinkedBlockingQueue<>();

        OwnThreadExecutor() {
            Thread worker = new Thread(() -> {
                try {
                    while (true) {
                        Runnable r = queue.take();
                        r.run();
                    }
                } catch (InterruptedException e) {
                    // stopped
                }
            }, "own-worker");
            worker.setDaemon(true);
            worker.start();
        }

        @Override
        public void execute(Runnable command) {
            queue.add(command);
        }
    }

    /** An executor that hands the task itself to a JDK pool. */
    record DelegatingExecutor(ExecutorService pool) implements Executor {
        @Override
        public void execute(Runnable command) {
            pool.execute(command);
        }
    }

    /** An executor that hands a wrapper of the task to a JDK pool. */
    record WrappingExecutor(ExecutorService pool) implements Executor {
        @Override
        public void execute(Runnable command) {
            pool.execute(new Wrapper(command));
        }
    }

    record Wrapper(Runnable inner) implements Runnable {
        @Override
        public void run() {
            inner.run();
        }
    }

    static void executors() throws Exception {
        ExecutorService pool = Executors.newSingleThreadExecutor(r -> new Thread(r, "jdk-pool"));
        Executor[] executors = {new OwnThreadExecutor(), new DelegatingExecutor(pool), new WrappingExecutor(pool)};
        for (Executor e : executors) {
            CountDownLatch done = new CountDownLatch(1);
            e.execute(() -> {
                sleep(WORK_MS);
                done.countDown();
            });
            done.await();
        }
        pool.shutdown();
    }

    static void latch2() throws Exception {
        CountDownLatch open = new CountDownLatch(1);
        Thread second = new Thread(() -> {
            try {
                open.await();
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        }, "second-waiter");
        second.start();
        Thread releaser = new Thread(() -> {
            sleep(WORK_MS);
            open.countDown();
        }, "releaser");
        releaser.start();
        open.await();
        second.join();
    }

    static void callbacks() throws Exception {
        ExecutorService pool = Executors.newSingleThreadExecutor(r -> new Thread(r, "jdk-pool"));
        java.util.concurrent.CompletableFuture<String> src = new java.util.concurrent.CompletableFuture<>();
        // registered while src is incomplete: the first runs on the thread that completes src, the
        // second on the pool after it
        java.util.concurrent.CompletableFuture<Integer> onCompleter = src.thenApply(String::length);
        java.util.concurrent.CompletableFuture<Void> onPool = src.thenAcceptAsync(s -> sleep(WORK_MS), pool);
        Thread completer = new Thread(() -> {
            sleep(WORK_MS);
            src.complete("done");
        }, "completer");
        completer.start();
        System.out.println("length " + onCompleter.join());
        onPool.join();
        pool.shutdown();
    }

    /** Bytes the local server answers with in {@code http}. */
    public static final int HTTP_ANSWER = 1234;

    static void http() throws Exception {
        com.sun.net.httpserver.HttpServer server = com.sun.net.httpserver.HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", exchange -> {
            sleep(WORK_MS);
            exchange.sendResponseHeaders(200, HTTP_ANSWER);
            exchange.getResponseBody().write(new byte[HTTP_ANSWER]);
            exchange.close();
        });
        server.start();
        try {
            java.net.http.HttpClient client = java.net.http.HttpClient.newHttpClient();
            java.net.http.HttpRequest request = java.net.http.HttpRequest.newBuilder(
                    java.net.URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/feed")).build();
            java.util.concurrent.CompletableFuture<Integer> length = client
                    .sendAsync(request, java.net.http.HttpResponse.BodyHandlers.ofByteArray())
                    .thenApply(r -> r.body().length);
            System.out.println("length " + length.join());
        } finally {
            server.stop(0);
        }
    }

    static void sleep(int ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }
}
