package dev.ura.app.cli.bench;

import dev.ura.app.cli.UraCommand;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

/**
 * {@code ura bench batch}: {@code ura batch} into a fresh store each round, with 1 and 2 workers, over
 * two workloads: the bundled samples (every sample of every format, small), and {@code --copies}
 * copies of a generated {@code --copy-mb} MB method trace (large; {@link BatchCopies} says how the
 * copies differ so that the store's content-hash skip keeps none out). Prints traces per minute of
 * wall time, per worker, and per CPU-minute of the process, i.e. per core kept busy (hashing,
 * parsing, analysis and DuckDB inserts all counted).
 */
@Command(name = "batch", mixinStandardHelpOptions = true,
        description = "ura batch throughput on the bundled samples and on copies of a large trace, 1 and 2 workers.")
public final class BenchBatchCommand implements Callable<Integer> {
    @Option(names = "--rounds", defaultValue = "5", description = "Measured rounds per worker count (default ${DEFAULT-VALUE}).")
    int rounds;

    @Option(names = "--copies", defaultValue = "100",
            description = "Copies of the large trace (default ${DEFAULT-VALUE}; 0: samples only).")
    int copies;

    @Option(names = "--copy-mb", defaultValue = "20", description = "Size of the large trace, MB (default ${DEFAULT-VALUE}).")
    int copyMb;

    @Option(names = "--copy-rounds", defaultValue = "1",
            description = "Measured rounds per worker count over the copies (default ${DEFAULT-VALUE}).")
    int copyRounds;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        Path dir = Files.createTempDirectory("ura-bench-batch");
        try {
            Path traces = samples(dir.resolve("traces"));
            int files = count(traces);
            out.printf(Locale.ROOT, "%d cores; max heap %d MB; load average %.1f%n",
                    Runtime.getRuntime().availableProcessors(), Runtime.getRuntime().maxMemory() >> 20,
                    ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
            run(dir, traces, files, 1, "warm-up"); // class loading, DuckDB's native library, JIT
            measure(out, "samples (" + files + " traces)", dir, traces, files, rounds);
            if (copies > 0) {
                Path big = BatchCopies.write(dir.resolve("copies"), copies, copyMb);
                measure(out, copies + " copies of a " + copyMb + " MB method trace", dir, big, copies, copyRounds);
            }
            out.printf(Locale.ROOT, "load average %.1f at the end%n",
                    ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
        } finally {
            try (var walk = Files.walk(dir)) {
                for (Path p : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(p);
                }
            }
        }
        return 0;
    }

    private void measure(PrintWriter out, String what, Path dir, Path traces, int files, int n) {
        out.printf(Locale.ROOT, "%s:%n", what);
        for (int jobs : new int[] {1, 2}) {
            double[] perMin = new double[n];
            double[] perCpuMin = new double[n];
            double[] cpuSeconds = new double[n];
            for (int r = 0; r < n; r++) {
                double[] m = run(dir, traces, files, jobs, "r" + traces.getFileName() + jobs + "-" + r);
                perMin[r] = files / m[0] * 60;
                perCpuMin[r] = files / m[1] * 60;
                cpuSeconds[r] = m[1];
            }
            Arrays.sort(perMin);
            Arrays.sort(perCpuMin);
            Arrays.sort(cpuSeconds);
            out.printf(Locale.ROOT, "  jobs=%d  median %7.1f traces/min (%7.1f per worker)  %7.1f traces per CPU-minute"
                    + " (per core)  %.1f CPU s  (min %.1f, max %.1f traces/min)%n", jobs, perMin[n / 2],
                    perMin[n / 2] / jobs, perCpuMin[n / 2], cpuSeconds[n / 2], perMin[0], perMin[n - 1]);
            out.flush();
        }
    }

    private static int count(Path traces) throws IOException {
        try (var s = Files.walk(traces)) {
            return (int) s.filter(Files::isRegularFile).count();
        }
    }

    /** One batch of {@code files} traces into a fresh store: {wall seconds, process CPU seconds}. */
    private double[] run(Path dir, Path traces, int files, int jobs, String name) {
        var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        long cpu0 = os.getProcessCpuTime();
        long t0 = System.nanoTime();
        StringWriter err = new StringWriter();
        StringWriter summary = new StringWriter();
        int exit = UraCommand.run(new String[] {"batch", traces.toString(), "--store", dir.resolve(name).toString(),
                "--jobs", Integer.toString(jobs)}, new PrintWriter(summary), new PrintWriter(err));
        if (exit != 0) {
            throw new IllegalStateException("ura batch failed (" + exit + "): " + err);
        }
        double[] m = {(System.nanoTime() - t0) / 1e9, (os.getProcessCpuTime() - cpu0) / 1e9};
        // Every trace analysed and stored: a skipped copy would make the figure a lie.
        if (!summary.toString().contains(files + " traces: " + files + " stored")) {
            throw new IllegalStateException("ura batch did not store all " + files + " traces: " + summary);
        }
        return m;
    }

    /** The bundled samples of the catalogue, copied to {@code traces}. */
    private Path samples(Path traces) throws IOException {
        List<String> names = new ArrayList<>();
        try (InputStream in = BenchBatchCommand.class.getResourceAsStream("/samples/catalog.json")) {
            if (in == null) {
                throw new IOException("the bundled samples are missing (/samples/catalog.json)");
            }
            var root = new com.fasterxml.jackson.databind.ObjectMapper().readTree(in);
            root.findValues("file").forEach(n -> names.add(n.asText()));
        }
        for (String n : names) {
            try (InputStream in = BenchBatchCommand.class.getResourceAsStream("/samples/" + n)) {
                if (in != null) {
                    Path to = traces.resolve(n);
                    Files.createDirectories(to.getParent());
                    Files.copy(in, to);
                }
            }
        }
        return traces;
    }
}
