package dev.ura.app.render;

import dev.ura.trace.io.TraceFiles;
import dev.ura.trace.model.Trace;
import dev.ura.trace.testing.PerfettoTraceWriter;
import dev.ura.trace.testing.SystemScenarios;
import org.junit.jupiter.api.Test;

import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.nio.ByteBuffer;

import static dev.ura.trace.testing.SystemScenarios.t;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * CPU tracks and process headers on the hand-written tap scenario. Its sched_switch lines
 * (SystemScenarios.tap) put on CPU 0: the main thread 0–500 µs (switched out to binder:600_1 at
 * 500), binder:600_1 500–720, idle until the main thread 1650–2000, then the Jit thread 2000–2100;
 * on CPU 1: SurfaceFlinger 0–350, FeedWorker 350–420, 750–820 and 1520–1610, RenderThread 1820–2600.
 */
class CpuTracksTest {

    private static Trace tap() throws Exception {
        return TraceFiles.read("tap.pftrace", ByteBuffer.wrap(PerfettoTraceWriter.write(SystemScenarios.tap(),
                PerfettoTraceWriter.Options.plain())), null);
    }

    @Test
    void theIndexHoldsEachCpusRunsInTimeOrder() throws Exception {
        Trace trace = tap();
        CpuIndex cpus = TraceIndex.of(trace).cpus();
        int app = trace.system().threadIndex(SystemScenarios.APP);
        int binder = trace.system().threadIndex(SystemScenarios.BINDER);
        int jit = trace.system().threadIndex(SystemScenarios.JIT);
        int worker = trace.system().threadIndex(SystemScenarios.WORKER);
        int sf = trace.system().threadIndex(SystemScenarios.SF);
        int render = trace.system().threadIndex(SystemScenarios.RENDER);
        assertThat(cpus.cpuCount()).isEqualTo(2);
        assertRuns(cpus, 0, new long[][]{{0, 500, app}, {500, 720, binder}, {1650, 2000, app}, {2000, 2100, jit}});
        assertRuns(cpus, 1, new long[][]{{0, 350, sf}, {350, 420, worker}, {750, 820, worker}, {1520, 1610, worker},
                {1820, 2600, render}});
        assertThat(cpus.runAt(0, t(1000))).isEqualTo(-1); // CPU 0 idle 720–1650
        assertThat(cpus.thread(0, cpus.runAt(0, t(600)))).isEqualTo(binder);
    }

    private static void assertRuns(CpuIndex cpus, int cpu, long[][] runs) {
        assertThat(cpus.size(cpu)).isEqualTo(runs.length);
        for (int i = 0; i < runs.length; i++) {
            assertThat(new long[]{cpus.start(cpu, i), cpus.end(cpu, i), cpus.thread(cpu, i)})
                    .as("CPU %d run %d", cpu, i).containsExactly(t(runs[i][0]), t(runs[i][1]), runs[i][2]);
        }
    }

    @Test
    void eachCpuTrackShowsTheThreadThatRanThereInItsColour() throws Exception {
        Trace trace = tap();
        TimelineScene scene = scene(trace);
        int width = 1300;
        scene.axis().setWidthPx(width);
        scene.axis().fit(t(0), t(2600), 0); // 2 px per µs
        BufferedImage img = new BufferedImage(width, 700, BufferedImage.TYPE_INT_RGB);
        RenderedFrame f = paint(scene, img);
        var sys = trace.system();
        CpuRow cpu0 = f.cpuRows().get(0);
        CpuRow cpu1 = f.cpuRows().get(1);
        assertThat(cpu1.y()).isGreaterThan(cpu0.y());
        int y0 = cpu0.y() + 2; // above the label text
        int y1 = cpu1.y() + 2;
        assertThat(at(img, scene, 250, y0)).isEqualTo(colour(trace, SystemScenarios.APP));
        assertThat(at(img, scene, 600, y0)).isEqualTo(colour(trace, SystemScenarios.BINDER));
        assertThat(at(img, scene, 1130, y0)).isEqualTo(Palette.LIGHT.background().getRGB()); // idle (off the grid lines)
        assertThat(at(img, scene, 2050, y0)).isEqualTo(colour(trace, SystemScenarios.JIT));
        assertThat(at(img, scene, 380, y1)).isEqualTo(colour(trace, SystemScenarios.WORKER));
        assertThat(at(img, scene, 2200, y1)).isEqualTo(colour(trace, SystemScenarios.RENDER));
        // the app's and system_server's threads differ in colour (hue from the process)
        assertThat(colour(trace, SystemScenarios.APP)).isNotEqualTo(colour(trace, SystemScenarios.BINDER));
        assertThat(sys.present()).isTrue();
    }

    @Test
    void runsNarrowerThanThreePixelsFoldIntoOneGreyBlock() throws Exception {
        Trace trace = tap();
        TimelineScene scene = scene(trace);
        int width = 200;
        scene.axis().setWidthPx(width);
        // 150 µs a pixel, the trace at the right (the CPU's name is on the left): on CPU 0 the main
        // thread's 0–500 is 3.3 px (its own block), binder's 500–720 is 1.5 px alone between
        // gaps of 6 px (its own colour), main 1650–2000 (2.3 px) and Jit 2000–2100 (0.7 px) fold.
        scene.axis().fit(t(-27_400), t(2600), 0);
        BufferedImage img = new BufferedImage(width, 700, BufferedImage.TYPE_INT_RGB);
        RenderedFrame f = paint(scene, img);
        int y0 = f.cpuRows().get(0).y() + 2;
        assertThat(at(img, scene, 100, y0)).isEqualTo(colour(trace, SystemScenarios.APP));
        assertThat(at(img, scene, 550, y0)).isEqualTo(colour(trace, SystemScenarios.BINDER));
        assertThat(at(img, scene, 1900, y0)).isEqualTo(Palette.LIGHT.fold().getRGB());
        assertThat(at(img, scene, 1000, y0)).isEqualTo(Palette.LIGHT.background().getRGB());
    }

    @Test
    void processHeadersGroupThreadsAndOnlyTheAppsProcessStartsOpen() throws Exception {
        Trace trace = tap();
        TimelineScene scene = scene(trace);
        scene.axis().setWidthPx(800);
        scene.axis().fit(t(0), t(2600), 0);
        RenderedFrame f = paint(scene, new BufferedImage(800, 900, BufferedImage.TYPE_INT_RGB));
        int app = trace.system().threadIndex(SystemScenarios.APP);
        int binder = trace.system().threadIndex(SystemScenarios.BINDER);
        assertThat(f.groups().get(0).isCpus()).isTrue();
        GroupBox appGroup = f.groups().stream().filter(g -> g.key() == SystemScenarios.APP).findFirst().orElseThrow();
        GroupBox ss = f.groups().stream().filter(g -> g.key() == SystemScenarios.SYSTEM_SERVER).findFirst().orElseThrow();
        assertThat(appGroup.collapsed()).isFalse();
        assertThat(ss.collapsed()).isTrue();
        assertThat(appGroup.y()).isLessThan(ss.y());
        assertThat(f.box(app)).isNotNull();
        assertThat(f.box(app).y()).isGreaterThan(appGroup.y());
        assertThat(f.box(binder)).isNull(); // system_server is closed
        assertThat(f.groupAt(ss.y() + 1)).isEqualTo(ss);

        scene.layout().setGroupCollapsed(SystemScenarios.SYSTEM_SERVER, false);
        scene.layout().setGroupCollapsed(SystemScenarios.APP, true);
        f = paint(scene, new BufferedImage(800, 900, BufferedImage.TYPE_INT_RGB));
        assertThat(f.box(binder)).isNotNull();
        assertThat(f.box(app)).isNull();
        scene.layout().setHidden(binder, true);
        f = paint(scene, new BufferedImage(800, 900, BufferedImage.TYPE_INT_RGB));
        GroupBox fewer = f.groups().stream().filter(g -> g.key() == SystemScenarios.SYSTEM_SERVER).findFirst().orElseThrow();
        assertThat(fewer.members()).isEqualTo(ss.members() - 1);
        assertThat(fewer.hidden()).isEqualTo(ss.hidden() + 1);
        // a hidden thread is not counted among the shown ones, and a process whose threads are all hidden has no header
        for (int t = 0; t < trace.system().threads().size(); t++) {
            if (trace.system().threads().get(t).tgid() == SystemScenarios.SYSTEM_SERVER) {
                scene.layout().setHidden(t, true);
            }
        }
        f = paint(scene, new BufferedImage(800, 900, BufferedImage.TYPE_INT_RGB));
        assertThat(f.groups()).noneMatch(g -> g.key() == SystemScenarios.SYSTEM_SERVER);
    }

    private static TimelineScene scene(Trace trace) {
        TraceIndex index = TraceIndex.of(trace);
        TimelineScene scene = new TimelineScene(index);
        scene.setMetrics(Metrics.at(1));
        scene.setPalette(Palette.LIGHT);
        scene.layout().groupByProcess(trace.metadata().pid() > 0 ? trace.metadata().pid() : SystemScenarios.APP);
        scene.layout().showCpus(index.cpus().cpuCount());
        return scene;
    }

    private static RenderedFrame paint(TimelineScene scene, BufferedImage img) {
        Graphics2D g = img.createGraphics();
        try {
            return new TimelineRenderer().paint(g, scene, img.getWidth(), img.getHeight());
        } finally {
            g.dispose();
        }
    }

    private static int colour(Trace trace, long tid) {
        return ThreadColors.of(trace.system(), trace.system().threadIndex(tid), false).getRGB();
    }

    private static int at(BufferedImage img, TimelineScene s, long us, int y) {
        return img.getRGB((int) Math.floor(s.axis().toPx(t(us))), y);
    }
}
