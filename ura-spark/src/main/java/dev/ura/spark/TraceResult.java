package dev.ura.spark;

import org.apache.spark.sql.Row;

import java.io.Serializable;
import java.util.List;
import java.util.Map;

/**
 * What an executor sends back for one trace: its rows per store table, or why it failed.
 *
 * @param file  the URI as listed (the run's {@code file})
 * @param hash  SHA-256 of the bytes; {@code null} when the file could not be read
 * @param rows  table name to rows (Spark {@link Row}s in the table's column order); empty on failure
 * @param error one line naming the file, or {@code null}
 * @param alreadyStored the content is in an earlier output given to {@code --skip-stored}: not analysed
 */
record TraceResult(String file, String hash, Map<String, List<Row>> rows, String error, boolean alreadyStored)
        implements Serializable {
    static TraceResult failed(String file, String hash, String error) {
        return new TraceResult(file, hash, Map.of(), error, false);
    }

    static TraceResult skipped(String file, String hash) {
        return new TraceResult(file, hash, Map.of(), null, true);
    }

    static TraceResult analysed(String file, String hash, Map<String, List<Row>> rows) {
        return new TraceResult(file, hash, rows, null, false);
    }

    /** This result without its rows: what the driver needs to decide which runs to write. */
    TraceResult head() {
        return new TraceResult(file, hash, Map.of(), error, alreadyStored);
    }

    int responses() {
        List<Row> r = rows.get("responses");
        return r == null ? 0 : r.size();
    }
}
