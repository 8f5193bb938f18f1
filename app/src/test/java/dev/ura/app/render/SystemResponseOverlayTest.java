package dev.ura.app.render;

import dev.ura.app.analysis.model.Category;
import dev.ura.app.analysis.model.CriticalPath;
import dev.ura.app.analysis.model.EndEvent;
import dev.ura.app.analysis.model.LinkKind;
import dev.ura.app.analysis.model.Response;
import dev.ura.app.analysis.model.Segment;
import dev.ura.trace.io.TraceFiles;
import dev.ura.trace.model.EventKind;
import dev.ura.trace.model.Trace;
import dev.ura.trace.testing.PerfettoTraceWriter;
import dev.ura.trace.testing.SystemScenarios;
import org.junit.jupiter.api.Test;

import java.awt.Graphics2D;
import java.awt.Rectangle;
import java.awt.image.BufferedImage;
import java.nio.ByteBuffer;
import java.util.List;

import static dev.ura.trace.testing.SystemScenarios.t;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A system response on the timeline, painted headless on the tap scenario: runnable and I/O pieces
 * of the path in their thread-state colours, the rest in the path colour, and "on screen" flagged
 * after the end ("drawn").
 */
class SystemResponseOverlayTest {

    @Test
    void runnableAndIoPiecesTakeTheirOwnColoursAndOnScreenIsFlagged() throws Exception {
        Trace trace = TraceFiles.read("tap.pftrace", ByteBuffer.wrap(PerfettoTraceWriter.write(SystemScenarios.tap(),
                PerfettoTraceWriter.Options.plain())), null);
        int worker = trace.system().threadIndex(SystemScenarios.WORKER);
        int render = trace.system().threadIndex(SystemScenarios.RENDER);
        Response r = new Response(0, "deliverInputEvent", trace.system().threadIndex(SystemScenarios.APP),
                "om.example.feed", t(100), t(2500), true,
                new EndEvent(render, "RenderThread", EventKind.DRAW_FRAME, "DrawFrames 42", t(2500)));
        // the worker's pieces as the scenario has them: runnable 300–350, running 350–420, D 820–1500
        CriticalPath path = new CriticalPath(List.of(
                new Segment(1, worker, "FeedWorker", "runnable", t(300), t(350), Category.RUNNABLE, LinkKind.WAKEUP, 0, null),
                new Segment(2, worker, "FeedWorker", "fetch", t(350), t(420), Category.CPU, LinkKind.PROGRAM_ORDER, 0, null),
                new Segment(3, worker, "FeedWorker", "write", t(820), t(1500), Category.IO, LinkKind.PROGRAM_ORDER, 0, null)),
                t(2500));
        ResponseOverlay overlay = new ResponseOverlay(r, path, -1).asSystemResponse(t(3000));
        assertThat(overlay.ownColourCategories()).containsExactly(Category.RUNNABLE, Category.IO);

        TimelineScene scene = new TimelineScene(TraceIndex.of(trace));
        scene.setMetrics(Metrics.at(1));
        scene.setPalette(Palette.LIGHT);
        scene.overlays().add(overlay);
        int width = 1700;
        scene.axis().setWidthPx(width);
        scene.axis().fit(t(0), t(3200), 0);
        BufferedImage img = new BufferedImage(width, 700, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = img.createGraphics();
        RenderedFrame frame = new TimelineRenderer().paint(g, scene, width, 700);
        g.dispose();

        int y = frame.box(worker).rowsY(scene.metrics()) - 1;
        assertThat(rgb(img, scene, 325, y)).isEqualTo(CategoryColors.RUNNABLE.getRGB() & 0xFFFFFF);
        assertThat(rgb(img, scene, 385, y)).isEqualTo(Palette.LIGHT.criticalPath().getRGB() & 0xFFFFFF);
        assertThat(rgb(img, scene, 1100, y)).isEqualTo(CategoryColors.IO.getRGB() & 0xFFFFFF);

        List<Rectangle> flags = overlay.flags();
        assertThat(flags).hasSize(3); // start, drawn, on screen
        int xo = (int) Math.round(scene.axis().toPx(t(3000)));
        assertThat(flags.get(2).x).as("the on-screen flag sits at its time").isBetween(xo - flags.get(2).width - 4, xo + 4);
        assertThat(flags.get(2).intersects(flags.get(1))).isFalse();
    }

    private static int rgb(BufferedImage img, TimelineScene s, long us, int y) {
        return img.getRGB((int) Math.round(s.axis().toPx(t(us))), y) & 0xFFFFFF;
    }
}
