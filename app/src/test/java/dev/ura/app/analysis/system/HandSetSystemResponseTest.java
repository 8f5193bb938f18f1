package dev.ura.app.analysis.system;

import dev.ura.app.analysis.Analysis;
import dev.ura.app.analysis.AnalysisOptions;
import dev.ura.app.analysis.TraceSession;
import dev.ura.app.analysis.model.ResponseByHand;
import dev.ura.app.analysis.model.Segment;
import dev.ura.trace.model.Trace;
import dev.ura.trace.testing.ClickWorkerNetworkScenario;
import org.junit.jupiter.api.Test;

import java.io.InputStream;
import java.nio.ByteBuffer;
import java.util.List;

import static dev.ura.app.analysis.system.Machine.APP;
import static dev.ura.app.analysis.system.Machine.OTHER;
import static dev.ura.app.analysis.system.Machine.WORKER;
import static dev.ura.app.analysis.system.SystemTraces.stretches;
import static dev.ura.app.analysis.system.SystemTraces.us;
import static dev.ura.trace.testing.SystemScenarios.t;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Responses set by hand on system traces (docs/system-responses.md §8): the chosen process's UI
 * thread, tracked work by §2 from the window's start, and the system walk from the window's end.
 * Times in µs after the scenario base, worked out from the scripts' lines.
 */
class HandSetSystemResponseTest {

    /**
     * Two apps. {@code com.other} (main 2000) runs 900–1400 inside a slice {@code StatusBar.update}
     * 950–1350, so it is the thread running a slice at the window's start (1000): the method-trace
     * rule picked it. {@code com.example.feed} (main 1000) sleeps 200–1100 until an interrupt,
     * runs 1100–1500 ({@code onClick} 1150–1450, waking FeedWorker at 1300), sleeps 1500–2500
     * until FeedWorker wakes it, runs 2550–2900 ({@code bind} 2600–2850) and sleeps for good.
     * FeedWorker runs 1350–1800 ({@code load} 1400–1750), sleeps 1800–2300 until an interrupt
     * (I/O), runs 2300–2550, waking main at 2500, and sleeps with no waker.
     *
     * <p>Window 1000–2900. Running time inside it: feed main 400 + 350 = 750, other main 400: the
     * feed app is chosen. Tracked: main from 1000 (its sleep 1500–2500 is ended by FeedWorker,
     * tracked then; its sleep at 2900 has no waker: ends there), FeedWorker from the wakeup at 1300
     * to its last sleep at 2550, cut at the window's end → 2550.
     *
     * <p>Path back from main at 2900: main cpu 2850–2900 (running), 2600–2850 {@code bind},
     * 2550–2600 (running), runnable 2500–2550 (the wakeup targets main's CPU 0, idle then); its sleep 1500–2500 was ended by FeedWorker →
     * FeedWorker from 2500 down to 1500: cpu 2300–2500 (running), wait 1800–2300 (interrupt),
     * cpu 1750–1800 (running), 1500–1750 {@code load}; at 1500 main's window starts, and FeedWorker
     * was in tracked work just before it (from 1300), so the window extends (§4): FeedWorker
     * 1400–1500 {@code load}, 1350–1400 (running), runnable 1300–1350 (CPU 2 idle: the wakeup's
     * latency); its tracked work starts with main's wakeup at 1300 (main tracked): main 1150–1300
     * {@code onClick}, 1100–1150 (running), wait 1000–1100 (the interrupt's sleep, cut at the start).
     * Main's 1300–1500 ran beside FeedWorker and did not hold it up. Tiled: 300 + 1200 + 400 = 1900
     * = 2900 − 1000. (Before windows extended, the walk returned to main at 1500.)
     */
    private static Machine twoApps() {
        return new Machine()
                .run(OTHER, 900, 1400, "S").slice(OTHER, 950, 1350, "StatusBar.update")
                .run(APP, 0, 200, "S").irqWake(APP, 1100).run(APP, 1100, 1500, "S")
                .slice(APP, 1150, 1450, "onClick").wake(APP, WORKER, 1300)
                .run(WORKER, 0, 100, "S").run(WORKER, 1350, 1800, "S").slice(WORKER, 1400, 1750, "load")
                .irqWake(WORKER, 2300).run(WORKER, 2300, 2550, "S").wake(WORKER, APP, 2500)
                .run(APP, 2550, 2900, "S").slice(APP, 2600, 2850, "bind");
    }

    @Test
    void aWindowIsOnTheUiThreadOfTheAppThatRunsMostInItAndItsPathIsTheSystemWalk() throws Exception {
        Trace trace = SystemTraces.perfetto(twoApps().s);
        Analysis a = Analysis.byHand(trace, AnalysisOptions.defaults(), ResponseByHand.window(t(1000), t(2900)));
        assertThat(a.responses()).hasSize(1);
        assertThat(a.responses().get(0).thread()).isEqualTo(SystemTraces.thread(trace, APP));
        assertThat(a.responses().get(0).setByHand()).isTrue();
        assertThat(a.responses().get(0).endNs()).isEqualTo(t(2900));
        assertThat(stretches(trace, SystemTraces.work(a, 0)))
                .containsExactly("1000 1000-2900 TRIGGER", "1020 1300-2550 WAKEUP");
        assertThat(path(a)).containsExactly(
                "1000 1000-1100 WAIT sleeping",
                "1000 1100-1150 CPU running",
                "1000 1150-1300 CPU onClick",
                "1020 1300-1350 RUNNABLE waiting for CPU 2",
                "1020 1350-1400 CPU running",
                "1020 1400-1750 CPU load",
                "1020 1750-1800 CPU running",
                "1020 1800-2300 WAIT sleeping",
                "1020 2300-2500 CPU running",
                "1000 2500-2550 RUNNABLE waiting for CPU 0",
                "1000 2550-2600 CPU running",
                "1000 2600-2850 CPU bind",
                "1000 2850-2900 CPU running");
    }

    @Test
    void processChoosesTheThreadByNameOrPidAndAnUnknownOneIsNamed() throws Exception {
        Trace trace = SystemTraces.perfetto(twoApps().s);
        Analysis byName = Analysis.byHand(trace, AnalysisOptions.defaults(),
                ResponseByHand.window(t(1000), t(2900)).inProcess("com.other"));
        assertThat(byName.responses().get(0).thread()).isEqualTo(SystemTraces.thread(trace, OTHER));
        // com.other runs 900–1400 and sleeps with no waker: its own work ends at 1400.
        assertThat(stretches(trace, SystemTraces.work(byName, 0))).containsExactly("2000 1000-1400 TRIGGER");
        Analysis byPid = Analysis.byHand(trace, AnalysisOptions.defaults(),
                ResponseByHand.window(t(1000), t(2900)).inProcess("1000"));
        assertThat(byPid.responses().get(0).thread()).isEqualTo(SystemTraces.thread(trace, APP));
        assertThatThrownBy(() -> Analysis.byHand(trace, AnalysisOptions.defaults(),
                ResponseByHand.window(t(1000), t(2900)).inProcess("com.missing")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("no process com.missing in the trace; give a pid or a full name of:")
                .hasMessageContaining("com.example.feed (1000)");
    }

    /**
     * The news-click sample's script (ClickWorkerNetworkScenario): from {@code deliverInputEvent}
     * (21400) to the end of {@code NewsAdapter.submitList} (44500), on main. Tracked: main from
     * 21400 until its sleep at 22100, which the vsync of frame 2 ends (not tracked work);
     * NetWorker from main's wakeup at 21700 to 43300 (its socket sleep ends by an interrupt, its
     * last sleep has no waker); main again from NetWorker's wakeup at 43100, cut at 44500.
     *
     * <p>Path back from main at 44500: {@code submitList} 43200–44500, running 43150–43200,
     * runnable 43100–43150; main slept 37350–43100 (after frame 5002's doFrame), woken by NetWorker
     * → NetWorker: fetchNews 43000–43100, parseNews 41200–43000, fetchNews 41000–41200, runnable
     * 40000–41000 (CPU 3 held by sync pool-1); at 37350 main's window starts, but main was not in
     * tracked work then (between 22100 and 43100) and NetWorker was, so the walk stays on it: the
     * network wait 22300–40000, fetchNews 21800–22300, running 21750–21800, runnable 21700–21750;
     * NetWorker's sleep was ended by main at 21700 → main: onClick 21500–21700, deliverInputEvent
     * 21400–21500. Main 1650 cpu + 50 runnable, NetWorker 2650 cpu + 1050 runnable + 17700 wait:
     * 23100 = 44500 − 21400. (The method-trace engine gave main alone, all cpu, through frame 5002.)
     */
    @Test
    void newsClickFromTheInputToThePostBack() throws Exception {
        byte[] sample;
        try (InputStream in = HandSetSystemResponseTest.class.getResourceAsStream(
                "/samples/system/news-click.perfetto-trace")) {
            assertThat(in).as("the bundled sample").isNotNull();
            sample = in.readAllBytes();
        }
        // The bundled sample (what a user opens from the Samples menu) and its script alike.
        for (Trace trace : List.of(TraceSession.load("news-click.perfetto-trace", ByteBuffer.wrap(sample), null),
                SystemTraces.perfetto(ClickWorkerNetworkScenario.script()))) {
            newsClick(trace);
        }
    }

    private static void newsClick(Trace trace) {
        for (ResponseByHand byHand : List.of(ResponseByHand.slices("deliverInputEvent*", "NewsAdapter.submitList"),
                ResponseByHand.window(t(21400), t(44500)))) {
            Analysis a = Analysis.byHand(trace, AnalysisOptions.defaults(), byHand);
            assertThat(a.responses().get(0).thread()).as(byHand.describe())
                    .isEqualTo(SystemTraces.thread(trace, ClickWorkerNetworkScenario.APP));
            assertThat(stretches(trace, SystemTraces.work(a, 0))).as(byHand.describe())
                    .containsExactly("2000 21400-22100 TRIGGER", "2020 21700-43300 WAKEUP", "2000 43100-44500 WAKEUP");
            assertThat(path(a)).as(byHand.describe()).containsExactly(
                    "2000 21400-21500 CPU deliverInputEvent src=0x1002 eventTimeNano=7021000000 id=0x2a",
                    "2000 21500-21700 CPU NewsFragment.onClick",
                    "2020 21700-21750 RUNNABLE waiting for CPU 3",
                    "2020 21750-21800 CPU running",
                    "2020 21800-22300 CPU fetchNews",
                    "2020 22300-40000 WAIT sleeping",
                    "2020 40000-41000 RUNNABLE waiting for CPU 3 (held by sync pool-1 3010)",
                    "2020 41000-41200 CPU fetchNews",
                    "2020 41200-43000 CPU parseNews",
                    "2020 43000-43100 CPU fetchNews",
                    "2000 43100-43150 RUNNABLE waiting for CPU 0",
                    "2000 43150-43200 CPU running",
                    "2000 43200-44500 CPU NewsAdapter.submitList");
        }
    }

    /** Each piece as "tid from-to CATEGORY name", µs after the base. */
    private static List<String> path(Analysis a) {
        List<Segment> segments = a.criticalPath(0).segments();
        return segments.stream().map(s -> a.trace().system().threads().get(s.thread()).tid() + " " + us(s.startNs())
                + "-" + us(s.endNs()) + " " + s.category() + " " + s.name()).toList();
    }
}
