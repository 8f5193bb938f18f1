package dev.ura.app.analysis.regression;

import dev.ura.trace.io.TraceFormatException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.stream.Stream;

/**
 * A series from a folder of traces: each file measured (by the caller: response 0's duration), the
 * files grouped into runs by {@link RunNames}, each run summarised by its minimum. Files that do not
 * load or have no response are skipped with a warning; hidden files and sub-folders are ignored.
 */
public final class TraceFolderSeries {
    /** The metric name of trace-folder series. */
    public static final String METRIC = "responseNs";

    /** Measures one trace file. */
    @FunctionalInterface
    public interface RunMeasure {
        /** The measured value in ns, or empty when the trace has nothing to measure (no response). */
        OptionalLong measureNs(Path file) throws TraceFormatException;
    }

    private TraceFolderSeries() {
    }

    /**
     * The runs of a folder with, per run, the file that gave its value (the build's fastest trace), so
     * that a view can open or compare the run.
     *
     * @param series   the series (metric {@link #METRIC})
     * @param files    per run, in run order, the file whose value the run has
     * @param warnings files skipped, and why
     */
    public record FolderRuns(RunSeries series, List<Path> files, List<String> warnings) {
        public FolderRuns {
            files = List.copyOf(files);
            warnings = List.copyOf(warnings);
        }

        /** As a series set (what the command line reads). */
        public SeriesSet toSeriesSet() {
            return new SeriesSet(List.of(series), warnings);
        }
    }

    /** Reads and measures every trace in {@code folder}. */
    public static SeriesSet read(Path folder, RunMeasure measure) throws TraceFormatException {
        return readRuns(folder, measure).toSeriesSet();
    }

    /** Reads and measures every trace in {@code folder}, keeping which file each run's value came from. */
    public static FolderRuns readRuns(Path folder, RunMeasure measure) throws TraceFormatException {
        return readFiles(list(folder), folder.toString(), "the folder", measure);
    }

    /**
     * Reads and measures the traces {@code files} (picked one by one, in build then name order),
     * named as in a folder; {@code where} names them in an error.
     */
    public static FolderRuns readRuns(List<Path> files, RunMeasure measure) throws TraceFormatException {
        List<Path> sorted = files.stream().sorted(TraceFolderSeries::byRunThenName).toList();
        return readFiles(sorted, sorted.isEmpty() ? "" : sorted.get(0).toString(), "the files picked", measure);
    }

    private static FolderRuns readFiles(List<Path> files, String where, String what, RunMeasure measure)
            throws TraceFormatException {
        Map<String, Double> best = new LinkedHashMap<>();
        Map<String, Path> bestFile = new LinkedHashMap<>();
        List<String> warnings = new ArrayList<>();
        for (Path f : files) {
            OptionalLong ns;
            try {
                ns = measure.measureNs(f);
            } catch (TraceFormatException e) {
                warnings.add(e.getMessage() + " (skipped)");
                continue;
            }
            if (ns.isEmpty()) {
                warnings.add(f + ": no response to measure (skipped)");
                continue;
            }
            String run = RunNames.runOf(f.getFileName().toString());
            Double previous = best.get(run);
            if (previous == null || ns.getAsLong() < previous) {
                best.put(run, (double) ns.getAsLong());
                bestFile.put(run, f);
            }
        }
        if (best.isEmpty()) {
            throw TraceFormatException.ofFile(where, "no trace in " + what + " has a response to measure"
                    + (warnings.isEmpty() ? "" : ": " + warnings.get(0)), null);
        }
        double[] values = best.values().stream().mapToDouble(Double::doubleValue).toArray();
        return new FolderRuns(new RunSeries(METRIC, new ArrayList<>(best.keySet()), values),
                new ArrayList<>(bestFile.values()), warnings);
    }

    /** Builds in number order, other files by name; within a build, by file name. */
    private static int byRunThenName(Path a, Path b) {
        String na = a.getFileName().toString();
        String nb = b.getFileName().toString();
        int c = RunNames.naturalOrder().compare(RunNames.runOf(na), RunNames.runOf(nb));
        return c != 0 ? c : RunNames.naturalOrder().compare(na, nb);
    }

    private static List<Path> list(Path folder) throws TraceFormatException {
        try (Stream<Path> s = Files.list(folder)) {
            return s.filter(Files::isRegularFile)
                    .filter(p -> !p.getFileName().toString().startsWith("."))
                    .sorted(TraceFolderSeries::byRunThenName)
                    .toList();
        } catch (IOException e) {
            throw TraceFormatException.ofFile(folder.toString(), "cannot list the folder: " + e.getMessage(), e);
        }
    }
}
