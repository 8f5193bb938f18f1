package dev.ura.spark;

import dev.ura.app.cli.CommandFailure;
import dev.ura.app.cli.TraceRows;
import dev.ura.app.cli.WhatIfFlags;
import org.apache.spark.sql.SparkSession;

import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code spark-submit --class dev.ura.spark.UraSparkJob ura-spark.jar --out URI [--tag KEY=VALUE]…
 * [--rules URI] [--skip-stored URI]… [what-if flags] URI…} (docs/fleet.md). Exit status as batch's:
 * 0 every trace written, 1 some failed (the others are written) or the output cannot be written, 2
 * bad usage.
 */
public final class UraSparkJob {
    static final String USAGE = "usage: UraSparkJob --out URI [--tag KEY=VALUE]... [--rules URI] [--skip-stored URI]..."
            + " [--defer|--parallel|--side-by-side PATTERN]... [--speedup PATTERN=FACTOR]... TRACE|FOLDER|GLOB...";
    /** Options that take a value; the what-if ones are read by {@link WhatIfFlags} in the order given. */
    private static final List<String> VALUED = List.of("--out", "--tag", "--rules", "--skip-stored", "--defer",
            "--parallel", "--side-by-side", "--speedup");

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
            s = SparkBatch.run(spark, a);
        } catch (IOException e) {
            err.println("ura-spark: " + e.getMessage());
            return 1;
        }
        s.duplicates().forEach(d -> err.println("ura-spark: skipped " + d));
        s.failures().forEach(f -> err.println("ura-spark: failed " + f));
        out.printf("%d traces: %d written, %d duplicates, %d failed%s, in %.1f s; Parquet in %s%n", s.traces(),
                s.stored(), s.duplicates().size(), s.failures().size(),
                a.skipStored().isEmpty() ? "" : ", " + s.alreadyStored() + " already stored",
                (System.nanoTime() - start) / 1e9, a.out());
        return s.failures().isEmpty() ? 0 : 1;
    }

    /**
     * The job's arguments.
     *
     * @param whatIf     the what-if flags as given (flag, value, …), parsed again in each executor
     * @param rules      URI of a rule table (as analyze's {@code --rules}), or null
     * @param skipStored earlier outputs of this job or of {@code ura store export --parquet}: a trace
     *                   whose content is in their {@code runs} is not analysed again
     */
    record Args(String out, Map<String, String> tags, List<String> whatIf, String rules, List<String> skipStored,
                List<String> inputs) {
        static Args parse(String[] args) throws CommandFailure {
            String out = null;
            String rules = null;
            List<String> tags = new ArrayList<>();
            List<String> whatIf = new ArrayList<>();
            List<String> skip = new ArrayList<>();
            List<String> inputs = new ArrayList<>();
            for (int i = 0; i < args.length; i++) {
                String a = args[i];
                int eq = a.indexOf('=');
                String flag = a.startsWith("--") && eq > 0 ? a.substring(0, eq) : a;
                if (!VALUED.contains(flag)) {
                    if (a.startsWith("--")) {
                        throw new CommandFailure(2, "unknown option " + a);
                    }
                    inputs.add(a);
                    continue;
                }
                String value;
                if (flag.length() < a.length()) {
                    value = a.substring(eq + 1);
                } else if (i + 1 < args.length) {
                    value = args[++i];
                } else {
                    throw new CommandFailure(2, a + " needs a value");
                }
                switch (flag) {
                    case "--out" -> out = value;
                    case "--tag" -> tags.add(value);
                    case "--rules" -> rules = value;
                    case "--skip-stored" -> skip.add(value);
                    default -> whatIf.addAll(List.of(flag, value));
                }
            }
            if (out == null) {
                throw new CommandFailure(2, "--out is required");
            }
            if (inputs.isEmpty()) {
                throw new CommandFailure(2, "no trace given");
            }
            WhatIfFlags.parse(whatIf); // a malformed flag is bad usage here, not a failure in every executor
            return new Args(out, TraceRows.tags(tags), List.copyOf(whatIf), rules, List.copyOf(skip), inputs);
        }
    }
}
