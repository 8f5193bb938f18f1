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
 * {@code ura bench batch}: {@code ura batch} over the bundled samples (every sample of every format),
 * into a fresh store each round, with 1 and 2 workers: traces per minute of wall time, per worker,
 * and per CPU-minute of the process (hashing, parsing, analysis and DuckDB inserts all counted).
 */
@Command(name = "batch", mixinStandardHelpOptions = true,
        description = "ura batch throughput on the bundled samples, 1 and 2 workers.")
public final class BenchBatchCommand implements Callable<Integer> {
    @Option(names = "--rounds", defaultValue = "5", description = "Measured rounds per worker count (default ${DEFAULT-VALUE}).")
    int rounds;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        Path dir = Files.createTempDirectory("ura-bench-batch");
        try {
            Path traces = samples(dir.resolve("traces"));
            int files;
            try (var s = Files.walk(traces)) {
                files = (int) s.filter(Files::isRegularFile).count();
            }
            out.printf(Locale.ROOT, "%d sample traces; %d cores; max heap %d MB%n", files,
                    Runtime.getRuntime().availableProcessors(), Runtime.getRuntime().maxMemory() >> 20);
            run(dir, traces, 1, "warm-up"); // class loading, DuckDB's native library, JIT
            for (int jobs : new int[] {1, 2}) {
                double[] perMin = new double[rounds];
                double[] perCpuMin = new double[rounds];
                for (int r = 0; r < rounds; r++) {
                    double[] m = run(dir, traces, jobs, "r" + jobs + "-" + r);
                    perMin[r] = files / m[0] * 60;
                    perCpuMin[r] = files / m[1] * 60;
                }
                Arrays.sort(perMin);
                Arrays.sort(perCpuMin);
                out.printf(Locale.ROOT, "jobs=%d  median %7.0f traces/min (%6.0f per worker)  %7.0f traces per"
                        + " CPU-minute  (min %.0f, max %.0f traces/min)%n", jobs, perMin[rounds / 2],
                        perMin[rounds / 2] / jobs, perCpuMin[rounds / 2], perMin[0], perMin[rounds - 1]);
                out.flush();
            }
        } finally {
            try (var walk = Files.walk(dir)) {
                for (Path p : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(p);
                }
            }
        }
        return 0;
    }

    /** One batch into a fresh store: {wall seconds, process CPU seconds}. */
    private double[] run(Path dir, Path traces, int jobs, String name) {
        var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        long cpu0 = os.getProcessCpuTime();
        long t0 = System.nanoTime();
        StringWriter err = new StringWriter();
        int exit = UraCommand.run(new String[] {"batch", traces.toString(), "--store", dir.resolve(name).toString(),
                "--jobs", Integer.toString(jobs)}, new PrintWriter(new StringWriter()), new PrintWriter(err));
        if (exit != 0) {
            throw new IllegalStateException("ura batch failed (" + exit + "): " + err);
        }
        return new double[] {(System.nanoTime() - t0) / 1e9, (os.getProcessCpuTime() - cpu0) / 1e9};
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
