package dev.ura.app.analysis.whatif;

import dev.ura.app.analysis.AgentLogText;
import dev.ura.app.analysis.Analysis;
import dev.ura.app.analysis.model.Change;
import dev.ura.app.analysis.model.Estimate;
import dev.ura.app.analysis.model.Scenario;
import dev.ura.app.analysis.model.Segment;
import dev.ura.app.analysis.model.SliceSelector;
import org.junit.jupiter.api.Test;

import static dev.ura.app.analysis.whatif.DurationRangeRulesTest.b;
import static dev.ura.app.analysis.whatif.DurationRangeRulesTest.e;
import static dev.ura.app.analysis.whatif.DurationRangeRulesTest.line;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Known answers for *run in parallel* of a piece that hands work to another thread and waits for it
 * (docs/what-if.md, "Run in parallel": the work it hands off and waits for moves with it), on an
 * agent log written line by line here in the shape the demo's recordings have (a worker that calls
 * {@code loadAll}, which hands its request to an HTTP client's worker thread and blocks in
 * {@code CompletableFuture.get} until that thread releases the future). Every number is worked
 * out by hand from the lines below.
 */
class HandOffCarryRulesTest {
    private static final long MS = 1_000_000L;

    /**
     * A request of the worker (2) served by the HTTP thread (3): the worker hands the task over at
     * {@code send} and blocks at once; the HTTP thread's task waits to run until {@code run}, holds
     * a RECV for all of it and releases the future at {@code done}; the worker resumes 1 ms later.
     */
    private static String request(StringBuilder l, String id, double send, double run, double done, String name) {
        l.append(line(send, 2, "SEND_MSG", "\"obj\":\"r" + id + "\",\"via\":\"executor\""))
                .append(b(send, 2, "WAIT", "\"obj\":\"f" + id + "\",\"name\":\"java.util.concurrent.CompletableFuture.get\""))
                .append(b(run, 3, "DISPATCH_MSG", "\"obj\":\"r" + id + "\",\"name\":\"" + name + "\""))
                .append(b(run, 3, "RECV", "\"host\":\"127.0.0.1\",\"bytes\":100")).append(e(done, 3, "RECV"))
                .append(line(done, 3, "SEND_MSG", "\"obj\":\"f" + id + "\",\"via\":\"release\""))
                .append(e(done, 3, "DISPATCH_MSG"))
                .append(e(done + 1, 2, "WAIT"))
                .append(line(done + 1, 2, "DISPATCH_MSG", "\"obj\":\"f" + id + "\",\"via\":\"release\","
                        + "\"name\":\"java.util.concurrent.CompletableFuture.get\""));
        return id;
    }

    /**
     * Main (1) taps 0–2 and hands a task to the worker (2) at 1. The worker runs it from 2: it asks
     * the HTTP thread (3) for the feed at 3 (the HTTP thread serves it 3–30, RECV 3–30, releases
     * the future at 30; the worker resumes at 31), parses 31–40, then {@code loadAll} from 40: its
     * request is handed over at 41, the HTTP thread's task waits 41–42 and serves it from 42 to
     * {@code served}, releases the future then, the worker resumes 1 ms later and loadAll returns
     * 1 ms after that, at {@code served + 2}. The worker posts to main then (its task ends 0.5 ms
     * later); main runs {@code done} 1–5 ms after the post (INVALIDATE 7 at 4) and draws view 7
     * 6–10 ms after it. One draw, no frame rhythm: times are exact.
     */
    private static Analysis loadAll(double served) {
        StringBuilder l = new StringBuilder("{\"kind\":\"META\",\"version\":1,\"agent\":\"ura\",\"jvm\":\"OpenJDK 17\","
                + "\"app\":\"com.example.Feed\"}\n");
        l.append(line(0, 1, "THREAD", "\"name\":\"AWT-EventQueue-0\",\"main\":true"))
                .append(line(0, 2, "THREAD", "\"name\":\"SwingWorker-pool-1-thread-1\""))
                .append(line(0, 3, "THREAD", "\"name\":\"HttpClient-1-Worker-0\""))
                .append(b(0, 1, "USER_INPUT", "\"name\":\"actionPerformed\""))
                .append(line(1, 1, "SEND_MSG", "\"obj\":\"t1\",\"via\":\"executor\"")).append(e(2, 1, "USER_INPUT"))
                .append(b(2, 2, "DISPATCH_MSG", "\"obj\":\"t1\",\"name\":\"doInBackground\""));
        request(l, "1", 3, 3, 30, "sendFeed");
        l.append(b(31, 2, "METHOD", "\"name\":\"com.example.FeedParser.parse\"")).append(e(40, 2, "METHOD"))
                .append(b(40, 2, "METHOD", "\"name\":\"com.example.ThumbnailLoader.loadAll\""));
        request(l, "2", 41, 42, served, "sendThumbs");
        double post = served + 2;
        l.append(e(post, 2, "METHOD"))
                .append(line(post, 2, "SEND_MSG", "\"obj\":\"p\",\"via\":\"handler\"")).append(e(post + 0.5, 2, "DISPATCH_MSG"))
                .append(b(post + 1, 1, "DISPATCH_MSG", "\"obj\":\"p\",\"name\":\"done\""))
                .append(line(post + 4, 1, "INVALIDATE", "\"view\":7"))
                .append(e(post + 5, 1, "DISPATCH_MSG")).append(b(post + 6, 1, "DRAW", "\"view\":7"))
                .append(e(post + 10, 1, "DRAW"));
        return AgentLogText.analyse(l.toString());
    }

    private static Estimate parallelLoadAll(Analysis a) {
        assertThat(a.responses()).hasSize(1);
        return a.estimate(0, Scenario.BASELINE.with(
                new Change.RunInParallel(new SliceSelector.ByName("*ThumbnailLoader.loadAll"))));
    }

    @Test
    void theRequestALoadAllSendsAndWaitsForMovesWithIt() {
        // served at 68: loadAll 40–70, the response 0–80 ms.
        Analysis a = loadAll(68);
        assertThat(a.responses().get(0).durationNs()).isEqualTo(80 * MS);
        // loadAll (30 ms) starts with the response, at 0, and keeps its whole span: the HTTP
        // thread's part of its request keeps its distance from it (waits 1–2, served 2–28,
        // releases at 28), the worker resumes at 29, loadAll returns at 30. The post that followed
        // loadAll waits for it (30) and for the parse before it, which did not move (40): posted at
        // 40, main's done 41–45, draw 46–50. The response ends at 50: 30 ms saved, loadAll's time
        // on the path. Had the HTTP thread's part stayed behind the feed it served first (3–30), it
        // would have been served 31–57 and loadAll would have returned at 59: 11 ms saved.
        Estimate e = parallelLoadAll(a);
        assertThat(e.durationNs()).isEqualTo(50 * MS);
        assertThat(e.savedNs()).isEqualTo(30 * MS);
        assertThat(e.pathTimeNs()).isEqualTo(30 * MS);
        // the parse's end (40) decides, not the moved request
        assertThat(e.path().segments()).noneMatch(s -> s.name().contains("sendThumbs"))
                .anyMatch(s -> s.name().contains("FeedParser.parse"));
    }

    @Test
    void aLongRequestStaysOnThePathAtItsMovedTimes() {
        // served at 98: loadAll 40–100, the response 0–110 ms.
        Analysis a = loadAll(98);
        assertThat(a.responses().get(0).durationNs()).isEqualTo(110 * MS);
        // loadAll (60 ms) runs 0–60: the HTTP thread's task waits 1–2 and is served 2–58, the
        // worker resumes at 59, loadAll returns at 60, later than the parse (40): posted at 60,
        // done 61–65, draw 66–70. 40 ms saved: all a parallel start can take off, how much earlier
        // loadAll starts (40); the path time is min(60 inside it, 40). Kept behind the feed, the
        // request would have been served 31–87 and the response would have ended at 99.
        Estimate e = parallelLoadAll(a);
        assertThat(e.durationNs()).isEqualTo(70 * MS);
        assertThat(e.savedNs()).isEqualTo(40 * MS);
        assertThat(e.pathTimeNs()).isEqualTo(40 * MS);
        // the HTTP thread's RECV of the request (the only piece there longer than 1 ms)
        Segment served = e.path().segments().stream()
                .filter(s -> s.threadName().equals("HttpClient-1-Worker-0") && s.endNs() - s.startNs() > MS)
                .findFirst().orElseThrow();
        long origin = a.responses().get(0).startNs();
        assertThat(served.startNs() - origin).isEqualTo(2 * MS);
        assertThat(served.endNs() - origin).isEqualTo(58 * MS);
    }
}
