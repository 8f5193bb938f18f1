package dev.ura.app.ui.runs;

import dev.ura.app.analysis.TraceSession;
import dev.ura.app.annotations.AnnotationStore;
import dev.ura.app.analysis.regression.RegressionAnalyzer;
import dev.ura.app.analysis.regression.RegressionOptions;
import dev.ura.app.analysis.regression.RunSeries;
import dev.ura.app.analysis.regression.RunSeriesCsvReader;
import dev.ura.app.analysis.regression.SeriesRegression;
import dev.ura.app.analysis.regression.SeriesSet;
import dev.ura.app.analysis.regression.TraceFolderSeries;
import dev.ura.trace.io.Progress;
import dev.ura.trace.io.TraceFormatException;

import javax.swing.SwingWorker;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.CancellationException;
import java.util.stream.Stream;

/**
 * Reads a run series off the EDT and runs the regression analysis on it. A folder, or traces picked
 * together, are read as traces, each measured as {@code ura regress} does, with progress per file
 * and cancellation between and inside files; a file named .csv is read as a run-series CSV.
 */
final class RunsLoadWorker extends SwingWorker<RunsLoadWorker.LoadedRuns, Void> {
    /**
     * A series ready to show.
     *
     * @param regression  the analysed series
     * @param nanoseconds whether values are nanoseconds (trace folders) or of unknown unit (CSV)
     * @param files       per run, the trace to open or compare; empty for a CSV
     * @param warnings    what was skipped, one line each
     */
    record LoadedRuns(SeriesRegression regression, boolean nanoseconds, List<Path> files, List<String> warnings) {
        LoadedRuns {
            files = List.copyOf(files);
            warnings = List.copyOf(warnings);
        }
    }

    private final List<Path> sources;
    private final Path source;
    private volatile String current = "";

    RunsLoadWorker(Path source) {
        this(List.of(source));
    }

    /** One folder, one CSV, or traces picked together (each a run, named by its file as in a folder). */
    RunsLoadWorker(List<Path> sources) {
        if (sources.isEmpty()) {
            throw new IllegalArgumentException("nothing to read");
        }
        this.sources = List.copyOf(sources);
        this.source = sources.get(0);
    }

    Path source() {
        return source;
    }

    /** What the window's title and status name: the folder or file, or "N traces". */
    String title() {
        return sources.size() == 1 ? String.valueOf(source.getFileName()) : sources.size() + " traces";
    }

    /** A run-series CSV: one file named .csv (a trace picked alone is a series of one run). */
    private boolean csv() {
        return sources.size() == 1 && !Files.isDirectory(source)
                && source.getFileName().toString().toLowerCase(java.util.Locale.ROOT).endsWith(".csv");
    }

    /** The file being measured (for the status line). */
    String current() {
        return current;
    }

    @Override
    protected LoadedRuns doInBackground() throws TraceFormatException {
        RegressionAnalyzer analyzer = new RegressionAnalyzer(RegressionOptions.defaults());
        if (csv()) {
            SeriesSet set = RunSeriesCsvReader.read(source);
            List<String> warnings = new ArrayList<>(set.warnings());
            RunSeries first = set.series().get(0);
            if (set.series().size() > 1) {
                warnings.add(0, "showing metric " + first.metric() + ", the first of " + set.series().size());
            }
            return new LoadedRuns(analyzer.analyze(first), false, List.of(), warnings);
        }
        boolean folder = sources.size() == 1 && Files.isDirectory(source);
        int total = folder ? countFiles() : sources.size();
        int[] done = {0};
        TraceFolderSeries.RunMeasure each = f -> {
            current = f.getFileName().toString();
            setProgress(Math.min(99, 100 * done[0] / Math.max(1, total)));
            OptionalLong ns = measure(f);
            done[0]++;
            return ns;
        };
        TraceFolderSeries.FolderRuns runs = folder ? TraceFolderSeries.readRuns(source, each)
                : TraceFolderSeries.readRuns(sources, each);
        setProgress(100);
        return new LoadedRuns(analyzer.analyze(runs.series()), true, runs.files(), runs.warnings());
    }

    /** The run's value by the rule {@code ura regress} uses ({@link TraceSession#runValueNs}); empty when it has none. */
    private OptionalLong measure(Path file) throws TraceFormatException {
        if (isCancelled()) {
            throw new CancellationException("cancelled");
        }
        Progress cancellable = new Progress() {
            @Override
            public void update(long doneBytes, long totalBytes) {
                // the bar counts files: one trace's bytes would make it jump back and forth
            }

            @Override
            public boolean isCancelled() {
                return RunsLoadWorker.this.isCancelled();
            }
        };
        return TraceSession.runValueNs(TraceSession.load(file, cancellable),
                AnnotationStore.beside(file).readResponseByHand());
    }

    /** How many files the folder series will look at (the same filter as {@link TraceFolderSeries}). */
    private int countFiles() throws TraceFormatException {
        try (Stream<Path> s = Files.list(source)) {
            return (int) s.filter(Files::isRegularFile).filter(p -> !p.getFileName().toString().startsWith(".")).count();
        } catch (IOException e) {
            throw TraceFormatException.ofFile(source.toString(), "cannot list the folder: " + e.getMessage(), e);
        }
    }
}
