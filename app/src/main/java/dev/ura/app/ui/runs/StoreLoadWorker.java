package dev.ura.app.ui.runs;

import dev.ura.app.analysis.regression.RegressionAnalyzer;
import dev.ura.app.analysis.regression.RegressionOptions;
import dev.ura.app.store.RunStore;
import dev.ura.app.store.StoreException;
import dev.ura.app.store.StoreRuns;
import dev.ura.app.store.StoreSeries;

import javax.swing.SwingWorker;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Reads a run store's series off the EDT and judges it as {@code regress --store} does (the same
 * analyser and default options). The store is opened read-only for each query and closed again,
 * so a {@code ura batch} can write to it between queries.
 */
final class StoreLoadWorker extends SwingWorker<StoreLoadWorker.LoadedStore, Void> {
    /**
     * @param catalog what the store holds (for the pickers)
     * @param choice  what was read
     * @param runs    the judged series (its regression {@code null} when no run has the metric) and each point's trace
     */
    record LoadedStore(StoreRuns.Catalog catalog, StoreChoice choice, RunsLoadWorker.LoadedRuns runs) {
    }

    /**
     * One query at a time: DuckDB opens a database file once per process, and two read-only opens of one
     * file at the same moment can refuse each other.
     */
    private static final Object STORE_LOCK = new Object();

    private final Path dir;
    private final StoreChoice choice;

    /** @param choice what to read, or {@code null} for {@link StoreChoice#defaults} */
    StoreLoadWorker(Path dir, StoreChoice choice) {
        this.dir = dir;
        this.choice = choice;
    }

    /**
     * The store folder when {@code sources} is one (or its {@value RunStore#FILE} picked alone), else {@code null}.
     */
    static Path storeDir(List<Path> sources) {
        if (sources.size() != 1) {
            return null;
        }
        Path p = sources.get(0);
        if (Files.isDirectory(p) && Files.isRegularFile(p.resolve(RunStore.FILE))) {
            return p;
        }
        return p.getFileName() != null && p.getFileName().toString().equals(RunStore.FILE) && Files.isRegularFile(p)
                ? p.toAbsolutePath().getParent() : null;
    }

    Path dir() {
        return dir;
    }

    @Override
    protected LoadedStore doInBackground() throws StoreException {
        StoreRuns.Catalog catalog;
        StoreChoice c;
        StoreRuns.Points points;
        synchronized (STORE_LOCK) {
            try (RunStore store = RunStore.openForReading(dir)) {
                catalog = StoreRuns.catalog(store);
                c = choice != null ? choice : StoreChoice.defaults(catalog);
                points = StoreRuns.read(store, c.metric(), c.filterKey(), c.filterValue(), c.axis());
            }
        }
        var regression = points.series().size() == 0 ? null
                : new RegressionAnalyzer(RegressionOptions.defaults()).analyze(points.series());
        List<Path> files = points.files().stream().map(Path::of).toList();
        return new LoadedStore(catalog, c, new RunsLoadWorker.LoadedRuns(regression,
                StoreSeries.nanoseconds(c.metric()), files, points.warnings()));
    }
}
