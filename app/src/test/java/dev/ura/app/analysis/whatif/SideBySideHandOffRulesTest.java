package dev.ura.app.analysis.whatif;

import dev.ura.app.analysis.AgentLogText;
import dev.ura.app.analysis.Analysis;
import dev.ura.app.analysis.model.Change;
import dev.ura.app.analysis.model.Estimate;
import dev.ura.app.analysis.model.Scenario;
import dev.ura.app.analysis.model.Segment;
import dev.ura.app.analysis.model.SliceSelector;
import org.junit.jupiter.api.Test;

import java.util.List;

import static dev.ura.app.analysis.whatif.DurationRangeRulesTest.b;
import static dev.ura.app.analysis.whatif.DurationRangeRulesTest.e;
import static dev.ura.app.analysis.whatif.DurationRangeRulesTest.line;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Known answers for *run side by side* of pieces that each hand a request to another thread and
 * wait for it (docs/what-if.md, "Run side by side": each piece moved earlier takes along the work it
 * hands off and waits for, as in "Run in parallel"), on an agent log written line by line here in
 * the shape of the demo's thumbnail downloads: a worker calls {@code FeedClient.get} four times in
 * a row; each hands its request to one HTTP client worker thread and blocks in
 * {@code CompletableFuture.get} until that thread releases the future. Every number is worked out
 * by hand from the lines below.
 */
class SideBySideHandOffRulesTest {
    private static final long MS = 1_000_000L;

    /**
     * Main (1) taps 0–2 and hands a task to the worker (2) at 1; the worker runs it from 2. At 3 it
     * calls {@code get} four times in a row, each 12 ms (3–15, 15–27, 27–39, 39–51): a call that
     * starts at s hands its request to the HTTP thread (3) at s+1 and blocks; that thread's task
     * waits to run s+1 to s+2, holds a RECV s+2 to s+10 and releases the future at s+10; the worker
     * resumes at s+11 and {@code get} returns at s+12 ({@link HandOffCarryRulesTest#request}). The
     * HTTP thread is idle between requests. At 51 the worker posts to main (its task ends at 51.5);
     * main runs {@code done} 52–56 (INVALIDATE 7 at 55) and draws view 7 57–61. One draw, no frame
     * rhythm: times are exact. The response is 0–61 ms.
     */
    private static Analysis fourGets() {
        StringBuilder l = new StringBuilder("{\"kind\":\"META\",\"version\":1,\"agent\":\"ura\",\"jvm\":\"OpenJDK 17\","
                + "\"app\":\"com.example.Feed\"}\n");
        l.append(line(0, 1, "THREAD", "\"name\":\"AWT-EventQueue-0\",\"main\":true"))
                .append(line(0, 2, "THREAD", "\"name\":\"SwingWorker-pool-1-thread-1\""))
                .append(line(0, 3, "THREAD", "\"name\":\"HttpClient-1-Worker-0\""))
                .append(b(0, 1, "USER_INPUT", "\"name\":\"actionPerformed\""))
                .append(line(1, 1, "SEND_MSG", "\"obj\":\"t1\",\"via\":\"executor\"")).append(e(2, 1, "USER_INPUT"))
                .append(b(2, 2, "DISPATCH_MSG", "\"obj\":\"t1\",\"name\":\"doInBackground\""));
        for (int k = 0; k < 4; k++) {
            double s = 3 + 12 * k;
            l.append(b(s, 2, "METHOD", "\"name\":\"com.example.FeedClient.get\""));
            HandOffCarryRulesTest.request(l, "g" + k, s + 1, s + 2, s + 10, "sendThumb" + k);
            l.append(e(s + 12, 2, "METHOD"));
        }
        l.append(line(51, 2, "SEND_MSG", "\"obj\":\"p\",\"via\":\"handler\"")).append(e(51.5, 2, "DISPATCH_MSG"))
                .append(b(52, 1, "DISPATCH_MSG", "\"obj\":\"p\",\"name\":\"done\""))
                .append(line(55, 1, "INVALIDATE", "\"view\":7"))
                .append(e(56, 1, "DISPATCH_MSG")).append(b(57, 1, "DRAW", "\"view\":7"))
                .append(e(61, 1, "DRAW"));
        return AgentLogText.analyse(l.toString());
    }

    @Test
    void fourRequestsServedOneAfterAnotherAreServedAtOnce() {
        Analysis a = fourGets();
        assertThat(a.responses()).hasSize(1);
        assertThat(a.responses().get(0).durationNs()).isEqualTo(61 * MS);
        // Side by side, the four gets all start at 3, where the first started, and each keeps its
        // 12 ms: its request is handed over at 4, the HTTP thread's task for it waits 4–5 (its
        // recorded distance from the hand-over) and is served 5–13, the worker resumes at 14 and
        // each get returns at 15. The post waits for all four: posted at 15, done 16–20, draw
        // 21–25. The response ends at 25: 36 ms saved, the last three gets (3 × 12).
        //
        // Without the rule (checked by switching it off), the second to fourth requests stay behind
        // the earlier ones on the HTTP thread, in its recorded order: the second one's task waits
        // 13–14 (for the first to be released at 13, its 1 ms of waiting as recorded) and is served
        // 14–22, its get returns at 24; the third waits 22–23, is served 23–31 and returns at 33;
        // the fourth waits 31–32, is served 32–40 and returns at 42. Posted at 42, done 43–47, draw
        // 48–52: the response would end at 52, only 9 ms saved. (Before side by side carried
        // hand-offs it also took the worker's resume after each release, a "waiting in
        // CompletableFuture.get" queue wait inside the earlier get, for the start of a new task
        // the later get had to wait for: each later get started when the one before was released
        // (13, 23, 33) and the response ended at 55, 6 ms saved.)
        Estimate est = a.estimate(0, Scenario.BASELINE.with(
                new Change.SideBySide(new SliceSelector.ByName("*FeedClient.get"))));
        assertThat(est.durationNs()).isEqualTo(25 * MS);
        assertThat(est.savedNs()).isEqualTo(36 * MS);
        // the bound: the later gets' spans on the recorded path, their HTTP parts included (the
        // path runs get, HTTP wait, RECV, resume through each of them): 3 × 12 ms
        assertThat(est.pathTimeNs()).isEqualTo(36 * MS);
        // the HTTP thread's RECVs (its only pieces longer than 1 ms) all run 5–13
        long origin = a.responses().get(0).startNs();
        List<Segment> served = est.path().segments().stream()
                .filter(s -> s.threadName().equals("HttpClient-1-Worker-0") && s.endNs() - s.startNs() > MS)
                .toList();
        assertThat(served).isNotEmpty().allSatisfy(s -> {
            assertThat(s.startNs() - origin).isEqualTo(5 * MS);
            assertThat(s.endNs() - origin).isEqualTo(13 * MS);
        });
    }
}
