package dev.ura.app.cli.bench;

import dev.ura.trace.io.TraceFiles;
import dev.ura.trace.model.Trace;
import dev.ura.trace.util.LoadThreads;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.Callable;

/**
 * {@code ura bench perfetto [--size-mb 200]}: writes a large Perfetto protobuf trace (compact
 * scheduler bundles, atrace slices and SDK TrackEvents, like a modern Android recording), reads it
 * warm several times and prints the median throughput of the whole load and of its protobuf decode
 * phase, wall and on-CPU (the process's CPU time: every thread the load uses and GC, not the JIT
 * compiler; other load on the machine counts less there), the model phase, the heap the loaded trace keeps and
 * the peak while loading. The target is 200 MB/s warm
 * and a 500 MB trace within the default heap.
 */
@Command(name = "perfetto", mixinStandardHelpOptions = true,
        description = "Perfetto protobuf load throughput (median MB/s) and retained heap.")
public final class BenchPerfettoCommand implements Callable<Integer> {
    @Option(names = "--size-mb", defaultValue = "200", description = "Size of the generated trace (default: ${DEFAULT-VALUE}).")
    int sizeMb;

    @Option(names = "--runs", defaultValue = "5", description = "Measured reads (default: ${DEFAULT-VALUE}).")
    int runs;

    @Option(names = "--warmup", defaultValue = "2", description = "Unmeasured reads first (default: ${DEFAULT-VALUE}).")
    int warmup;

    @Option(names = "--file", description = "Read this trace instead of generating one.")
    Path file;

    @Option(names = "--out", description = "Write the generated trace here and keep it (for profiling with --file).")
    Path keep;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        PerfettoWorkload.withTrace(file, keep, sizeMb, out, trace -> measure(trace, out));
        return 0;
    }

    /** Sum of the heap pools' peaks since their reset (an upper bound: pools peak at different moments). */
    private static long heapPeak() {
        long sum = 0;
        for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) {
            if (p.getType() == MemoryType.HEAP && p.getPeakUsage() != null) {
                sum += p.getPeakUsage().getUsed();
            }
        }
        return sum;
    }

    /**
     * CPU time of the process so far, ns: every thread (the reading thread, decoding threads, the
     * model's, GC) except the JIT compiler's, which on a loaded machine is still compiling the
     * reader after the warm-up reads (0.2-0.4 s per read on 2 cores at load 20) and is no cost
     * of a load in a warm process. On Linux the compiler threads' time is read from
     * {@code /proc/self/task}; elsewhere it is counted in.
     */
    private static long processCpu() {
        long all = ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
        return all - compilerCpu();
    }

    private static long compilerCpu() {
        Path tasks = Path.of("/proc/self/task");
        if (!Files.isDirectory(tasks)) {
            return 0;
        }
        long sum = 0;
        try (var list = Files.list(tasks)) {
            for (Path t : (Iterable<Path>) list::iterator) {
                try {
                    if (Files.readString(t.resolve("comm")).contains("CompilerThre")) {
                        sum += Long.parseLong(Files.readString(t.resolve("schedstat")).trim().split(" ")[0]);
                    }
                } catch (java.io.IOException | RuntimeException e) {
                    // The thread ended while listed: its time is in neither reading.
                }
            }
        } catch (java.io.IOException e) {
            return 0;
        }
        return sum;
    }

    private void measure(Path path, PrintWriter out) throws Exception {
        double mb = Files.size(path) / 1e6;
        ThreadMXBean cpu = ManagementFactory.getThreadMXBean();
        Trace trace = null;
        for (int i = 0; i < warmup; i++) {
            trace = TraceFiles.read(path);
        }
        double[] wall = new double[Math.max(1, runs)];
        double[] onCpu = new double[wall.length];
        double[] readerCpu = new double[wall.length];
        double[] decodeWall = new double[wall.length];
        double[] decode = new double[wall.length];
        double[] buildMs = new double[wall.length];
        double[] buildWallMs = new double[wall.length];
        long peak = 0;
        for (int i = 0; i < wall.length; i++) {
            trace = null;
            System.gc();
            ManagementFactory.getMemoryPoolMXBeans().forEach(MemoryPoolMXBean::resetPeakUsage);
            long c0 = cpu.getCurrentThreadCpuTime();
            long p0 = processCpu();
            long[] decoded = {-1, -1};
            long t0 = System.nanoTime();
            // The reader reports all bytes done when the last packet is decoded; the rest is the model.
            trace = TraceFiles.read(path, (done, total) -> {
                if (done == total && decoded[0] < 0) {
                    decoded[0] = processCpu();
                    decoded[1] = System.nanoTime();
                }
            });
            long t1 = System.nanoTime();
            long c1 = cpu.getCurrentThreadCpuTime();
            long p1 = processCpu();
            wall[i] = mb / ((t1 - t0) / 1e9);
            onCpu[i] = mb / ((p1 - p0) / 1e9);
            readerCpu[i] = mb / ((c1 - c0) / 1e9);
            decode[i] = decoded[0] < 0 ? 0 : mb / ((decoded[0] - p0) / 1e9);
            decodeWall[i] = decoded[0] < 0 ? 0 : mb / ((decoded[1] - t0) / 1e9);
            buildMs[i] = decoded[0] < 0 ? 0 : (p1 - decoded[0]) / 1e6;
            buildWallMs[i] = decoded[0] < 0 ? 0 : (t1 - decoded[1]) / 1e6;
            peak = Math.max(peak, heapPeak());
        }
        long calls = trace.callCount();
        long states = trace.system().states().stream().mapToLong(s -> s.size()).sum();
        out.printf("  %s: %,d threads, %,d slices, %,d async slices, %,d thread states, %,d wakeups, %,d frames,"
                + " %d warnings%n", trace.metadata().variant(), trace.threads().size(), calls,
                trace.system().asyncSlices().size(), states, trace.system().wakeups().size(),
                trace.system().frames().size(), trace.warnings().size());
        for (String w : trace.warnings()) {
            out.printf("    warning: %s%n", w);
        }
        for (double[] a : new double[][] {wall, onCpu, readerCpu, decode, decodeWall, buildMs, buildWallMs}) {
            Arrays.sort(a);
        }
        int m = wall.length / 2;
        out.printf("  load:      median %.0f MB/s wall, %.0f MB/s on-CPU (best %.0f / %.0f) over %.0f MB, %d threads"
                + " (ura.load.threads)%n", wall[m], onCpu[m], wall[wall.length - 1], onCpu[onCpu.length - 1], mb,
                LoadThreads.count());
        out.printf("  phases:    protobuf decode median %.0f MB/s wall, %.0f MB/s on-CPU (best %.0f), then the model"
                + " (thread states, slices, frames) median %.0f ms wall, %.0f ms on-CPU%n", decodeWall[m], decode[m],
                decode[decode.length - 1], buildWallMs[m], buildMs[m]);
        out.printf("  on-CPU:    all threads of the process but the JIT compiler (reading, decoding, model, GC); the"
                + " reading thread alone median %.0f MB/s%n", readerCpu[m]);
        out.printf("  machine:   load average %.1f on %d cores%n",
                ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage(),
                Runtime.getRuntime().availableProcessors());
        System.gc();
        Runtime rt = Runtime.getRuntime();
        out.printf("  heap:      %,d MB used with the trace loaded, peak %,d MB while loading (max heap %,d MB)%n",
                (rt.totalMemory() - rt.freeMemory()) >> 20, peak >> 20, rt.maxMemory() >> 20);
        out.flush();
    }
}
