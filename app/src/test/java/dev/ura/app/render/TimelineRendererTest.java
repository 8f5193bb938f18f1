package dev.ura.app.render;

import dev.ura.app.analysis.model.SliceRef;
import dev.ura.app.testing.TinyTraces;
import dev.ura.trace.model.Trace;
import org.junit.jupiter.api.Test;

import javax.imageio.ImageIO;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

class TimelineRendererTest {
    private static final int W = 800;
    private static final int H = 300;

    private static Trace trace() {
        return new TinyTraces()
                .thread("worker", false).call("net.Http.get", 0, 0, 400)
                .thread("main", true).call("app.ui.Main.onClick", 0, 100, 900).call("app.data.Db.query", 1, 200, 500)
                .build();
    }

    private static TimelineScene scene(Trace t) {
        TimelineScene s = new TimelineScene(TraceIndex.of(t));
        s.axis().setWidthPx(W);
        s.axis().fit(0, 1000, 0);
        return s;
    }

    private static BufferedImage paint(TimelineScene s, TimelineRenderer r) {
        BufferedImage img = new BufferedImage(W, H, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = img.createGraphics();
        r.paint(g, s, W, H);
        g.dispose();
        return img;
    }

    @Test
    void slicesArePaintedInTheColourOfTheirPackageWhereTheyAre() {
        Trace t = trace();
        TimelineScene s = scene(t);
        TimelineRenderer r = new TimelineRenderer();
        BufferedImage img = paint(s, r);
        Metrics m = s.metrics();
        // main comes first though it was second in the file
        int mainRow0 = m.ruler() + m.header() + m.row() / 2;
        int mainRow1 = mainRow0 + m.row();
        int onClick = t.threads().get(1).calls().method(0);
        int query = t.threads().get(1).calls().method(1);
        assertThat(new Color(img.getRGB(W / 2, mainRow0))).isEqualTo(s.colors().of(onClick));
        assertThat(new Color(img.getRGB(W * 3 / 10, mainRow1))).isEqualTo(s.colors().of(query));
        assertThat(new Color(img.getRGB(W * 6 / 10 + 5, mainRow1))).isEqualTo(s.palette().background());
        assertThat(new Color(img.getRGB(W / 20, mainRow0))).isNotEqualTo(s.colors().of(onClick));
    }

    @Test
    void hitTestingUsesThePaintedFrame() {
        Trace t = trace();
        TimelineScene s = scene(t);
        TimelineRenderer r = new TimelineRenderer();
        BufferedImage img = new BufferedImage(W, H, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = img.createGraphics();
        RenderedFrame f = r.paint(g, s, W, H);
        g.dispose();
        Metrics m = s.metrics();
        int i = f.items().hit(W * 3 / 10, m.ruler() + m.header() + m.row() + 3);
        assertThat(i).isNotNegative();
        assertThat(new SliceRef(f.items().thread(i), f.items().call(i))).isEqualTo(new SliceRef(1, 1));
        assertThat(f.laneAt(m.ruler() + 2).thread()).isEqualTo(1);
    }

    @Test
    void collapsedAndHiddenLanesChangeTheLayout() {
        Trace t = trace();
        TimelineScene s = scene(t);
        Metrics m = s.metrics();
        int full = s.layout().scrollingHeight(s.index(), m);
        s.layout().setCollapsed(1, true);
        assertThat(s.layout().scrollingHeight(s.index(), m)).isEqualTo(full - m.row());
        s.layout().setHidden(0, true);
        TimelineRenderer r = new TimelineRenderer();
        BufferedImage img = paint(s, r);
        int workerY = m.ruler() + m.header() + m.row() + m.gap() + m.header() + m.row() / 2;
        assertThat(new Color(img.getRGB(W / 4, workerY))).isEqualTo(s.palette().background());
    }

    @Test
    void pinnedLanesStayUnderTheRulerWhenScrolled() {
        Trace t = trace();
        TimelineScene s = scene(t);
        s.layout().setPinned(0, true);
        s.setScrollY(1000);
        TimelineRenderer r = new TimelineRenderer();
        BufferedImage img = paint(s, r);
        Metrics m = s.metrics();
        int http = t.threads().get(0).calls().method(0);
        assertThat(new Color(img.getRGB(W / 10, m.ruler() + m.header() + m.row() / 2))).isEqualTo(s.colors().of(http));
    }

    @Test
    void searchDimsTheSlicesThatDoNotMatch() {
        Trace t = trace();
        TimelineScene s = scene(t);
        boolean[] match = new boolean[t.methods().size()];
        match[t.threads().get(1).calls().method(1)] = true;
        s.setMatches(match);
        BufferedImage img = paint(s, new TimelineRenderer());
        Metrics m = s.metrics();
        int mainRow0 = m.ruler() + m.header() + m.row() / 2;
        int onClick = t.threads().get(1).calls().method(0);
        assertThat(new Color(img.getRGB(W * 8 / 10, mainRow0))).isNotEqualTo(s.colors().of(onClick));
    }

    @Test
    void anExportHasAHeaderALegendAndAScaleBar() throws IOException {
        TimelineScene s = scene(trace());
        BufferedImage img = ExportPainter.image(s, new ExportHeader("tiny.trace", "#0 onClick", "12.0 ms", null), W, 400);
        assertThat(img.getWidth()).isEqualTo(W);
        assertThat(ExportPainter.svg(s, new ExportHeader("tiny.trace", null, null, null), W, 400))
                .contains("<svg").contains("tiny.trace");
        int dark = 0;
        for (int x = 0; x < 300; x++) {
            for (int y = 0; y < 30; y++) {
                if (new Color(img.getRGB(x, y)).getRed() < 100) {
                    dark++;
                }
            }
        }
        assertThat(dark).as("header text pixels").isGreaterThan(50);
        Path out = Path.of("target", "render-preview.png");
        Files.createDirectories(out.getParent());
        ImageIO.write(img, "png", out.toFile());
    }
}
