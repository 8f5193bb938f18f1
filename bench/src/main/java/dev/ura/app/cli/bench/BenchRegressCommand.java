package dev.ura.app.cli.bench;

import dev.ura.app.analysis.regression.AnomalyDetector;
import dev.ura.app.analysis.regression.EDivisiveAlgorithm;
import dev.ura.app.analysis.regression.HunterAlgorithm;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.util.Arrays;
import java.util.Locale;
import java.util.Random;
import java.util.concurrent.Callable;
import java.util.function.Supplier;

/**
 * {@code ura bench regress} (or this class's {@code main}): E-Divisive, Hunter and anomaly detection
 * times on synthetic series of several lengths (two level shifts in Gaussian noise), median of repeated runs.
 */
@Command(name = "regress", mixinStandardHelpOptions = true,
        description = "Change-point and anomaly detection times on synthetic run series.")
public final class BenchRegressCommand implements Callable<Integer> {
    @Option(names = "--runs", defaultValue = "5", description = "Measured runs per case (default ${DEFAULT-VALUE}).")
    int runs;

    @Option(names = "--permutations", defaultValue = "199", description = "E-Divisive permutations (default ${DEFAULT-VALUE}).")
    int permutations;

    @Spec
    CommandSpec spec;

    /** Runs the benchmark without the rest of the command line. */
    public static void main(String[] args) {
        System.exit(new CommandLine(new BenchRegressCommand()).execute(args));
    }

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        for (int n : new int[] {100, 365, 500, 1000}) {
            double[] x = series(n);
            for (int minSize : new int[] {30, 1}) {
                EDivisiveAlgorithm e = new EDivisiveAlgorithm(0.05, permutations, minSize, 1);
                int[] found = new int[1];
                report(out, String.format(Locale.ROOT, "e-divisive n=%d R=%d min-size=%d", n, permutations, minSize),
                        () -> {
                            found[0] = e.changePoints(x).size();
                            return found[0];
                        });
            }
            HunterAlgorithm h = new HunterAlgorithm(50, 0.001, 0);
            report(out, "hunter n=" + n + " window=50", () -> h.changePoints(x).size());
        }
        double[] big = series(100_000);
        report(out, "anomalies n=100000 window=40", () -> AnomalyDetector.withDefaults().detect(big).size());
        out.flush();
        return 0;
    }

    private void report(PrintWriter out, String what, Supplier<Integer> task) {
        long[] t = new long[Math.max(1, runs)];
        int result = task.get();
        for (int i = 0; i < t.length; i++) {
            long t0 = System.nanoTime();
            result = task.get();
            t[i] = System.nanoTime() - t0;
        }
        Arrays.sort(t);
        out.printf(Locale.ROOT, "%-45s median %9.2f ms  max %9.2f ms  (%d found)%n", what, t[t.length / 2] / 1e6,
                t[t.length - 1] / 1e6, result);
        out.flush();
    }

    private static double[] series(int n) {
        Random r = new Random(42);
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = 100 + r.nextGaussian() * 3 + (i >= n / 3 ? 10 : 0) + (i >= 2 * n / 3 ? -6 : 0);
        }
        return x;
    }
}
