package dev.ura.app.analysis.whatif;

import dev.ura.app.analysis.AgentLogText;
import dev.ura.app.analysis.Analysis;
import dev.ura.app.analysis.model.Change;
import dev.ura.app.analysis.model.Estimate;
import dev.ura.app.analysis.model.Scenario;
import dev.ura.app.analysis.model.SliceSelector;
import org.junit.jupiter.api.Test;

import java.util.Locale;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Queues under a what-if (docs/what-if.md, "Queues"), on agent logs written line by line here:
 * a single-threaded queue runs the message due first, so a change that moves a post moves the
 * message in its queue. Every number is worked out by hand from the lines below.
 */
class QueueOrderRulesTest {
    private static final long MS = 1_000_000L;

    private static String line(double ms, int tid, String kind, String rest) {
        return String.format(Locale.ROOT, "{\"ts\":%d,\"tid\":%d,\"kind\":\"%s\"%s}%n", Math.round(ms * 1e6), tid, kind,
                rest.isEmpty() ? "" : "," + rest);
    }

    /**
     * The worked example of docs/what-if.md. main (1) taps 0–2 and hands a task to worker2 (2) at 1
     * and one to worker3 (3) at 1.5. worker2: fetchFeed 2–40 (RECV), posts bindFeed (obj 3) at 40.
     * worker3: Thumbs.setup 2–45 (cpu), Thumbs.fetch 45–48 (RECV), posts bindThumbs (obj 4) at 48.
     * main: bindFeed 40–50 (INVALIDATE 7 at 49), bindThumbs 50–54 — queued 48–50 behind bindFeed —
     * (INVALIDATE 8 at 53), DRAW 7 55–57, DRAW 8 57–59. Two draws: no frame rhythm, exact times.
     * The response is 0–59.
     */
    static String feedAndThumbs(String sendDelay) {
        StringBuilder sb = new StringBuilder("{\"kind\":\"META\",\"version\":1,\"app\":\"com.example.news\"}\n");
        sb.append(line(0, 1, "THREAD", "\"name\":\"main\",\"main\":true"))
                .append(line(0, 2, "THREAD", "\"name\":\"worker2\""))
                .append(line(0, 3, "THREAD", "\"name\":\"worker3\""))
                .append(line(0, 1, "USER_INPUT", "\"ph\":\"B\",\"name\":\"onClick\""))
                .append(line(1, 1, "SEND_MSG", "\"obj\":1,\"via\":\"executor\""))
                .append(line(1.5, 1, "SEND_MSG", "\"obj\":2,\"via\":\"executor\""))
                .append(line(2, 1, "USER_INPUT", "\"ph\":\"E\""))
                .append(line(2, 2, "DISPATCH_MSG", "\"ph\":\"B\",\"obj\":1,\"name\":\"feed\""))
                .append(line(2, 2, "METHOD", "\"ph\":\"B\",\"name\":\"com.example.Feed.fetchFeed\""))
                .append(line(2, 2, "RECV", "\"ph\":\"B\",\"bytes\":1000"))
                .append(line(2, 3, "DISPATCH_MSG", "\"ph\":\"B\",\"obj\":2,\"name\":\"thumbs\""))
                .append(line(2, 3, "METHOD", "\"ph\":\"B\",\"name\":\"com.example.Thumbs.setup\""))
                .append(line(40, 2, "RECV", "\"ph\":\"E\""))
                .append(line(40, 2, "METHOD", "\"ph\":\"E\""))
                .append(line(40, 2, "SEND_MSG", "\"obj\":3,\"via\":\"handler\""))
                .append(line(40, 1, "DISPATCH_MSG", "\"ph\":\"B\",\"obj\":3,\"name\":\"bindFeed\""))
                .append(line(40.1, 2, "DISPATCH_MSG", "\"ph\":\"E\""))
                .append(line(45, 3, "METHOD", "\"ph\":\"E\""))
                .append(line(45, 3, "METHOD", "\"ph\":\"B\",\"name\":\"com.example.Thumbs.fetch\""))
                .append(line(45, 3, "RECV", "\"ph\":\"B\",\"bytes\":100"))
                .append(line(48, 3, "RECV", "\"ph\":\"E\""))
                .append(line(48, 3, "METHOD", "\"ph\":\"E\""))
                .append(line(48, 3, "SEND_MSG", "\"obj\":4,\"via\":\"handler\"" + sendDelay))
                .append(line(48.1, 3, "DISPATCH_MSG", "\"ph\":\"E\""))
                .append(line(49, 1, "INVALIDATE", "\"view\":7"))
                .append(line(50, 1, "DISPATCH_MSG", "\"ph\":\"E\""))
                .append(line(50, 1, "DISPATCH_MSG", "\"ph\":\"B\",\"obj\":4,\"name\":\"bindThumbs\""))
                .append(line(53, 1, "INVALIDATE", "\"view\":8"))
                .append(line(54, 1, "DISPATCH_MSG", "\"ph\":\"E\""))
                .append(line(55, 1, "DRAW", "\"ph\":\"B\",\"view\":7"))
                .append(line(57, 1, "DRAW", "\"ph\":\"E\""))
                .append(line(57, 1, "DRAW", "\"ph\":\"B\",\"view\":8"))
                .append(line(59, 1, "DRAW", "\"ph\":\"E\""));
        return sb.toString();
    }

    private static Estimate estimate(Analysis a, Change c) {
        assertThat(a.responses()).hasSize(1);
        return a.estimate(0, Scenario.BASELINE.with(c));
    }

    @Test
    void aMessagePostedEarlierRunsBeforeTheOneItFollowed() {
        Analysis a = AgentLogText.analyse(feedAndThumbs(""));
        assertThat(a.responses().get(0).durationNs()).isEqualTo(59 * MS);
        // Deferring setup: worker3 fetches 2–5 and posts bindThumbs at 5. main is free at 2 and
        // runs bindThumbs 5–9 (INVALIDATE 8 at 8), draws view 8 at once 9–11; bindFeed still
        // comes at 40 and runs 40–50, view 7 is drawn 51–53 (it waited 1 ms after main was free,
        // 54–55, as recorded). The last draw ends at 53: saves 6 ms.
        Estimate defer = estimate(a, new Change.Defer(new SliceSelector.ByName("*Thumbs.setup")));
        assertThat(defer.savedNs()).isEqualTo(6 * MS);
        assertThat(defer.endNs()).isEqualTo(53 * MS);
        // setup was not on the recorded path (bindThumbs waited for main, 48–50, not for its
        // post): its own path time is 0. The queue's order changed for bindThumbs (4 ms on the
        // path) and draw 8 (2 ms), which now run first, and for bindFeed (10 ms) and draw 7 (its
        // 1 ms wait and 2 ms draw), which they passed: 19 ms of path time, the saving's bound.
        assertThat(defer.pathTimeNs()).isEqualTo(19 * MS);
        // The estimated path ends with view 7's draw, after bindFeed, not with view 8's.
        assertThat(defer.path().segments().get(defer.path().segments().size() - 1).startNs())
                .isEqualTo(51 * MS);
    }

    @Test
    void aDrawRequestedEarlierIsDrawnBeforeALaterMessage() {
        Analysis a = AgentLogText.analyse(feedAndThumbs(""));
        // Speeding up fetchFeed ×2 (38 ms of RECV → 19): bindFeed is posted at 21, still before
        // bindThumbs (48), and runs 21–31; its INVALIDATE 7 comes at 30, so view 7's draw is due
        // at 30, before bindThumbs is even posted: it runs when main is free, after its recorded
        // 1 ms, 32–34. bindThumbs runs when posted, 48–52 (INVALIDATE 8 at 51), view 8 is drawn
        // 52–54. The last draw ends at 54: saves 5 ms (in the recorded order view 7 would wait
        // for bindThumbs and the end would be 57: 2 ms).
        Estimate faster = estimate(a, new Change.SpeedUp(new SliceSelector.ByName("*fetchFeed"), 2));
        assertThat(faster.savedNs()).isEqualTo(5 * MS);
        // fetchFeed's own 19 ms, plus the order that changed: view 7's draw (1 + 2 ms on the
        // path) and bindThumbs, which it passed (4 ms): 26 ms
        assertThat(faster.pathTimeNs()).isEqualTo(26 * MS);
    }

    @Test
    void aDelayedMessageTakesItsPlaceWhenItsDelayIsOver() {
        // bindThumbs posted at 48 with a 2 ms delay (due 50, when it ran). Deferring setup posts
        // it at 5, due at 7, still long before bindFeed (40): it takes its place ahead of bindFeed
        // and runs when main is free and it is posted, 5–9 (the delay decides its place; its wait
        // is the one recorded, 0): the same 6 ms saving as without the delay.
        Analysis a = AgentLogText.analyse(feedAndThumbs(",\"delay_ms\":2"));
        assertThat(a.responses().get(0).durationNs()).isEqualTo(59 * MS);
        Estimate defer = estimate(a, new Change.Defer(new SliceSelector.ByName("*Thumbs.setup")));
        assertThat(defer.savedNs()).isEqualTo(6 * MS);
        // Speeding setup up ×1.1 instead posts it at 44.1 (setup 43 → 39.1 ms), due at 46.1:
        // after bindFeed (due 40), so the recorded order stays, and bindThumbs still runs after
        // bindFeed, 50–54: nothing saved (it waited for main, not for its post).
        Estimate slight = estimate(a, new Change.SpeedUp(new SliceSelector.ByName("*Thumbs.setup"), 1.1));
        assertThat(slight.savedNs()).isEqualTo(0);
    }
}
