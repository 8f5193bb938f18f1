package dev.ura.app.store;

import dev.ura.app.analysis.regression.RunNames;
import dev.ura.app.analysis.regression.RunSeries;
import dev.ura.app.analysis.regression.SeriesSet;

import java.nio.file.Path;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The series {@code regress --store} judges: one metric per stored run, grouped into one series
 * per value of a tag ({@code --by}), runs in the order of their names. As in a folder of traces, a
 * run's name is its build ({@code --tag build=N}, else the {@code build-N} in the file name), else
 * the file name; several traces of one run keep the fastest (the least noisy estimate).
 */
public final class StoreSeries {
    /** The metrics, each a value per stored run (SQL over the store's tables; see docs/store.md). */
    public static final Map<String, String> METRICS = Map.of(
            "duration", "(SELECT duration_ns FROM responses x WHERE x.run_hash = r.hash AND x.response = r.first_action)",
            "max-duration", "(SELECT max(duration_ns) FROM responses x WHERE x.run_hash = r.hash)",
            "total-duration", "(SELECT sum(duration_ns) FROM responses x WHERE x.run_hash = r.hash)",
            "responses", "r.responses",
            "on-screen", "(SELECT on_screen_at_ns - start_ns FROM responses x WHERE x.run_hash = r.hash"
                    + " AND x.response = r.first_action)");
    /** {@code path:CATEGORY}: the first user action's critical-path time in that category. */
    public static final String PATH_PREFIX = "path:";

    private StoreSeries() {
    }

    /** The metric names {@link #read} accepts, for messages. */
    public static String names() {
        return String.join(", ", new TreeMap<>(METRICS).keySet()) + ", " + PATH_PREFIX + "CATEGORY";
    }

    /**
     * The SQL of the metric's value per run {@code r}; a {@code path:} metric has one parameter, its
     * {@link #category}.
     *
     * @throws IllegalArgumentException for an unknown metric
     */
    static String valueSql(String metric) {
        if (metric.startsWith(PATH_PREFIX)) {
            return "(SELECT total_ns FROM path_categories x WHERE x.run_hash = r.hash AND x.response = r.first_action"
                    + " AND x.category = ?)";
        } else if (METRICS.containsKey(metric)) {
            return METRICS.get(metric);
        }
        throw new IllegalArgumentException("unknown metric '" + metric + "' (metrics: " + names() + ")");
    }

    /** The category of a {@code path:} metric, else {@code null}. */
    static String category(String metric) {
        return metric.startsWith(PATH_PREFIX) ? metric.substring(PATH_PREFIX.length()) : null;
    }

    /** Whether the metric's values are nanoseconds (all but the response count). */
    public static boolean nanoseconds(String metric) {
        return !"responses".equals(metric);
    }

    /** The run's name in a series: its build tag, else the {@code build-N} in the file name, else the file name. */
    static String runName(String file, String build) {
        return build != null ? "build-" + build : RunNames.runOf(Path.of(file).getFileName().toString());
    }

    /**
     * @param by the tag whose values split the runs into series, or {@code null} for one series
     * @throws IllegalArgumentException for an unknown metric
     */
    public static SeriesSet read(RunStore store, String metric, String by) throws StoreException {
        String value = valueSql(metric);
        String category = category(metric);
        String sql = "SELECT r.file, (SELECT value FROM tags t WHERE t.run_hash = r.hash AND t.key = 'build'),"
                + " (SELECT value FROM tags t WHERE t.run_hash = r.hash AND t.key = ?), " + value + " FROM runs r";
        Map<String, Map<String, Double>> groups = new TreeMap<>(RunNames.naturalOrder());
        List<String> warnings = new ArrayList<>();
        int withoutTag = 0;
        int withoutValue = 0;
        try (PreparedStatement s = store.connection().prepareStatement(sql)) {
            s.setString(1, by == null ? "" : by);
            if (category != null) {
                s.setString(2, category);
            }
            try (ResultSet r = s.executeQuery()) {
                while (r.next()) {
                    String file = r.getString(1);
                    String group = by == null ? "" : r.getString(3);
                    Object v = r.getObject(4);
                    if (group == null) {
                        withoutTag++;
                        continue;
                    }
                    if (v == null) {
                        withoutValue++;
                        continue;
                    }
                    String build = r.getString(2);
                    String run = runName(file, build);
                    groups.computeIfAbsent(group, g -> new TreeMap<>(RunNames.naturalOrder()))
                            .merge(run, ((Number) v).doubleValue(), Math::min);
                }
            }
        } catch (SQLException e) {
            throw new StoreException(store.dir() + ": cannot read the store (" + RunStore.oneLine(e) + ")", e);
        }
        if (withoutTag > 0) {
            warnings.add(withoutTag + " stored runs have no tag '" + by + "' (skipped)");
        }
        if (withoutValue > 0) {
            warnings.add(withoutValue + " stored runs have no " + metric + " (no response"
                    + (category != null ? " or no critical path in " + category : "") + "; skipped)");
        }
        List<RunSeries> series = new ArrayList<>();
        groups.forEach((group, runs) -> series.add(new RunSeries(by == null ? metric : metric + "[" + by + "=" + group
                + "]", List.copyOf(runs.keySet()), runs.values().stream().mapToDouble(Double::doubleValue).toArray())));
        return new SeriesSet(series, warnings);
    }
}
