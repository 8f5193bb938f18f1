package dev.ura.app.store;

import dev.ura.app.analysis.regression.RunNames;
import dev.ura.app.analysis.regression.RunSeries;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What the Runs window shows of a store: one metric over the runs of one tag value (a scenario),
 * along an axis (the run names {@code regress --store} uses, a tag's values, or the time each run
 * was stored), with the trace file behind each point so a click can open it.
 */
public final class StoreRuns {
    /** Axis: the run's name as {@code regress --store} names it (build tag, else the file's build-N, else its name). */
    public static final String AXIS_RUN = "run";
    /** Axis: every stored run on its own, in the order they were stored. */
    public static final String AXIS_TIME = "time";
    /** Axis prefix: one point per value of the tag that follows. */
    public static final String AXIS_TAG = "tag:";

    /**
     * What a store holds, for the window's pickers.
     *
     * @param tags       every tag key with its values, in natural order
     * @param categories the critical-path categories stored (for {@code path:CATEGORY})
     * @param runs       how many runs are stored
     */
    public record Catalog(Map<String, List<String>> tags, List<String> categories, int runs) {
        public Catalog {
            tags = Map.copyOf(tags);
            categories = List.copyOf(categories);
        }
    }

    /**
     * A series ready to judge and chart.
     *
     * @param series   the values, one per point, in axis order
     * @param files    per point, the trace file as batch was given it (the fastest trace of the point)
     * @param warnings what was skipped, one line each
     */
    public record Points(RunSeries series, List<String> files, List<String> warnings) {
        public Points {
            files = List.copyOf(files);
            warnings = List.copyOf(warnings);
        }
    }

    private StoreRuns() {
    }

    public static Catalog catalog(RunStore store) throws StoreException {
        Map<String, List<String>> tags = new TreeMap<>();
        List<String> categories = new ArrayList<>();
        try (var s = store.connection().createStatement()) {
            try (ResultSet r = s.executeQuery("SELECT DISTINCT key, value FROM tags")) {
                while (r.next()) {
                    tags.computeIfAbsent(r.getString(1), k -> new ArrayList<>()).add(r.getString(2));
                }
            }
            try (ResultSet r = s.executeQuery("SELECT DISTINCT category FROM path_categories ORDER BY 1")) {
                while (r.next()) {
                    categories.add(r.getString(1));
                }
            }
        } catch (SQLException e) {
            throw new StoreException(store.dir() + ": cannot read the store (" + RunStore.oneLine(e) + ")", e);
        }
        Map<String, List<String>> sorted = new LinkedHashMap<>();
        tags.forEach((k, v) -> sorted.put(k, v.stream().sorted(RunNames.naturalOrder()).toList()));
        return new Catalog(sorted, categories, store.runCount());
    }

    /**
     * @param filterKey   the tag whose value {@code filterValue} the runs must have, or {@code null} for all runs
     * @param axis        {@link #AXIS_RUN}, {@link #AXIS_TIME} or {@link #AXIS_TAG} and a tag key
     * @throws IllegalArgumentException for an unknown metric or axis
     */
    public static Points read(RunStore store, String metric, String filterKey, String filterValue, String axis)
            throws StoreException {
        String value = StoreSeries.valueSql(metric);
        String category = StoreSeries.category(metric);
        String axisTag = axis.startsWith(AXIS_TAG) ? axis.substring(AXIS_TAG.length()) : null;
        if (axisTag == null && !AXIS_RUN.equals(axis) && !AXIS_TIME.equals(axis)) {
            throw new IllegalArgumentException("unknown axis '" + axis + "'");
        }
        String sql = "SELECT r.file, (SELECT value FROM tags t WHERE t.run_hash = r.hash AND t.key = 'build'),"
                + " (SELECT value FROM tags t WHERE t.run_hash = r.hash AND t.key = ?),"
                + " strftime(r.analysed_at, '%Y-%m-%d %H:%M:%S'), " + value + " FROM runs r"
                + (filterKey == null ? "" : " WHERE EXISTS (SELECT 1 FROM tags t WHERE t.run_hash = r.hash"
                + " AND t.key = ? AND t.value = ?)") + " ORDER BY r.analysed_at, r.file";
        // a point per axis value keeps its fastest trace (the least noisy estimate, as regress does);
        // on the time axis every run is a point of its own, in the order stored
        Map<String, Pick> points = axis.equals(AXIS_TIME) ? new LinkedHashMap<>() : new TreeMap<>(RunNames.naturalOrder());
        Map<String, Integer> sameTime = new HashMap<>();
        int withoutTag = 0;
        int withoutValue = 0;
        try (PreparedStatement s = store.connection().prepareStatement(sql)) {
            int p = 1;
            s.setString(p++, axisTag == null ? "" : axisTag);
            if (category != null) {
                s.setString(p++, category);
            }
            if (filterKey != null) {
                s.setString(p++, filterKey);
                s.setString(p, filterValue);
            }
            try (ResultSet r = s.executeQuery()) {
                while (r.next()) {
                    String file = r.getString(1);
                    Object v = r.getObject(5);
                    String name;
                    if (axisTag != null) {
                        name = r.getString(3);
                    } else if (axis.equals(AXIS_TIME)) {
                        String at = r.getString(4);
                        int n = sameTime.merge(at, 1, Integer::sum);
                        name = n == 1 ? at : at + " #" + n; // a batch stores several runs a second
                    } else {
                        name = StoreSeries.runName(file, r.getString(2));
                    }
                    if (name == null) {
                        withoutTag++;
                    } else if (v == null) {
                        withoutValue++;
                    } else {
                        Pick pick = new Pick(((Number) v).doubleValue(), file);
                        points.merge(name, pick, (a, b) -> b.value < a.value ? b : a);
                    }
                }
            }
        } catch (SQLException e) {
            throw new StoreException(store.dir() + ": cannot read the store (" + RunStore.oneLine(e) + ")", e);
        }
        List<String> warnings = new ArrayList<>();
        if (withoutTag > 0) {
            warnings.add(withoutTag + " stored runs have no tag '" + axisTag + "' (skipped)");
        }
        if (withoutValue > 0) {
            warnings.add(withoutValue + " stored runs have no " + metric + " (no response"
                    + (category != null ? " or no critical path in " + category : "") + "; skipped)");
        }
        String name = filterKey == null ? metric : metric + "[" + filterKey + "=" + filterValue + "]";
        RunSeries series = new RunSeries(name, List.copyOf(points.keySet()),
                points.values().stream().mapToDouble(Pick::value).toArray());
        return new Points(series, points.values().stream().map(Pick::file).toList(), warnings);
    }

    private record Pick(double value, String file) {
    }
}
