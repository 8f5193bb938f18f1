package dev.ura.app.cli.bench;

import dev.ura.app.render.ExportPainter;
import dev.ura.app.render.TimelineRenderer;
import dev.ura.app.render.TimelineScene;
import dev.ura.app.render.TraceIndex;
import dev.ura.trace.model.Trace;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;

/**
 * {@code ura bench render}: median and p99 time of a full timeline repaint (draw list + painting)
 * of a large synthetic trace into an image, zoomed out (whole trace) and zoomed in (random 0.1 %
 * windows). Target: 8 ms a frame at 1920×1080.
 */
@Command(name = "render", mixinStandardHelpOptions = true,
        description = "Frame time of a full timeline repaint of a synthetic trace.")
public final class BenchRenderCommand implements Callable<Integer> {
    @Option(names = "--calls", defaultValue = "5000000", description = "Calls in the synthetic trace (default ${DEFAULT-VALUE}).")
    int calls;

    @Option(names = "--threads", defaultValue = "8", description = "Threads (default ${DEFAULT-VALUE}).")
    int threads;

    @Option(names = "--frames", defaultValue = "200", description = "Measured frames per case (default ${DEFAULT-VALUE}).")
    int frames;

    @Option(names = "--width", defaultValue = "1920")
    int width;

    @Option(names = "--height", defaultValue = "1080")
    int height;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        long t0 = System.nanoTime();
        Trace trace = SyntheticTrace.generate(calls, threads, 42);
        long t1 = System.nanoTime();
        TraceIndex index = TraceIndex.of(trace);
        long t2 = System.nanoTime();
        out.printf(Locale.ROOT, "trace: %,d calls, %d threads; generated in %.0f ms, indexed in %.0f ms%n",
                trace.callCount(), trace.threads().size(), (t1 - t0) / 1e6, (t2 - t1) / 1e6);
        TimelineScene scene = new TimelineScene(index);
        BufferedImage img = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        TimelineRenderer renderer = new TimelineRenderer();
        scene.axis().setWidthPx(width);
        long start = index.startNs();
        long end = index.endNs();
        SplittableRandom rnd = new SplittableRandom(7);
        report(out, "zoomed out (whole trace)", measure(img, renderer, scene, () -> scene.axis().fit(start, end, 0)));
        long span = Math.max(1, (end - start) / 1000);
        report(out, "zoomed in (0.1 % windows)", measure(img, renderer, scene, () -> {
            long a = start + rnd.nextLong(Math.max(1, end - start - span));
            scene.axis().fit(a, a + span, 0);
        }));
        long e0 = System.nanoTime();
        ExportPainter.image(scene, new dev.ura.app.render.ExportHeader(trace.source(), null, null, null), width, height);
        out.printf(Locale.ROOT, "one export with header and legend: %.1f ms%n", (System.nanoTime() - e0) / 1e6);
        return 0;
    }

    /** Wall and thread-CPU milliseconds per frame, each sorted (CPU time is what a busy machine does not inflate). */
    private double[][] measure(BufferedImage img, TimelineRenderer renderer, TimelineScene scene, Runnable position) {
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        for (int i = 0; i < 30; i++) {
            position.run();
            frame(img, renderer, scene);
        }
        double[] ms = new double[frames];
        double[] cpu = new double[frames];
        for (int i = 0; i < frames; i++) {
            position.run();
            long c = mx.getCurrentThreadCpuTime();
            long a = System.nanoTime();
            frame(img, renderer, scene);
            ms[i] = (System.nanoTime() - a) / 1e6;
            cpu[i] = (mx.getCurrentThreadCpuTime() - c) / 1e6;
        }
        Arrays.sort(ms);
        Arrays.sort(cpu);
        return new double[][]{ms, cpu};
    }

    private void frame(BufferedImage img, TimelineRenderer renderer, TimelineScene scene) {
        Graphics2D g = img.createGraphics();
        try {
            renderer.paint(g, scene, width, height);
        } finally {
            g.dispose();
        }
    }

    private static void report(PrintWriter out, String label, double[][] wallAndCpu) {
        double[] w = wallAndCpu[0];
        double[] c = wallAndCpu[1];
        out.printf(Locale.ROOT, "%-28s wall median %6.2f ms p99 %6.2f ms | cpu median %6.2f ms p99 %6.2f ms (%d frames)%n",
                label, w[w.length / 2], p99(w), c[c.length / 2], p99(c), w.length);
    }

    private static double p99(double[] sorted) {
        return sorted[Math.min(sorted.length - 1, (int) Math.ceil(sorted.length * 0.99) - 1)];
    }
}
