package dev.ura.app.store;

import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * A {@link StoredRun} as rows of the store's tables, in column order: what the DuckDB store inserts
 * ({@link RunStore#insert}) and what the Spark job (module ura-spark) writes as Parquet, so the two
 * cannot drift apart. The columns mirror the current schema ({@link StoreSchema}; a test compares them).
 */
public final class StoreRows {
    /** The store's column types, as DuckDB names them. */
    public enum Type { VARCHAR, BIGINT, INTEGER, BOOLEAN, DOUBLE, TIMESTAMP }

    public record Column(String name, Type type) {
    }

    /**
     * @param hashColumn the column holding the run's key ({@code hash} in runs, {@code run_hash} elsewhere)
     */
    public record Table(String name, String hashColumn, List<Column> columns) {
        public Table {
            columns = List.copyOf(columns);
        }
    }

    private static final Type V = Type.VARCHAR;
    private static final Type L = Type.BIGINT;
    private static final Type I = Type.INTEGER;
    private static final Type B = Type.BOOLEAN;

    /** runs, then the tables of a run's rows in {@link StoreSchema#RUN_TABLES} order. */
    public static final List<Table> TABLES = List.of(
            table("runs", "hash", "hash", V, "file", V, "format", V, "variant", V, "size_bytes", L, "device", V,
                    "app", V, "build", V, "sdk", I, "trace_duration_ns", L, "responses", I, "no_response_reason", V,
                    "warnings", I, "scenario", V, "ura_version", V, "analysed_at", Type.TIMESTAMP,
                    "first_action", I),
            table("tags", "run_hash", "run_hash", V, "key", V, "value", V),
            table("facts", "run_hash", "run_hash", V, "key", V, "value", V),
            table("responses", "run_hash", "run_hash", V, "response", I, "trigger", V, "thread", V, "start_ns", L,
                    "end_ns", L, "duration_ns", L, "finished", B, "end_reason", V, "end_thread", V, "end_name", V,
                    "end_at_ns", L, "drawn_at_ns", L, "on_screen_at_ns", L, "set_by_hand", B),
            table("path_categories", "run_hash", "run_hash", V, "response", I, "category", V, "total_ns", L,
                    "segments", I),
            table("path_threads", "run_hash", "run_hash", V, "response", I, "thread", V, "total_ns", L, "cpu_ns", L,
                    "runnable_ns", L, "io_ns", L, "wait_ns", L, "other_ns", L),
            table("top_segments", "run_hash", "run_hash", V, "response", I, "rank", I, "thread", V, "name", V,
                    "start_ns", L, "end_ns", L, "duration_ns", L, "category", V, "via", V, "slack_ns", L),
            table("findings", "run_hash", "run_hash", V, "response", I, "finding", I, "rule", V, "severity", V,
                    "message", V, "evidence_start_ns", L, "evidence_end_ns", L, "suggestion", V, "change", V,
                    "estimated_saving_ns", L),
            table("what_if", "run_hash", "run_hash", V, "response", I, "scenario", V, "estimated_end_ns", L,
                    "estimated_duration_ns", L, "saved_ns", L, "saved_percent", Type.DOUBLE, "unmatched", V));

    private StoreRows() {
    }

    /**
     * The run's rows per table name, in {@link #TABLES} order; a value is a {@code String}, {@code Long},
     * {@code Integer}, {@code Boolean}, {@code Double}, {@link Timestamp} or {@code null} as its column's type says.
     */
    public static Map<String, List<Object[]>> of(StoredRun stored) {
        StoredRun.Run r = stored.run();
        String h = r.hash();
        Map<String, List<Object[]>> rows = new LinkedHashMap<>();
        rows.put("runs", List.<Object[]>of(new Object[] {h, r.file(), r.format(), r.variant(), r.sizeBytes(), r.device(),
            r.app(), r.build(), r.sdk(), r.traceDurationNs(), r.responseCount(), r.noResponseReason(), r.warnings(),
            r.scenario(), r.uraVersion(), new Timestamp(r.analysedAtMs()), r.firstAction()}));
        rows.put("tags", keyValues(h, r.tags()));
        rows.put("facts", keyValues(h, r.facts()));
        rows.put("responses", map(stored.responses(), x -> new Object[] {h, x.response(), x.trigger(), x.thread(),
            x.startNs(), x.endNs(), x.durationNs(), x.finished(), x.endReason(), x.endThread(), x.endName(), x.endAtNs(),
            x.drawnAtNs(), x.onScreenAtNs(), x.setByHand()}));
        rows.put("path_categories", map(stored.categories(), x -> new Object[] {h, x.response(), x.category(),
            x.totalNs(), x.segments()}));
        rows.put("path_threads", map(stored.threads(), x -> new Object[] {h, x.response(), x.thread(), x.totalNs(),
            x.cpuNs(), x.runnableNs(), x.ioNs(), x.waitNs(), x.otherNs()}));
        rows.put("top_segments", map(stored.segments(), x -> new Object[] {h, x.response(), x.rank(), x.thread(),
            x.name(), x.startNs(), x.endNs(), x.endNs() - x.startNs(), x.category(), x.via(), x.slackNs()}));
        rows.put("findings", map(stored.findings(), x -> new Object[] {h, x.response(), x.index(), x.rule(),
            x.severity(), x.message(), x.evidenceStartNs(), x.evidenceEndNs(), x.suggestion(), x.change(),
            x.estimatedSavingNs()}));
        rows.put("what_if", map(stored.whatIfs(), x -> new Object[] {h, x.response(), r.scenario(), x.estimatedEndNs(),
            x.estimatedDurationNs(), x.savedNs(), x.savedPercent(), x.unmatched()}));
        return rows;
    }

    /** Key-value pairs sorted by key. */
    private static List<Object[]> keyValues(String hash, Map<String, String> pairs) {
        List<Object[]> out = new ArrayList<>();
        new TreeMap<>(pairs).forEach((k, v) -> out.add(new Object[] {hash, k, v}));
        return out;
    }

    private static <T> List<Object[]> map(List<T> rows, Function<T, Object[]> f) {
        List<Object[]> out = new ArrayList<>(rows.size());
        for (T row : rows) {
            out.add(f.apply(row));
        }
        return out;
    }

    private static Table table(String name, String hashColumn, Object... namesAndTypes) {
        List<Column> columns = new ArrayList<>();
        for (int i = 0; i < namesAndTypes.length; i += 2) {
            columns.add(new Column((String) namesAndTypes[i], (Type) namesAndTypes[i + 1]));
        }
        return new Table(name, hashColumn, columns);
    }
}
