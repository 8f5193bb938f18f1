package dev.ura.spark;

import dev.ura.app.cli.CommandFailure;
import dev.ura.app.cli.TraceRows;
import org.apache.spark.sql.SparkSession;

import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code spark-submit --class dev.ura.spark.UraSparkJob ura-spark.jar --out URI [--tag KEY=VALUE]… URI…}
 * (docs/fleet.md). Exit status as batch's: 0 every trace written, 1 some failed (the others are
 * written) or the output cannot be written, 2 bad usage.
 */
public final class UraSparkJob {
    static final String USAGE = "usage: UraSparkJob --out URI [--tag KEY=VALUE]... TRACE|FOLDER|GLOB...";

    private UraSparkJob() {
    }

    public static void main(String[] args) {
        int exit;
        SparkSession spark = null;
        try {
            Args a = Args.parse(args);
            spark = SparkSession.builder().appName("ura batch").getOrCreate();
            exit = run(spark, a, System.out, System.err);
        } catch (CommandFailure e) {
            System.err.println("ura-spark: " + e.getMessage());
            System.err.println(USAGE);
            exit = e.exitCode();
        } finally {
            if (spark != null) {
                spark.stop();
            }
        }
        System.exit(exit);
    }

    static int run(SparkSession spark, Args a, PrintStream out, PrintStream err) {
        long start = System.nanoTime();
        SparkBatch.Summary s;
        try {
            s = SparkBatch.run(spark, a.inputs(), a.tags(), a.out());
        } catch (IOException e) {
            err.println("ura-spark: " + e.getMessage());
            return 1;
        }
        s.duplicates().forEach(d -> err.println("ura-spark: skipped " + d));
        s.failures().forEach(f -> err.println("ura-spark: failed " + f));
        out.printf("%d traces: %d written, %d duplicates, %d failed, in %.1f s; Parquet in %s%n", s.traces(),
                s.stored(), s.duplicates().size(), s.failures().size(), (System.nanoTime() - start) / 1e9, a.out());
        return s.failures().isEmpty() ? 0 : 1;
    }

    /** The job's arguments. */
    record Args(String out, Map<String, String> tags, List<String> inputs) {
        static Args parse(String[] args) throws CommandFailure {
            String out = null;
            List<String> tags = new ArrayList<>();
            List<String> inputs = new ArrayList<>();
            for (int i = 0; i < args.length; i++) {
                String a = args[i];
                if (a.equals("--out") || a.equals("--tag")) {
                    if (i + 1 == args.length) {
                        throw new CommandFailure(2, a + " needs a value");
                    }
                    if (a.equals("--out")) {
                        out = args[++i];
                    } else {
                        tags.add(args[++i]);
                    }
                } else if (a.startsWith("--out=")) {
                    out = a.substring("--out=".length());
                } else if (a.startsWith("--tag=")) {
                    tags.add(a.substring("--tag=".length()));
                } else if (a.startsWith("--")) {
                    throw new CommandFailure(2, "unknown option " + a);
                } else {
                    inputs.add(a);
                }
            }
            if (out == null) {
                throw new CommandFailure(2, "--out is required");
            }
            if (inputs.isEmpty()) {
                throw new CommandFailure(2, "no trace given");
            }
            return new Args(out, TraceRows.tags(tags), inputs);
        }
    }
}
