package dev.ura.app.cli.bench;

import dev.ura.app.analysis.model.Change;
import dev.ura.app.analysis.model.SliceSelector;

import java.util.List;

/**
 * An optimised twin of the demo feed reader: the demo switch that applies the optimisation for
 * real, and the what-if change that estimates it from a recording of the original.
 *
 * @param name     short name (log file names, table rows)
 * @param switches the demo's switches
 * @param change   the what-if change, or null for the original
 * @param flag     the same change as {@code ura analyze} flags
 */
public record AccuracyVariant(String name, List<String> switches, Change change, String flag) {
    public static final AccuracyVariant ORIGINAL = new AccuracyVariant("original", List.of(), null, "");

    /** The three case-study optimisations. */
    public static List<AccuracyVariant> optimised() {
        return List.of(
                new AccuracyVariant("defer-cache-write", List.of("--defer-cache-write"),
                        new Change.Defer(new SliceSelector.ByName("*CacheStore.write")), "--defer '*CacheStore.write'"),
                new AccuracyVariant("parallel-thumbnails", List.of("--parallel-thumbnails"),
                        new Change.RunInParallel(new SliceSelector.ByName("*ThumbnailLoader.loadAll")),
                        "--parallel '*ThumbnailLoader.loadAll'"),
                new AccuracyVariant("cache-parsed-feed", List.of("--cache-parsed-feed"),
                        new Change.SpeedUp(new SliceSelector.ByName("*FeedParser.parse"), 1000),
                        "--speedup '*FeedParser.parse=1000'"));
    }
}
