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
 * Writes an agent log that is nearly all responses (the shape that made memory grow with the
 * trace): taps on the main thread, one in ten handing work to a worker that posts a result
 * back, each ending at a draw of the view it invalidated. About 300 bytes a response, so 100 k
 * responses make a log of about 30 MB.
 */
final class ManyResponsesWorkload {
    private static final long US = 1_000L;
    private static final int MAIN = 4311;
    private static final int WORKER = 4330;

    private final Random random = new Random(7);
    private long now = 1_000_000 * US;
    private int next = 1;

    /** Writes {@code responses} responses to {@code file} as JSON Lines. */
    void write(Path file, int responses) throws IOException {
        try (BufferedWriter out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            AgentLogWriter w = AgentLogWriter.jsonLines(out);
            w.meta("com.example.list");
            w.thread(MAIN, "main", true).thread(WORKER, "worker", false);
            for (int i = 0; i < responses; i++) {
                response(w, i % 10 == 9);
            }
        }
    }

    private void response(AgentLogWriter w, boolean handOff) {
        int view = 1 + random.nextInt(40);
        w.begin(tick(), MAIN, EventKind.USER_INPUT).name("onClick").write();
        if (handOff) {
            String task = "t" + next++;
            w.instant(tick(), MAIN, EventKind.SEND_MSG).obj(task).write();
            w.end(tick(), MAIN, EventKind.USER_INPUT).write();
            w.begin(tick(), WORKER, EventKind.DISPATCH_MSG).obj(task).write();
            String back = "m" + next++;
            w.instant(tick(), WORKER, EventKind.SEND_MSG).obj(back).write();
            w.end(tick(), WORKER, EventKind.DISPATCH_MSG).write();
            w.begin(tick(), MAIN, EventKind.DISPATCH_MSG).obj(back).write();
            w.instant(tick(), MAIN, EventKind.INVALIDATE).view(view).write();
            w.end(tick(), MAIN, EventKind.DISPATCH_MSG).write();
        } else {
            w.instant(tick(), MAIN, EventKind.INVALIDATE).view(view).write();
            w.end(tick(), MAIN, EventKind.USER_INPUT).write();
        }
        w.begin(tick(), MAIN, EventKind.DRAW).view(view).write();
        w.end(tick(), MAIN, EventKind.DRAW).write();
    }

    private long tick() {
        now += 50 * US + random.nextInt(2_000) * US;
        return now;
    }
}
