package dev.ura.app.render;

import dev.ura.trace.io.TraceFiles;
import dev.ura.trace.model.Trace;
import dev.ura.trace.model.system.ThreadState;
import dev.ura.trace.testing.PerfettoTraceWriter;
import dev.ura.trace.testing.SystemScenarios;
import org.junit.jupiter.api.Test;

import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.nio.ByteBuffer;

import static dev.ura.app.render.ThreadStateOverlay.ArrowKind.BINDER;
import static dev.ura.app.render.ThreadStateOverlay.ArrowKind.WAKEUP;
import static dev.ura.trace.testing.SystemScenarios.t;
import static org.assertj.core.api.Assertions.assertThat;

/** Paints the tap scenario headless and reads the state strip and frame marks back from pixels. */
class ThreadStateOverlayTest {

    @Test
    void stripShowsEachThreadsStateAtItsTimeAndTheRulerMarksTheFrame() throws Exception {
        Trace trace = TraceFiles.read("tap.pftrace", ByteBuffer.wrap(PerfettoTraceWriter.write(SystemScenarios.tap(),
                PerfettoTraceWriter.Options.plain())), null);
        TraceIndex index = TraceIndex.of(trace);
        TimelineScene scene = new TimelineScene(index);
        scene.setMetrics(Metrics.at(1));
        scene.setPalette(Palette.LIGHT);
        assertThat(ThreadStateOverlay.install(scene)).isNotNull();
        int width = 1300;
        scene.axis().setWidthPx(width);
        scene.axis().fit(t(0), t(2600), 0); // 2 px per µs
        BufferedImage img = new BufferedImage(width, 600, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = img.createGraphics();
        RenderedFrame frame = new TimelineRenderer().paint(g, scene, width, 600);
        g.dispose();

        int worker = trace.system().threadIndex(SystemScenarios.WORKER);
        LaneBox box = frame.box(worker);
        int y = box.stripY(scene.metrics()) + box.strip() / 2;
        // Worker: runnable 300–350, running 350–420, asleep in D 820–1500.
        assertThat(rgb(img, scene, 330, y)).isEqualTo(ThreadStateOverlay.colour(ThreadState.RUNNABLE).getRGB());
        assertThat(rgb(img, scene, 400, y)).isEqualTo(ThreadStateOverlay.colour(ThreadState.RUNNING).getRGB());
        assertThat(rgb(img, scene, 1200, y)).isEqualTo(ThreadStateOverlay.colour(ThreadState.UNINTERRUPTIBLE).getRGB());
        int app = trace.system().threadIndex(SystemScenarios.APP);
        int appY = frame.box(app).stripY(scene.metrics()) + frame.box(app).strip() / 2;
        assertThat(rgb(img, scene, 1625, appY)).isEqualTo(ThreadStateOverlay.colour(ThreadState.RUNNABLE).getRGB());
        // Frame 42 was drawn at 2500 µs: a tick on the ruler there.
        int rulerY = scene.metrics().ruler() - 2;
        assertThat(img.getRGB((int) scene.axis().toPx(t(2500)), rulerY) & 0xFFFFFF).isEqualTo(0x1F6FEB);
    }

    /**
     * nowinandroid (Android 13, app-only tracing): no doFrame slices, so the app's frames are
     * FrameTimeline's (issue 19: "frames come from FrameTimeline, are drawn on the ruler"). Its first
     * app frame, worked out from the packets (see FrameTimelineFramesTest): token 154407810, actual
     * start 578090134777002, FrameEnd 578090183018539 — the tick of "drawn" goes there; 1 ms before it
     * the ruler has none (a background pixel: the test fails if the ruler were painted all over).
     */
    @Test
    void framesKnownOnlyFromFrameTimelineAreMarkedOnTheRuler() throws Exception {
        Trace trace = TraceFiles.read(dev.ura.trace.testing.SharedFiles.require(
                "traces/system-real/nowinandroid__trace.perfetto-trace"));
        TimelineScene scene = new TimelineScene(TraceIndex.of(trace));
        scene.setMetrics(Metrics.at(1));
        scene.setPalette(Palette.LIGHT);
        assertThat(ThreadStateOverlay.install(scene)).isNotNull();
        int width = 1000;
        long drawn = 578_090_183_018_539L;
        scene.axis().setWidthPx(width);
        scene.axis().fit(drawn - 2_000_000L, drawn + 2_000_000L, 0); // 4 ms over 1000 px
        BufferedImage img = new BufferedImage(width, 400, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = img.createGraphics();
        new TimelineRenderer().paint(g, scene, width, 400);
        g.dispose();
        int rulerY = scene.metrics().ruler() - 2;
        assertThat(img.getRGB((int) scene.axis().toPx(drawn), rulerY) & 0xFFFFFF).isEqualTo(0x1F6FEB);
        assertThat(img.getRGB((int) scene.axis().toPx(drawn - 1_000_000L), rulerY) & 0xFFFFFF).isNotEqualTo(0x1F6FEB);
    }

    private static int rgb(BufferedImage img, TimelineScene s, long us, int y) {
        return img.getRGB((int) Math.round(s.axis().toPx(t(us))), y);
    }

    @Test
    void aSelectedSliceShowsWhoWokeItsThreadAndItsBinderCalls() throws Exception {
        Trace trace = TraceFiles.read("tap.pftrace", ByteBuffer.wrap(PerfettoTraceWriter.write(SystemScenarios.tap(),
                PerfettoTraceWriter.Options.plain())), null);
        ThreadStateOverlay overlay = ThreadStateOverlay.of(trace);
        int worker = trace.system().threadIndex(SystemScenarios.WORKER);
        int app = trace.system().threadIndex(SystemScenarios.APP);
        int binder = trace.system().threadIndex(SystemScenarios.BINDER);
        // "fetch" (worker, 360–800 µs): woken by the main thread at 300 before it; during it the
        // binder thread's reply wakes it at 710; it sends 77 (400 → 510) and receives 78 (710 → 760).
        assertThat(overlay.arrows(new dev.ura.app.analysis.model.SliceRef(worker, 0))).containsExactly(
                new ThreadStateOverlay.Arrow(WAKEUP, app, t(300), worker, t(300)),
                new ThreadStateOverlay.Arrow(WAKEUP, binder, t(710), worker, t(710)),
                new ThreadStateOverlay.Arrow(BINDER, worker, t(400), binder, t(510)),
                new ThreadStateOverlay.Arrow(BINDER, binder, t(710), worker, t(760)));
        assertThat(overlay.arrows(null)).isEmpty();
    }
}
