package dev.ura.app.render;

import dev.ura.app.annotations.Anchor;
import dev.ura.app.annotations.Annotation;
import dev.ura.app.testing.TinyTraces;
import dev.ura.trace.model.Trace;
import org.junit.jupiter.api.Test;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class LaneLayoutAndOverlayTest {
    private final Trace trace = new TinyTraces()
            .thread("main", true).call("a.A.run", 0, 0, 1000)
            .thread("w1", false).call("b.B.run", 0, 0, 100)
            .thread("w2", false).call("c.C.run", 0, 0, 500)
            .build();

    @Test
    void mainComesFirstThenBusiestAndUsersCanReorderPinAndHide() {
        TraceIndex index = TraceIndex.of(trace);
        assertThat(index.defaultOrder()).containsExactly(0, 2, 1);
        LaneLayout l = new LaneLayout(index.defaultOrder());
        l.move(1, -5);
        assertThat(l.order()).containsExactly(1, 0, 2);
        l.setPinned(2, true);
        l.setHidden(0, true);
        Metrics m = Metrics.at(1);
        List<LaneBox> boxes = l.boxes(index, m, 0);
        assertThat(boxes).extracting(LaneBox::thread).containsExactly(2, 1);
        assertThat(boxes.get(0).pinned()).isTrue();
        assertThat(l.hiddenThreads()).containsExactly(0);
        LaneLayout copy = l.copy();
        l.showAll();
        assertThat(copy.isHidden(0)).isTrue();
        assertThat(l.isHidden(0)).isFalse();
    }

    @Test
    void annotationsArePaintedWhereTheirAnchorsAreAndCanBeHit() {
        TimelineScene s = new TimelineScene(TraceIndex.of(trace));
        s.axis().setWidthPx(1000);
        s.axis().fit(0, 1000, 0);
        AnnotationOverlay overlay = new AnnotationOverlay();
        Annotation note = Annotation.note(new Anchor(1, "main", 500), "here");
        Annotation box = Annotation.box(new Anchor(2, "w1", 100), new Anchor(3, "w2", 300), "");
        overlay.setAnnotations(List.of(note, box));
        s.overlays().add(overlay);
        BufferedImage img = new BufferedImage(1000, 300, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = img.createGraphics();
        RenderedFrame f = new TimelineRenderer().paint(g, s, 1000, 300);
        g.dispose();
        int y = f.laneAnchorY(0);
        assertThat(overlay.hit(500, y)).isEqualTo(note.id());
        assertThat(new Color(img.getRGB(500, y - 5))).isEqualTo(s.palette().annotation());
        LaneBox w2 = f.box(2);
        // a box spans its anchors' rows, not the lanes' headers (w2 is above w1: it is busier)
        assertThat(overlay.hit(200, w2.rowsY(s.metrics()) + 5)).isEqualTo(box.id());
        assertThat(overlay.hit(800, w2.rowsY(s.metrics()) + 5)).isNull();
        assertThat(overlay.hit(200, w2.y() + 2)).isNull();
    }
}
