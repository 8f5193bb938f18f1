package dev.ura.app.ui.timeline;

import dev.ura.app.analysis.model.SliceRef;
import dev.ura.app.render.Metrics;
import dev.ura.app.render.Palette;
import dev.ura.app.render.ThreadStateOverlay;
import dev.ura.app.render.TimelineScene;
import dev.ura.app.render.TraceIndex;
import dev.ura.trace.io.TraceFiles;
import dev.ura.trace.model.Trace;
import dev.ura.trace.testing.PerfettoTraceWriter;
import dev.ura.trace.testing.SystemScenarios;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;

import static dev.ura.trace.testing.SystemScenarios.t;
import static org.assertj.core.api.Assertions.assertThat;

/** A system slice's details break its time down by thread state; the strip's tooltips say what a state waited for. */
class StateDetailsTest {

    private static Trace tap() throws Exception {
        return TraceFiles.read("tap.pftrace", ByteBuffer.wrap(PerfettoTraceWriter.write(SystemScenarios.tap(),
                PerfettoTraceWriter.Options.plain())), null);
    }

    @Test
    void aSlicesDetailsSayHowItsThreadSpentIt() throws Exception {
        Trace trace = tap();
        int worker = trace.system().threadIndex(SystemScenarios.WORKER);
        // "fetch" (worker, 360–800 µs, 440 µs), from the scenario's script: running 360–420 and
        // 750–800 on CPU 1 (110 µs, 25 %), asleep 420 until the binder reply's wakeup at 710
        // (290 µs, 65.9 % → 66 %), runnable 710 until CPU 1 takes it at 750 (40 µs, 9.1 % → 9 %), no I/O
        String html = SliceDescriptions.detailsHtml(trace, new SliceRef(worker, 0));
        assertThat(html).contains("fetch</b>").contains("Thread state during the slice")
                .contains("Running:</span> 110 µs (25%) · on CPU 1 110 µs<br>")
                .contains("Runnable:</span> 40 µs (9%)<br>")
                .contains("Sleeping:</span> 290 µs (66%)<br>")
                .contains("I/O (uninterruptible):</span> 0 ns (0%)<br>")
                .doesNotContain("Unknown:");
        // "write" (810–1530): 680 of its 720 µs in D (94 %)
        String write = SliceDescriptions.detailsHtml(trace, new SliceRef(worker, 1));
        assertThat(write).contains("write</b>").contains("I/O (uninterruptible):</span> 680 µs (94%)<br>");
    }

    @Test
    void aMethodTraceSliceHasNoStateRows() {
        Trace method = new dev.ura.app.testing.TinyTraces().thread("main", true).call("a.B.c", 0, 0, 1_000).build();
        assertThat(SliceDescriptions.stateBreakdown(method, new SliceRef(0, 0))).isEmpty();
        assertThat(SliceDescriptions.detailsHtml(method, new SliceRef(0, 0))).doesNotContain("Thread state");
    }

    private static TimelineScene scene(Trace trace, int width) {
        TimelineScene scene = new TimelineScene(TraceIndex.of(trace));
        scene.setMetrics(Metrics.at(1));
        scene.setPalette(Palette.LIGHT);
        ThreadStateOverlay.install(scene);
        scene.axis().setWidthPx(width);
        scene.axis().fit(t(0), t(2600), 0);
        return scene;
    }

    @Test
    void aRunnableStretchNamesItsWakerAndWhoHeldTheCpu() throws Exception {
        Trace trace = tap();
        int worker = trace.system().threadIndex(SystemScenarios.WORKER);
        TimelineScene scene = scene(trace, 1300); // 2 px per µs
        // runnable 300–350: the main thread's wakeup at 300 (targeting CPU 1); it ran on CPU 1 at
        // 350, where SurfaceFlinger had run since 0
        String tip = StateTooltips.at(scene, worker, (int) Math.round(scene.axis().toPx(t(325))));
        assertThat(tip).contains("<b>runnable</b> 50 µs").contains("woken by om.example.feed 1000")
                .contains("waiting for CPU 1 (held by surfaceflinger 500)");
        // running 350–420 on CPU 1
        assertThat(StateTooltips.at(scene, worker, (int) Math.round(scene.axis().toPx(t(400)))))
                .contains("<b>running</b> 70 µs").contains("on CPU 1");
        // in D 820–1500, woken from an interrupt
        assertThat(StateTooltips.at(scene, worker, (int) Math.round(scene.axis().toPx(t(1200)))))
                .contains("<b>I/O (uninterruptible)</b> 680 µs").contains("woken from an interrupt");
    }

    @Test
    void zoomedOutTheTooltipSharesTheFoldedStates() throws Exception {
        Trace trace = tap();
        int worker = trace.system().threadIndex(SystemScenarios.WORKER);
        // 26 µs a pixel: a fold is 3 px (78 µs) either side of the pointer; at 330 it covers the
        // runnable 300–350 and the running 350–408
        TimelineScene scene = scene(trace, 100);
        String tip = StateTooltips.at(scene, worker, (int) Math.round(scene.axis().toPx(t(330))));
        assertThat(tip).contains("states in").contains("zoom in").contains("runnable: 50 µs")
                .contains("running: ");
    }
}
