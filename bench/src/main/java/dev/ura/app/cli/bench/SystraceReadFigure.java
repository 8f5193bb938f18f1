package dev.ura.app.cli.bench;

import dev.ura.trace.io.TraceFiles;
import dev.ura.trace.io.TraceFormatException;
import dev.ura.trace.model.Trace;

import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * The reader's own speed on a systrace file, inside this JVM ({@code bench cli --systrace-from}):
 * the whole read (text to model) repeated, as MB of file per second of wall time and of the
 * process's CPU (user + system of all its threads: the text is read and split on a second thread
 * and the thread states built on another, so the calling thread's CPU alone would flatter it; the
 * JIT's and the collector's threads count too). The first read includes the JIT warming up, the
 * later ones are the reader warm. What a whole {@code ura info} process adds to this is JVM
 * start-up, class loading and printing.
 */
final class SystraceReadFigure {
    private SystraceReadFigure() {
    }

    static void print(Path file, long size, int reads, PrintWriter out) throws TraceFormatException {
        var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        double[] wall = new double[Math.max(2, reads)];
        double[] cpu = new double[wall.length];
        long events = 0;
        for (int i = 0; i < wall.length; i++) {
            long c0 = os.getProcessCpuTime();
            long t0 = System.nanoTime();
            Trace t = TraceFiles.read(file);
            wall[i] = size / 1e6 / (Math.max(1, System.nanoTime() - t0) / 1e9);
            cpu[i] = size / 1e6 / (Math.max(1, os.getProcessCpuTime() - c0) / 1e9);
            events = t.records();
        }
        out.printf("read in this JVM (%,d records, %d reads): first %.0f MB/s wall, %.0f MB/s of the process's CPU;"
                + " warm median %.0f MB/s wall (best %.0f), %.0f MB/s CPU (best %.0f); target >= 100 MB/s%n", events,
                wall.length, wall[0], cpu[0], warmMedian(wall), warmBest(wall), warmMedian(cpu), warmBest(cpu));
        out.flush();
    }

    private static double warmMedian(double[] all) {
        double[] warm = Arrays.copyOfRange(all, 1, all.length);
        Arrays.sort(warm);
        return warm[warm.length / 2];
    }

    private static double warmBest(double[] all) {
        return Arrays.stream(all, 1, all.length).max().orElse(0);
    }
}
