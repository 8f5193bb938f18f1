package dev.ura.spark;

import dev.ura.app.batch.ContentHash;
import dev.ura.app.cli.CommandFailure;
import dev.ura.app.cli.TraceRows;
import dev.ura.app.store.StoreRows;
import dev.ura.app.store.StoredRun;
import dev.ura.trace.io.TraceFormatException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Timestamp;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * One trace in an executor: its bytes are copied from its file system (local, HDFS, S3, … through
 * Hadoop) to a local temporary folder under the trace's own name, because the readers tell formats
 * by name and content and map files; then {@link TraceRows#analyse} does exactly what
 * {@code ura batch} does for a local file. A sidecar beside the trace ({@code NAME.ura.json}, a
 * response set by hand) is copied too, so it counts as it does in batch.
 */
final class TraceTask {
    private TraceTask() {
    }

    /**
     * @param uri the trace as listed: the run's {@code file} and the name in messages
     * @param at  where to read it ({@link SparkBatch#located}: absolute, the same in every executor)
     */
    static TraceResult run(String uri, String at, Configuration conf, JobSettings job, Set<String> skipHashes) {
        Path tmp = null;
        String hash = null;
        try {
            org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path(at);
            FileSystem fs = p.getFileSystem(conf);
            tmp = Files.createTempDirectory("ura-spark-");
            Path local = tmp.resolve(p.getName());
            copy(fs, p, local);
            org.apache.hadoop.fs.Path sidecar = new org.apache.hadoop.fs.Path(p.getParent(), p.getName() + ".ura.json");
            if (fs.exists(sidecar)) {
                copy(fs, sidecar, tmp.resolve(sidecar.getName()));
            }
            hash = ContentHash.sha256(local);
            if (skipHashes.contains(hash)) {
                return TraceResult.skipped(uri, hash);
            }
            StoredRun run = TraceRows.analyse(local, uri, hash, Files.size(local), job.settings(),
                    System.currentTimeMillis());
            return TraceResult.analysed(uri, hash, rows(StoreRows.of(run)));
        } catch (TraceFormatException | CommandFailure e) {
            return TraceResult.failed(uri, hash, named(uri, tmp, e.getMessage()));
        } catch (IOException e) {
            return TraceResult.failed(uri, hash, uri + ": cannot read (" + e.getMessage() + ")");
        } catch (OutOfMemoryError e) {
            return TraceResult.failed(uri, hash, uri + ": not enough memory for this trace (executor heap "
                    + (Runtime.getRuntime().maxMemory() >> 20) + " MB); give executors more memory or fewer cores");
        } catch (StackOverflowError e) {
            return TraceResult.failed(uri, hash, uri + ": too deeply nested for this analysis (stack overflow)");
        } catch (RuntimeException e) {
            return TraceResult.failed(uri, hash, uri + ": internal error: " + e);
        } finally {
            delete(tmp);
        }
    }

    private static void copy(FileSystem fs, org.apache.hadoop.fs.Path from, Path to) throws IOException {
        try (InputStream in = fs.open(from)) {
            Files.copy(in, to);
        }
    }

    /** The message with the local copy's path replaced by the URI, starting with the URI as batch's do. */
    private static String named(String uri, Path tmp, String message) {
        String m = message == null ? "failed" : message;
        if (tmp != null) {
            m = m.replace(tmp.toString() + java.io.File.separator, "");
        }
        int colon = m.indexOf(": ");
        String name = new org.apache.hadoop.fs.Path(uri).getName();
        if (colon > 0 && m.substring(0, colon).equals(name)) {
            m = m.substring(colon + 2);
        }
        return uri + ": " + m;
    }

    /** The store's rows as Spark rows; a timestamp becomes the UTC wall time (Parquet timestamp without zone). */
    private static Map<String, List<Row>> rows(Map<String, List<Object[]>> store) {
        Map<String, List<Row>> out = new LinkedHashMap<>();
        store.forEach((table, rows) -> {
            List<Row> list = new ArrayList<>(rows.size());
            for (Object[] values : rows) {
                Object[] v = values.clone();
                for (int i = 0; i < v.length; i++) {
                    if (v[i] instanceof Timestamp t) {
                        v[i] = LocalDateTime.ofInstant(t.toInstant(), ZoneOffset.UTC);
                    }
                }
                list.add(RowFactory.create(v));
            }
            out.put(table, list);
        });
        return out;
    }

    private static void delete(Path dir) {
        if (dir == null) {
            return;
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path q : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(q);
            }
        } catch (IOException e) {
            // a temporary file left behind is the OS's to clean; the trace's result stands
        }
    }
}
