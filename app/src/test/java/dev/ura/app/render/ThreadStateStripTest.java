package dev.ura.app.render;

import dev.ura.app.analysis.model.SliceRef;
import dev.ura.trace.io.TraceFiles;
import dev.ura.trace.model.Trace;
import dev.ura.trace.model.system.ThreadState;
import dev.ura.trace.model.system.ThreadStateTable;
import dev.ura.trace.testing.PerfettoTraceWriter;
import dev.ura.trace.testing.SystemScenarios;
import org.junit.jupiter.api.Test;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.nio.ByteBuffer;

import static dev.ura.trace.testing.SystemScenarios.t;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The thread-state strip: its own row under each lane's header, colours that read in both themes,
 * level of detail, the state breakdown of a stretch, and the arrow toggles.
 */
class ThreadStateStripTest {

    private static Trace tap() throws Exception {
        return TraceFiles.read("tap.pftrace", ByteBuffer.wrap(PerfettoTraceWriter.write(SystemScenarios.tap(),
                PerfettoTraceWriter.Options.plain())), null);
    }

    private static TimelineScene scene(Trace trace, Palette palette) {
        TimelineScene scene = new TimelineScene(TraceIndex.of(trace));
        scene.setMetrics(Metrics.at(1));
        scene.setPalette(palette);
        ThreadStateOverlay.install(scene);
        scene.axis().setWidthPx(1300);
        scene.axis().fit(t(0), t(2600), 0); // 2 px per µs
        return scene;
    }

    private static BufferedImage paint(TimelineScene scene, RenderedFrame[] out) {
        BufferedImage img = new BufferedImage(1300, 700, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = img.createGraphics();
        RenderedFrame f = new TimelineRenderer().paint(g, scene, 1300, 700);
        g.dispose();
        if (out != null) {
            out[0] = f;
        }
        return img;
    }

    private static int px(TimelineScene s, long us) {
        return (int) Math.round(s.axis().toPx(t(us)));
    }

    @Test
    void theStripIsItsOwnRowUnderTheHeaderInEachThemesColours() throws Exception {
        Trace trace = tap();
        int worker = trace.system().threadIndex(SystemScenarios.WORKER);
        for (Palette p : new Palette[] {Palette.LIGHT, Palette.DARK}) {
            TimelineScene scene = scene(trace, p);
            RenderedFrame[] f = new RenderedFrame[1];
            BufferedImage img = paint(scene, f);
            LaneBox box = f[0].box(worker);
            Metrics m = scene.metrics();
            assertThat(box.strip()).isEqualTo(m.stateRow()).isGreaterThanOrEqualTo(8);
            assertThat(box.rowsY(m)).isEqualTo(box.y() + m.header() + m.stateRow());
            int mid = box.stripY(m) + box.strip() / 2;
            int top = box.stripY(m) + 1; // the strip's blocks keep a pixel clear above and below
            // FeedWorker (the scenario's comments): runnable 300–350, running 350–420, asleep (S)
            // 420–710, runnable 710–750, running 750–820, in D 820–1500
            assertThat(img.getRGB(px(scene, 330), top) & 0xFFFFFF).isEqualTo(rgb(StripState.RUNNABLE, p));
            assertThat(img.getRGB(px(scene, 400), top) & 0xFFFFFF).isEqualTo(rgb(StripState.RUNNING, p));
            assertThat(img.getRGB(px(scene, 1200), top) & 0xFFFFFF).isEqualTo(rgb(StripState.IO, p));
            // a sleep is a thin line through the middle, the strip's top stays background
            assertThat(img.getRGB(px(scene, 600), mid) & 0xFFFFFF).isEqualTo(rgb(StripState.SLEEPING, p));
            assertThat(img.getRGB(px(scene, 600), top) & 0xFFFFFF).isNotEqualTo(rgb(StripState.SLEEPING, p));
        }
    }

    private static int rgb(StripState s, Palette p) {
        return s.colour(p.dark()).getRGB() & 0xFFFFFF;
    }

    /** WCAG 2 relative luminance and contrast ratio. */
    private static double contrast(Color a, Color b) {
        double la = luminance(a);
        double lb = luminance(b);
        return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
    }

    private static double luminance(Color c) {
        double[] v = {c.getRed() / 255.0, c.getGreen() / 255.0, c.getBlue() / 255.0};
        for (int i = 0; i < 3; i++) {
            v[i] = v[i] <= 0.03928 ? v[i] / 12.92 : Math.pow((v[i] + 0.055) / 1.055, 2.4);
        }
        return 0.2126 * v[0] + 0.7152 * v[1] + 0.0722 * v[2];
    }

    @Test
    void eachStateAndArrowStandsOutFromTheBackgroundAndFromTheOthersInBothThemes() {
        for (Palette p : new Palette[] {Palette.LIGHT, Palette.DARK}) {
            StripState[] all = StripState.values();
            for (int i = 0; i < all.length; i++) {
                Color c = all[i].colour(p.dark());
                assertThat(contrast(c, p.background())).as(all[i] + " on " + (p.dark() ? "dark" : "light"))
                        .isGreaterThanOrEqualTo(3.0);
                for (int j = i + 1; j < all.length; j++) {
                    Color d = all[j].colour(p.dark());
                    double dist = Math.sqrt(Math.pow(c.getRed() - d.getRed(), 2) + Math.pow(c.getGreen() - d.getGreen(), 2)
                            + Math.pow(c.getBlue() - d.getBlue(), 2));
                    assertThat(dist).as(all[i] + " vs " + all[j]).isGreaterThanOrEqualTo(60);
                }
            }
            for (ThreadStateOverlay.ArrowKind k : ThreadStateOverlay.ArrowKind.values()) {
                assertThat(contrast(k.colour(p.dark()), p.background())).as(k + " arrow").isGreaterThanOrEqualTo(3.0);
            }
            assertThat(contrast(p.arrow(), p.background())).as("path arrow").isGreaterThanOrEqualTo(3.0);
        }
    }

    @Test
    void aFoldTakesTheColourOfTheStateItSpentMostTimeIn() {
        // 3 µs running, 1 µs asleep, over and over: 75 % running
        for (int pairs : new int[] {100, 2000}) { // summed exactly, and sampled (over 256 intervals)
            ThreadStateTable.Builder b = new ThreadStateTable.Builder();
            long at = 0;
            for (int i = 0; i < pairs; i++) {
                b.add(at, at + 3000, ThreadState.RUNNING, 0, -1);
                b.add(at + 3000, at + 4000, ThreadState.SLEEPING, -1, -1);
                at += 4000;
            }
            ThreadStateTable st = b.build();
            TimeAxis axis = new TimeAxis();
            axis.setWidthPx(100);
            axis.fit(0, at, 0);
            assertThat(ThreadStateOverlay.foldState(st, axis, 0, st.size(), 0, 100)).as(pairs + " pairs")
                    .isEqualTo(StripState.RUNNING);
        }
        // 1 µs running, 3 µs asleep
        ThreadStateTable.Builder b = new ThreadStateTable.Builder();
        for (int i = 0; i < 100; i++) {
            b.add(i * 4000L, i * 4000L + 1000, ThreadState.RUNNING, 0, -1);
            b.add(i * 4000L + 1000, i * 4000L + 4000, ThreadState.SLEEPING, -1, -1);
        }
        TimeAxis axis = new TimeAxis();
        axis.setWidthPx(100);
        axis.fit(0, 400_000, 0);
        assertThat(ThreadStateOverlay.foldState(b.build(), axis, 0, 200, 0, 100)).isEqualTo(StripState.SLEEPING);
    }

    @Test
    void stateTimesSplitASliceAsTheSchedulerSaw() throws Exception {
        Trace trace = tap();
        int worker = trace.system().threadIndex(SystemScenarios.WORKER);
        ThreadStateTable st = trace.system().states().get(worker);
        // "fetch" 360–800 µs (B at 360, E at 800). From the script: running on CPU 1 from the
        // switch at 350 to the sleep at 420 (60 µs inside the slice), asleep (S) 420 until the
        // binder thread's wakeup at 710, runnable 710 until CPU 1 switches to it at 750, running
        // 750–800 (50 µs). Running 110 on CPU 1, runnable 40, sleeping 290: 440 µs in all.
        StateTimes fetch = StateTimes.of(st, t(360), t(800));
        assertThat(fetch.of(StripState.RUNNING)).isEqualTo(110_000);
        assertThat(fetch.of(StripState.RUNNABLE)).isEqualTo(40_000);
        assertThat(fetch.of(StripState.SLEEPING)).isEqualTo(290_000);
        assertThat(fetch.of(StripState.IO)).isZero();
        assertThat(fetch.of(StripState.UNKNOWN)).isZero();
        assertThat(fetch.runningOnCpu()).containsExactly(java.util.Map.entry(1, 110_000L));
        assertThat(fetch.totalNs()).isEqualTo(440_000);
        // "write" 810–1530: running to the D switch at 820 (10), in D until the interrupt's wakeup
        // at 1500 (680), runnable until 1520 (20), running to 1530 (10)
        StateTimes write = StateTimes.of(st, t(810), t(1530));
        assertThat(write.of(StripState.RUNNING)).isEqualTo(20_000);
        assertThat(write.of(StripState.IO)).isEqualTo(680_000);
        assertThat(write.of(StripState.RUNNABLE)).isEqualTo(20_000);
        assertThat(write.dominant()).isEqualTo(StripState.IO);
        // before the wakeup at 300 the scheduler never showed the worker: unknown
        assertThat(StateTimes.of(st, t(200), t(300)).of(StripState.UNKNOWN)).isEqualTo(100_000);
    }

    @Test
    void arrowTogglesHideWakeupsHandOffsAndPathArrows() throws Exception {
        Trace trace = tap();
        int worker = trace.system().threadIndex(SystemScenarios.WORKER);
        TimelineScene scene = scene(trace, Palette.LIGHT);
        scene.setSelection(new SliceRef(worker, 0)); // "fetch": woken at 300 and 710, binder 77 and 78
        int wake = ThreadStateOverlay.ArrowKind.WAKEUP.colour(false).getRGB();
        int binder = ThreadStateOverlay.ArrowKind.BINDER.colour(false).getRGB();
        BufferedImage all = paint(scene, null);
        assertThat(count(all, wake)).isGreaterThan(20);
        assertThat(count(all, binder)).isGreaterThan(20);
        scene.setArrows(new ArrowToggles(false, true, true));
        BufferedImage noWakeups = paint(scene, null);
        assertThat(count(noWakeups, wake)).isZero();
        assertThat(count(noWakeups, binder)).isGreaterThan(20);
        scene.setArrows(new ArrowToggles(true, false, true));
        assertThat(count(paint(scene, null), binder)).isZero();
    }

    static int count(BufferedImage img, int argb) {
        int n = 0;
        for (int y = 0; y < img.getHeight(); y++) {
            for (int x = 0; x < img.getWidth(); x++) {
                if (img.getRGB(x, y) == argb) {
                    n++;
                }
            }
        }
        return n;
    }

    @Test
    void theFirstTickLabelIsWholeOrAbsentAtTheLeftEdge() throws Exception {
        Trace trace = tap();
        TimelineScene scene = scene(trace, Palette.LIGHT);
        Metrics m = scene.metrics();
        // 2 px per µs; ticks every 50 µs (100 px) from the trace's start. Start the view 10 µs after
        // a tick: that tick is at x = -20, its label would start at -17 and be cut by the edge.
        long tick = scene.index().startNs() + 10 * 50_000L;
        scene.axis().fit(tick + 10_000, tick + 10_000 + 650_000, 0);
        long step = TimeFormat.tickStep(scene.axis().nsPerPx(), 90 * m.scale());
        assertThat(step).isEqualTo(50_000);
        BufferedImage img = paint(scene, null);
        int nextTick = (int) Math.round(scene.axis().toPx(tick + step));
        assertThat(nextTick).isEqualTo(80);
        // no label ink left of the next tick in the tick row (the ruler's background elsewhere)
        int bg = Palette.LIGHT.rulerBackground().getRGB();
        for (int y = 0; y < m.tickRow() - (int) (6 * m.scale()); y++) {
            for (int x = 0; x < nextTick; x++) {
                assertThat(img.getRGB(x, y)).as("pixel %d,%d", x, y).isEqualTo(bg);
            }
        }
        // the next tick's label is drawn, right of its tick
        int ink = 0;
        for (int y = 0; y < m.tickRow(); y++) {
            for (int x = nextTick + 1; x < nextTick + 40; x++) {
                if (img.getRGB(x, y) != bg) {
                    ink++;
                }
            }
        }
        assertThat(ink).isGreaterThan(10);
    }
}
