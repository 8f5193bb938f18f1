package dev.ura.app.render;

import dev.ura.app.analysis.model.SliceRef;
import dev.ura.app.annotations.Anchor;
import dev.ura.app.annotations.Annotation;
import dev.ura.app.annotations.SliceKey;
import dev.ura.app.testing.TinyTraces;
import dev.ura.trace.model.Trace;
import org.junit.jupiter.api.Test;

import java.awt.Graphics2D;
import java.awt.Rectangle;
import java.awt.image.BufferedImage;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Known answers from Metrics.at(1): ruler 54 (a 22 px tick row over two 16 px flag rows), header
 * 20, row 17, gap 4. Lanes in default order (main first): main's header at y 54, its rows from 74;
 * worker's header at 54 + 20 + 3 × 17 + 4 = 129, its rows from 149.
 */
class AnchorPointsTest {
    // main: run [0,1000] d0, inflate [100,400] d1, measure [150,300] d2; worker: doInBackground [200,900] d0
    private static final Trace TRACE = new TinyTraces()
            .thread("main", true).call("a.Main.run", 0, 0, 1000).call("a.View.inflate", 1, 100, 400)
            .call("a.View.measure", 2, 150, 300)
            .thread("worker", false).call("a.Task.doInBackground", 0, 200, 900)
            .build();

    private static RenderedFrame paint(TimelineScene s) {
        BufferedImage img = new BufferedImage(1000, 400, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = img.createGraphics();
        try {
            return new TimelineRenderer().paint(g, s, 1000, 400);
        } finally {
            g.dispose();
        }
    }

    private static TimelineScene scene() {
        TimelineScene s = new TimelineScene(TraceIndex.of(TRACE));
        s.axis().setWidthPx(1000);
        s.axis().fit(0, 1000, 0);
        return s;
    }

    @Test
    void anAnchorOnASliceKeepsItsStableKeyAndIsClampedIntoTheSlice() {
        Anchor a = AnchorPoints.onSlice(TRACE, new SliceRef(0, 2), 999);
        assertThat(a.slice()).isEqualTo(new SliceKey(150, 2, "a.View.measure"));
        assertThat(a.timeNs()).isEqualTo(300);
        assertThat(a.threadName()).isEqualTo("main");
        assertThat(AnchorPoints.find(TraceIndex.of(TRACE), 0, a.slice())).isEqualTo(2);
        assertThat(AnchorPoints.find(TraceIndex.of(TRACE), 0, new SliceKey(150, 2, "a.View.layout"))).isEqualTo(-1);
        assertThat(AnchorPoints.find(TraceIndex.of(TRACE), 0, new SliceKey(151, 2, "a.View.measure"))).isEqualTo(-1);
    }

    @Test
    void aSliceAnchorFollowsZoomAndCollapse() {
        TimelineScene s = scene();
        Anchor a = AnchorPoints.onSlice(TRACE, new SliceRef(0, 2), 200);
        AnchorPoints.Point p = AnchorPoints.locate(paint(s), a);
        // 1 px per ns; depth 2 row top = 74 + 2 × 17 = 108, middle 116
        assertThat(p.x()).isEqualTo(200.0);
        assertThat(p.rowTop()).isEqualTo(108);
        assertThat(p.y()).isEqualTo(116);
        assertThat(p.slice()).isEqualTo(new SliceRef(0, 2));

        s.axis().fit(100, 300, 0); // 5 px per ns from 100
        assertThat(AnchorPoints.locate(paint(s), a).x()).isEqualTo(500.0);

        s.layout().setCollapsed(0, true); // main shows one row: the slice's top-level ancestor's
        AnchorPoints.Point collapsed = AnchorPoints.locate(paint(s), a);
        assertThat(collapsed.rowTop()).isEqualTo(74);
        s.layout().setHidden(0, true);
        assertThat(AnchorPoints.locate(paint(s), a)).isNull();
    }

    @Test
    void aFreeAnchorKeepsLaneTimeAndRowAndAVersion1AnchorSitsOnTheFirstRow() {
        TimelineScene s = scene();
        RenderedFrame f = paint(s);
        Anchor free = AnchorPoints.free(TRACE, 1, 0, 950);
        assertThat(AnchorPoints.locate(f, free).rowTop()).isEqualTo(149);
        assertThat(AnchorPoints.locate(f, free).x()).isEqualTo(950.0);
        Anchor v1 = new Anchor(1, "main", 500);
        assertThat(AnchorPoints.locate(f, v1).rowTop()).isEqualTo(74);
        // the point under a pixel: main's row 1 at x 120 is on inflate
        Anchor picked = AnchorPoints.at(f, 120, 74 + 17 + 5, new SliceRef(0, 1));
        assertThat(picked.slice()).isEqualTo(new SliceKey(100, 1, "a.View.inflate"));
        Anchor empty = AnchorPoints.at(f, 950, 74 + 2 * 17 + 5, null);
        assertThat(empty.slice()).isNull();
        assertThat(empty.row()).isEqualTo(2);
    }

    @Test
    void aBoxSpansItsRowsAndTimesNotTheWholeLane() {
        TimelineScene s = scene();
        AnnotationOverlay overlay = new AnnotationOverlay();
        Anchor from = AnchorPoints.onSlice(TRACE, new SliceRef(0, 1), 100);
        Anchor to = AnchorPoints.onSlice(TRACE, new SliceRef(0, 2), 300);
        overlay.setAnnotations(List.of(Annotation.box(from, to, "")));
        s.overlays().add(overlay);
        paint(s);
        Rectangle r = overlay.drawnBounds().values().iterator().next();
        // rows 1..2 of main: y 91..125, x 100..300, plus the 3 px hit margin
        assertThat(r).isEqualTo(new Rectangle(97, 88, 206, 40));
    }

    @Test
    void labelsAtTheSamePlaceDoNotOverlap() {
        LabelLayout layout = new LabelLayout(30, 1000);
        List<java.awt.Point> spots = List.of(new java.awt.Point(100, 50), new java.awt.Point(0, 50));
        Rectangle a = layout.place(80, 15, spots);
        Rectangle b = layout.place(80, 15, spots);
        Rectangle c = layout.place(120, 15, spots);
        assertThat(a).isEqualTo(new Rectangle(100, 50, 80, 15));
        assertThat(b).isEqualTo(new Rectangle(0, 50, 80, 15));
        assertThat(c.intersects(a) || c.intersects(b)).isFalse();
        assertThat(layout.place(10, 10, List.of(new java.awt.Point(0, 0))).y).as("never above minY").isGreaterThanOrEqualTo(30);
    }

    @Test
    void labelsWithNoFreePlaceInViewAreNotPlaced() {
        // room for three 15 px labels stepping down 17 px from y 30 in a picture 80 px high:
        // tops 30, 47, 64 (64 + 15 = 79 fits); a fourth at 81 would end below 80
        LabelLayout layout = new LabelLayout(30, 80);
        List<java.awt.Point> spot = List.of(new java.awt.Point(10, 30));
        assertThat(layout.place(50, 15, spot).y).isEqualTo(30);
        assertThat(layout.place(50, 15, spot).y).isEqualTo(47);
        assertThat(layout.place(50, 15, spot).y).isEqualTo(64);
        assertThat(layout.place(50, 15, spot)).as("the fourth has no place in view").isNull();
        assertThat(layout.place(50, 15, List.of(new java.awt.Point(200, 30))).y).as("elsewhere is still free").isEqualTo(30);

        // a crowd at one spot in a tall picture: the spot, then 4 steps of 17 px (47, 64, 81, 98); the 6th has none
        LabelLayout tall = new LabelLayout(30, 10_000);
        for (int top : new int[] {30, 47, 64, 81, 98}) {
            assertThat(tall.place(50, 15, spot).y).isEqualTo(top);
        }
        assertThat(tall.place(50, 15, spot)).as("a crowd shows a few labels, not a column").isNull();
    }

    @Test
    void twoNotesOnOneSliceGetSeparateLabels() {
        TimelineScene s = scene();
        AnnotationOverlay overlay = new AnnotationOverlay();
        Anchor at = AnchorPoints.onSlice(TRACE, new SliceRef(1, 0), 500);
        overlay.setAnnotations(List.of(Annotation.note(at, "first note"), Annotation.note(at, "second note")));
        s.overlays().add(overlay);
        paint(s);
        List<Rectangle> bounds = List.copyOf(overlay.drawnBounds().values());
        assertThat(bounds).hasSize(2);
        // each bound is the label united with the shared 10 px dot; the labels themselves must differ in place
        assertThat(bounds.get(0)).isNotEqualTo(bounds.get(1));
    }
}
