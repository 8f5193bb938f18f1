package dev.ura.app.cli.bench;

import dev.ura.trace.io.TraceFiles;
import dev.ura.trace.io.TraceFormatException;
import dev.ura.trace.model.Trace;

import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * The reader's own speed on a systrace file, inside this JVM ({@code bench cli --systrace-from}):
 * the whole read (text to model) repeated, as MB of file per second of the reading thread's CPU;
 * the first read includes the JIT warming up, the later ones are the reader warm. What a whole
 * {@code ura info} process adds to this is JVM start-up, compilation and printing.
 */
final class SystraceReadFigure {
    private SystraceReadFigure() {
    }

    static void print(Path file, long size, int reads, PrintWriter out) throws TraceFormatException {
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        double[] mbs = new double[Math.max(2, reads)];
        long events = 0;
        for (int i = 0; i < mbs.length; i++) {
            long c0 = mx.getCurrentThreadCpuTime();
            Trace t = TraceFiles.read(file);
            long cpu = Math.max(1, mx.getCurrentThreadCpuTime() - c0);
            mbs[i] = size / 1e6 / (cpu / 1e9);
            events = t.records();
        }
        double[] warm = Arrays.copyOfRange(mbs, 1, mbs.length);
        Arrays.sort(warm);
        out.printf("read in this JVM (%,d records): first %.0f MB/s, warm median %.0f MB/s (best %.0f) of the reading"
                + " thread's CPU, %d reads; target >= 100 MB/s%n", events, mbs[0], warm[warm.length / 2],
                warm[warm.length - 1], mbs.length);
        out.flush();
    }
}
