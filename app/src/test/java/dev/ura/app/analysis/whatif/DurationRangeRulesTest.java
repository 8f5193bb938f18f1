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
 * Known answers for the assumption and range of an estimate (docs/what-if.md, "Assumption and
 * range") on an agent log written line by line here; every number is worked out by hand below.
 */
public class DurationRangeRulesTest {
    private static final long MS = 1_000_000L;

    /** An agent-log line (times in ms); also for the other rule tests of this package. */
    static String line(double ms, int tid, String kind, String rest) {
        return String.format(Locale.ROOT, "{\"ts\":%d,\"tid\":%d,\"kind\":\"%s\"%s}%n", Math.round(ms * 1e6), tid, kind,
                rest.isEmpty() ? "" : "," + rest);
    }

    static String b(double ms, int tid, String kind, String rest) {
        return line(ms, tid, kind, "\"ph\":\"B\"" + (rest.isEmpty() ? "" : "," + rest));
    }

    static String e(double ms, int tid, String kind) {
        return line(ms, tid, kind, "\"ph\":\"E\"");
    }

    /**
     * The example of docs/what-if.md. Main (1) taps at 0 and hands a task to worker (2) at 1. The
     * worker fetches the feed (fetchFeed 2–15, its RECV from host a, 1000 B, 5–15), then
     * loadThumbs 15–45: three RECVs of 100 B from host b, 15–21 (6 ms), 21–33 and 33–45 (12 ms
     * each), and posts to main at 45. Main binds 46–51 (INVALIDATE 7 at 50) and draws view 7
     * 52–56: the response is 0–56 ms. One draw, no frame rhythm: times are exact.
     */
    public static String thumbnails(double first, double second, double third) {
        StringBuilder l = new StringBuilder("{\"kind\":\"META\",\"version\":1,\"app\":\"com.example.news\"}\n");
        l.append(line(0, 1, "THREAD", "\"name\":\"main\",\"main\":true")).append(line(0, 2, "THREAD", "\"name\":\"worker\""))
                .append(b(0, 1, "USER_INPUT", "\"name\":\"onClick\"")).append(line(1, 1, "SEND_MSG", "\"obj\":1,\"via\":\"executor\""))
                .append(e(2, 1, "USER_INPUT"))
                .append(b(2, 2, "DISPATCH_MSG", "\"obj\":1,\"name\":\"run\""))
                .append(b(2, 2, "METHOD", "\"name\":\"com.example.Feed.fetchFeed\""))
                .append(b(5, 2, "RECV", "\"host\":\"a\",\"bytes\":1000")).append(e(15, 2, "RECV")).append(e(15, 2, "METHOD"))
                .append(b(15, 2, "METHOD", "\"name\":\"com.example.Feed.loadThumbs\""));
        double t = 15;
        for (double d : new double[] {first, second, third}) {
            l.append(b(t, 2, "RECV", "\"host\":\"b\",\"bytes\":100")).append(e(t + d, 2, "RECV"));
            t += d;
        }
        double post = t;
        return l.append(e(post, 2, "METHOD"))
                .append(line(post, 2, "SEND_MSG", "\"obj\":2,\"via\":\"handler\"")).append(e(post + 0.5, 2, "DISPATCH_MSG"))
                .append(b(post + 1, 1, "DISPATCH_MSG", "\"obj\":2,\"name\":\"handleMessage\""))
                .append(line(post + 5, 1, "INVALIDATE", "\"view\":7")).append(e(post + 6, 1, "DISPATCH_MSG"))
                .append(b(post + 7, 1, "DRAW", "\"view\":7")).append(e(post + 11, 1, "DRAW")).toString();
    }

    private static Estimate estimate(Analysis a, Change c) {
        assertThat(a.responses()).hasSize(1);
        return a.estimate(0, Scenario.BASELINE.with(c));
    }

    private static SliceSelector.ByName named(String glob) {
        return new SliceSelector.ByName(glob);
    }

    @Test
    void parallelThumbnailsGiveTheRangeOfTheirFastestAndSlowestRequest() {
        Analysis a = AgentLogText.analyse(thumbnails(6, 12, 12));
        assertThat(a.responses().get(0).durationNs()).isEqualTo(56 * MS);
        // loadThumbs (30 ms) runs 0–30 on its own thread; the post waits for it and for the feed
        // before it (15): post at 30, bind 31–36, draw 37–41.
        Estimate e = estimate(a, new Change.RunInParallel(named("*loadThumbs")));
        assertThat(e.durationNs()).isEqualTo(41 * MS);
        // The three RECV b 100 B are the same request, recorded 6, 12 and 12 ms. All at 6:
        // loadThumbs takes 18, the post waits for max(15, 18) = 18: bind 19–24, draw 25–29.
        // All at 12: 36: bind 37–42, draw 43–47.
        assertThat(e.range()).isNotNull();
        assertThat(e.range().lowDurationNs()).isEqualTo(29 * MS);
        assertThat(e.range().highDurationNs()).isEqualTo(47 * MS);
        assertThat(e.range().evidence())
                .isEqualTo("3 × RECV b 100 B moved, the same work took 6.0 ms–12.0 ms in this trace (3 times)");
        assertThat(e.assumption()).startsWith("moved work keeps its recorded duration (the range")
                .endsWith("; all other work keeps its recorded duration");
    }

    @Test
    void noRangeWhenTheSameRequestAlwaysTookAsLong() {
        // 10, 10, 10: every RECV b took 10 ms; no evidence of another duration. The feed's RECV a
        // (10 ms too, another host) is other work and never counts.
        Estimate e = estimate(AgentLogText.analyse(thumbnails(10, 10, 10)), new Change.RunInParallel(named("*loadThumbs")));
        assertThat(e.range()).isNull();
        assertThat(e.assumption()).contains("no range: none of its waiting pieces was recorded elsewhere");
    }

    @Test
    void deferAndSpeedUpStateTheirAssumptionAndGiveNoRange() {
        Analysis a = AgentLogText.analyse(thumbnails(6, 12, 12));
        Estimate defer = estimate(a, new Change.Defer(named("*loadThumbs")));
        assertThat(defer.range()).isNull();
        assertThat(defer.assumption())
                .isEqualTo("deferred work takes no time in the response; all other work keeps its recorded duration");
        Estimate twice = estimate(a, new Change.SpeedUp(named("*loadThumbs"), 2));
        assertThat(twice.range()).isNull();
        assertThat(twice.assumption()).isEqualTo("sped-up work takes 1/2 of its own time, its waits for other threads"
                + " as recorded; all other work keeps its recorded duration");
        assertThat(a.estimate(0, Scenario.BASELINE).assumption()).isNull();
    }
}
