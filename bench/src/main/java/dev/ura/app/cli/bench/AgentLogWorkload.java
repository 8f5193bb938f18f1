package dev.ura.app.cli.bench;

import dev.ura.trace.agentlog.AgentLogWriter;
import dev.ura.trace.model.EventKind;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;

/**
 * Writes a large, realistic agent log: a main thread answering taps (input, hand-off to a worker,
 * network or disk I/O, result posted back, invalidate, draw), a 60 Hz animation, an executor doing
 * unrelated writes, and recorded methods; in logcat form, one line in five is another app's tag.
 */
final class AgentLogWorkload {
    private static final long MS = 1_000_000L;
    private static final int MAIN = 4311;
    private static final int WORKER = 4330;
    private static final int POOL = 4342;

    private final Random random = new Random(42);
    private long now = 1_000 * MS;
    private int next = 1;

    /** Writes at least {@code bytes} of log to {@code file}, as JSON Lines or logcat threadtime. */
    void write(Path file, long bytes, boolean logcat) throws IOException {
        try (BufferedWriter out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            CountingAppendable counted = new CountingAppendable(out);
            AgentLogWriter w = logcat ? AgentLogWriter.logcat(counted, MAIN) : AgentLogWriter.jsonLines(counted);
            if (logcat) {
                out.write("--------- beginning of main\n");
            }
            w.meta("com.example.news");
            w.thread(MAIN, "main", true).thread(WORKER, "AsyncTask #1", false).thread(POOL, "pool-2-thread-1", false);
            while (counted.count < bytes) {
                response(w);
                if (logcat) {
                    counted.append(String.format("01-01 00:%02d:%02d.%03d  1022  1077 D InputReader: "
                            + "Btn_touch: value=1 when=%d%n", (now / 60_000 / MS) % 60, (now / 1000 / MS) % 60,
                            (now / MS) % 1000, now));
                }
            }
        }
    }

    private void response(AgentLogWriter w) {
        String task = "task@" + next++;
        String msg = "msg@" + next++;
        int view = 1 + random.nextInt(40);
        w.begin(tick(), MAIN, EventKind.USER_INPUT).name("onClick").view(view).write();
        method(w, MAIN, "com.example.news.ArticleList.onItemClick");
        w.instant(tick(), MAIN, EventKind.SEND_MSG).obj(task).via("asynctask").targetTid(WORKER).write();
        w.end(tick(), MAIN, EventKind.USER_INPUT).write();
        w.begin(tick(), WORKER, EventKind.DISPATCH_MSG).obj(task).name("doInBackground").write();
        if (random.nextBoolean()) {
            w.begin(tick(), WORKER, EventKind.RECV).bytes(1000 + random.nextInt(90_000)).host("api.example.com").write();
            now += random.nextInt(80) * MS;
            w.end(tick(), WORKER, EventKind.RECV).write();
        } else {
            w.begin(tick(), WORKER, EventKind.READ).bytes(4096L * (1 + random.nextInt(64)))
                    .path("/data/data/com.example.news/cache/article-" + view + ".json").write();
            w.end(tick(), WORKER, EventKind.READ).write();
        }
        w.instant(tick(), WORKER, EventKind.SEND_MSG).obj(msg).via("handler").targetTid(MAIN).write();
        w.end(tick(), WORKER, EventKind.DISPATCH_MSG).write();
        w.begin(tick(), MAIN, EventKind.DISPATCH_MSG).obj(msg).name("onPostExecute").write();
        method(w, MAIN, "com.example.news.ArticleAdapter.bind");
        w.instant(tick(), MAIN, EventKind.INVALIDATE).view(view).write();
        w.end(tick(), MAIN, EventKind.DISPATCH_MSG).write();
        w.begin(tick(), MAIN, EventKind.DRAW).view(view).write();
        w.end(tick(), MAIN, EventKind.DRAW).write();
        w.instant(tick(), POOL, EventKind.SEND_MSG).obj("cache@" + next).via("executor").targetTid(POOL)
                .delayMs(random.nextInt(500)).write();
        w.begin(tick(), POOL, EventKind.WRITE).bytes(512 + random.nextInt(8192))
                .path("/data/data/com.example.news/cache/index.db").write();
        w.end(tick(), POOL, EventKind.WRITE).write();
        for (int frame = 0; frame < 3; frame++) {
            w.instant(tick(), MAIN, EventKind.INVALIDATE).view(99).write();
            w.begin(tick(), MAIN, EventKind.DRAW).view(99).write();
            w.end(tick(), MAIN, EventKind.DRAW).write();
        }
    }

    private void method(AgentLogWriter w, int tid, String name) {
        w.begin(tick(), tid, EventKind.METHOD).name(name).write();
        w.end(tick(), tid, EventKind.METHOD).write();
    }

    private long tick() {
        now += 10_000 + random.nextInt(2 * (int) MS);
        return now;
    }

    /** Counts what is written, to stop at the requested size. */
    private static final class CountingAppendable implements Appendable {
        private final Appendable out;
        long count;

        CountingAppendable(Appendable out) {
            this.out = out;
        }

        @Override
        public Appendable append(CharSequence csq) throws IOException {
            count += csq.length();
            out.append(csq);
            return this;
        }

        @Override
        public Appendable append(CharSequence csq, int start, int end) throws IOException {
            count += end - start;
            out.append(csq, start, end);
            return this;
        }

        @Override
        public Appendable append(char c) throws IOException {
            count++;
            out.append(c);
            return this;
        }
    }
}
