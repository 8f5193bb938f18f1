package dev.ura.spark;

import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

import java.io.IOException;
import java.util.HashSet;
import java.util.List;

/**
 * The content hashes of the runs in earlier outputs ({@code --skip-stored}): this job's own output
 * or {@code ura store export --parquet}'s, partitioned by tag ({@code OUT/runs/tag_…}) or not
 * ({@code OUT/runs.parquet}, a folder from Spark, a file from DuckDB). A night's job given the
 * outputs of the nights before analyses only traces it has not seen, as a batch rerun skips what its
 * store holds.
 */
final class StoredHashes {
    private StoredHashes() {
    }

    static HashSet<String> read(SparkSession spark, List<String> outputs) throws IOException {
        HashSet<String> hashes = new HashSet<>();
        for (String out : outputs) {
            Path root = new Path(out);
            FileSystem fs = root.getFileSystem(spark.sparkContext().hadoopConfiguration());
            Path runs = null;
            for (String name : List.of("runs", "runs.parquet")) {
                if (fs.exists(new Path(root, name))) {
                    runs = new Path(root, name);
                }
            }
            if (runs == null) {
                throw new IOException(out + ": --skip-stored: not an output of this job or of ura store export"
                        + " --parquet (no runs table in it)");
            }
            if (!hasParquet(fs, runs)) {
                continue; // an output without runs (every trace failed) holds no content to skip
            }
            for (Row r : spark.read().parquet(runs.toString()).select("hash").distinct().collectAsList()) {
                hashes.add(r.getString(0));
            }
        }
        return hashes;
    }

    private static boolean hasParquet(FileSystem fs, Path p) throws IOException {
        var it = fs.listFiles(p, true);
        while (it.hasNext()) {
            if (it.next().getPath().getName().endsWith(".parquet")) {
                return true;
            }
        }
        return fs.isFile(p);
    }
}
