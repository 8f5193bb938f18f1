package dev.ura.app.ui.timeline;

import dev.ura.app.analysis.model.SliceRef;
import dev.ura.app.render.Metrics;
import dev.ura.app.render.TimelineScene;
import dev.ura.app.render.TraceIndex;
import dev.ura.app.testing.TinyTraces;
import dev.ura.trace.model.Trace;
import org.junit.jupiter.api.Test;

import javax.swing.SwingUtilities;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The timeline component without a display: painted into an image, hit-tested, zoomed. */
class TimelineViewTest {
    private final Trace trace = new TinyTraces()
            .thread("main", true).call("app.ui.Main.onClick", 0, 0, 1000).call("app.data.Db.query", 1, 100, 400)
            .build();

    private static void onEdt(Runnable r) throws Exception {
        SwingUtilities.invokeAndWait(r);
    }

    private static BufferedImage paint(TimelineView v) {
        BufferedImage img = new BufferedImage(v.getWidth(), v.getHeight(), BufferedImage.TYPE_INT_RGB);
        Graphics2D g = img.createGraphics();
        v.paint(g);
        g.dispose();
        return img;
    }

    /**
     * A response's fit that comes before the new scene's first paint (its analysis finished first)
     * is kept: the first paint used to zoom back out to the whole trace.
     */
    @Test
    void aFitAskedBeforeTheFirstPaintIsTheOneShown() throws Exception {
        onEdt(() -> {
            TimelineView v = new TimelineView();
            v.setScene(new TimelineScene(TraceIndex.of(trace)));
            v.fitRange(100, 400); // no width yet: not laid out
            v.setSize(1100, 300);
            paint(v);
            // Db.query 100..400 with a 1/20 margin each side: 85..415, not the trace's 0..1000
            assertThat(v.scene().axis().startNs()).isBetween(80L, 100L);
            assertThat(v.scene().axis().endNs()).isBetween(400L, 420L);

            TimelineView w = new TimelineView();
            w.setSize(1100, 300);
            w.setScene(new TimelineScene(TraceIndex.of(trace)));
            w.fitRange(100, 400); // laid out, not painted yet
            paint(w);
            assertThat(w.scene().axis().startNs()).isBetween(80L, 100L);
        });
    }

    @Test
    void aNewSceneIsFittedOnFirstPaintAndClicksFindTheSlicesThatWerePainted() throws Exception {
        List<SliceRef> selected = new ArrayList<>();
        onEdt(() -> {
            TimelineView v = new TimelineView();
            v.setSize(1100, 300);
            v.addSelectionListener(selected::add);
            v.setScene(new TimelineScene(TraceIndex.of(trace)));
            paint(v);
            assertThat(v.scene().axis().startNs()).isLessThan(0);
            assertThat(v.scene().axis().endNs()).isGreaterThan(1000);
            Metrics m = v.scene().metrics();
            int row1 = m.ruler() + m.header() + m.row() + m.row() / 2;
            int x = (int) Math.round(v.scene().axis().toPx(250));
            SliceRef hit = v.sliceAt(x, row1);
            assertThat(hit).isEqualTo(new SliceRef(0, 1));
            v.select(hit);
            assertThat(selected).containsExactly(new SliceRef(0, 1));
            v.fitFocus();
            assertThat(v.scene().axis().startNs()).isBetween(50L, 100L);
            assertThat(v.scene().axis().endNs()).isBetween(400L, 450L);
            v.fitAll();
            double before = v.scene().axis().nsPerPx();
            v.zoomAt(500, 2);
            assertThat(v.scene().axis().nsPerPx()).isEqualTo(before / 2);
            assertThat(v.getToolTipText(new java.awt.event.MouseEvent(v, 0, 0, 0, x, row1, 0, false)))
                    .contains("app.data.Db.query");
        });
    }

    @Test
    void withoutATraceTheViewInvitesToOpenOne() throws Exception {
        onEdt(() -> {
            TimelineView v = new TimelineView();
            v.setSize(600, 200);
            BufferedImage img = paint(v);
            assertThat(v.frame()).isNull();
            assertThat(v.sliceAt(300, 100)).isNull();
            java.util.Set<Integer> colours = new java.util.HashSet<>();
            for (int x = 0; x < 600; x++) {
                for (int y = 85; y < 105; y++) {
                    colours.add(img.getRGB(x, y));
                }
            }
            assertThat(colours).as("the invitation text is painted").hasSizeGreaterThanOrEqualTo(2);
        });
    }

    /**
     * A motion key held on a view that is not showing (its window closed while the key was down)
     * stops panning at the next tick: the 16 ms timer used to run for good, a CPU drain that also
     * kept robot tests from seeing an idle event queue.
     */
    @Test
    void aHeldMotionKeyStopsWhenTheViewIsNotShowing() throws Exception {
        TimelineView[] v = new TimelineView[1];
        onEdt(() -> {
            v[0] = new TimelineView();
            v[0].setSize(1100, 300);
            v[0].setScene(new TimelineScene(TraceIndex.of(trace)));
            java.awt.event.KeyEvent d = new java.awt.event.KeyEvent(v[0], java.awt.event.KeyEvent.KEY_PRESSED,
                    0, 0, java.awt.event.KeyEvent.VK_D, java.awt.event.KeyEvent.CHAR_UNDEFINED);
            for (java.awt.event.KeyListener l : v[0].getKeyListeners()) {
                l.keyPressed(d); // and never released
            }
        });
        long deadline = System.nanoTime() + 30_000_000_000L;
        boolean[] running = {true};
        while (running[0] && System.nanoTime() < deadline) {
            Thread.sleep(20);
            onEdt(() -> running[0] = v[0].keyMotionRunning());
        }
        assertThat(running[0]).as("the held-key timer still runs on a view that is not showing").isFalse();
    }
}
