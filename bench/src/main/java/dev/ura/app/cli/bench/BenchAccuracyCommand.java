package dev.ura.app.cli.bench;

import dev.ura.agent.AgentMain;
import dev.ura.app.cli.CommandFailure;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

/**
 * {@code ura bench accuracy}: records the demo feed reader and its three optimised twins with the
 * agent (needs a display: run it under {@code xvfb-run} on a headless machine) and prints, per
 * optimisation, the what-if estimate from the original against the twin's measured response
 * (medians over runs × measured clicks, with min–max spreads). Target: every estimate within 10 %.
 */
@Command(name = "accuracy", mixinStandardHelpOptions = true,
        description = "What-if estimates against the real optimised demo app (records it with the agent; needs a display).")
public final class BenchAccuracyCommand implements Callable<Integer> {
    @Option(names = "--runs", defaultValue = "5", description = "Recorded runs per variant (default ${DEFAULT-VALUE}).")
    int runs;

    @Option(names = "--clicks", defaultValue = "4", description = "Clicks per run, the first a warm-up (default ${DEFAULT-VALUE}).")
    int clicks;

    @Option(names = "--agent", description = "The agent jar (default: the ura.jar this runs from).")
    Path agent;

    @Option(names = "--keep", description = "Keep the recorded logs in this folder (default: a temporary folder).")
    Path keep;

    @Option(names = "--logs", description = "Record nothing: estimate and measure again from the logs an earlier "
            + "run kept in this folder (--keep), every complete run of original and twins found there.")
    Path logs;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        Path jar = agent != null ? agent : Path.of(AgentMain.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        if (!Files.isRegularFile(jar)) {
            throw new CommandFailure(2, "bench accuracy: " + jar + " is not a jar; give the agent with --agent ura.jar");
        }
        if (logs != null) {
            if (!Files.isDirectory(logs)) {
                throw new CommandFailure(2, "bench accuracy: --logs " + logs + " is not a folder");
            }
            List<AccuracyStudy.Row> rows = AccuracyStudy.fromLogs(logs, AccuracyVariant.optimised());
            out.printf(Locale.ROOT, "from the logs in %s: %d runs%n", logs, rows.get(0).runs());
            print(out, rows);
            return 0;
        }
        if (runs < 1 || clicks < 2) {
            throw new CommandFailure(2, "bench accuracy: --runs must be at least 1 and --clicks at least 2");
        }
        Path dir = keep != null ? Files.createDirectories(keep) : Files.createTempDirectory("ura-accuracy");
        DemoRecorder recorder = new DemoRecorder(jar, jar.toString(), clicks, dir);
        out.printf(Locale.ROOT, "recording the demo: %d runs x (original + 3 twins), %d clicks each (first not measured); logs in %s%n",
                runs, clicks, dir);
        out.flush();
        List<AccuracyStudy.Row> rows = new AccuracyStudy(recorder, runs).run(AccuracyVariant.optimised());
        print(out, rows);
        return 0;
    }

    static void print(PrintWriter out, List<AccuracyStudy.Row> rows) {
        out.println("| optimisation | what-if on the original | samples | estimate median (min–max) | measured twin median (min–max) | error"
                + " | range (median of low ends – of high ends) | measured median in range |");
        out.println("| --- | --- | --- | --- | --- | --- | --- | --- |");
        for (AccuracyStudy.Row r : rows) {
            if (r.variant().change() == null) {
                out.printf(Locale.ROOT, "| original | (recorded) | %d | – | %s | – | – | – |%n", r.measuredNs().length,
                        cell(r.measuredMedianNs(), r.measuredNs()));
                continue;
            }
            String range = r.ranged() == 0 ? "none"
                    : String.format(Locale.ROOT, "%.1f–%.1f ms (%d of %d estimates with a range)", r.lowMedianNs() / 1e6,
                    r.highMedianNs() / 1e6, r.ranged(), r.estimatedNs().length);
            out.printf(Locale.ROOT, "| %s | `%s` | %d / %d | %s | %s | %+.1f %% | %s | %s |%n", r.variant().name(),
                    r.variant().flag(), r.estimatedNs().length, r.measuredNs().length,
                    cell(r.estimateMedianNs(), r.estimatedNs()), cell(r.measuredMedianNs(), r.measuredNs()),
                    r.errorPercent(), range, r.ranged() == 0 ? "–" : r.measuredInRange() ? "yes" : "no");
        }
        out.flush();
    }

    private static String cell(long median, long[] samples) {
        long min = Arrays.stream(samples).min().orElse(0);
        long max = Arrays.stream(samples).max().orElse(0);
        return String.format(Locale.ROOT, "%.1f ms (%.1f–%.1f)", median / 1e6, min / 1e6, max / 1e6);
    }
}
