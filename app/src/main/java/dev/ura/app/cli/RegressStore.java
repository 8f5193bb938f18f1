package dev.ura.app.cli;

import dev.ura.app.analysis.regression.SeriesSet;
import dev.ura.app.store.RunStore;
import dev.ura.app.store.StoreException;
import dev.ura.app.store.StoreSeries;

import java.nio.file.Path;

/** {@code regress --store DIR [--metric M] [--by KEY]}: the series of a run store. */
final class RegressStore {
    /** The metric judged when {@code --metric} is not given: response 0's duration, as for a folder of traces. */
    static final String DEFAULT_METRIC = "duration";

    private RegressStore() {
    }

    static SeriesSet read(Path dir, String metric, String by) throws CommandFailure {
        String m = metric == null ? DEFAULT_METRIC : metric;
        SeriesSet set;
        try (RunStore store = StoreCommand.open(dir)) {
            set = StoreSeries.read(store, m, by);
        } catch (IllegalArgumentException e) {
            throw new CommandFailure(UraCommand.EXIT_USAGE, "--metric: " + e.getMessage());
        } catch (StoreException e) {
            throw new CommandFailure(UraCommand.EXIT_BAD_INPUT, e.getMessage());
        }
        if (set.series().isEmpty()) {
            throw new CommandFailure(UraCommand.EXIT_BAD_INPUT, dir + ": no stored run has " + m
                    + (by == null ? "" : " and a tag " + by)
                    + (set.warnings().isEmpty() ? "" : " (" + String.join("; ", set.warnings()) + ")"));
        }
        return set;
    }
}
