package dev.ura.spark;

import dev.ura.app.cli.TraceRows;
import dev.ura.app.store.StoreRows;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.storage.StorageLevel;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * {@code ura batch} on a Spark cluster: the traces are spread over the executors, one trace per
 * task; each is analysed as batch analyses it ({@link TraceTask}) and the rows are written as the
 * Parquet that {@code ura store export --parquet} writes: one folder per table, Hive partitions by
 * tag key ({@code tag_KEY=VALUE}), or {@code TABLE.parquet} when there are no tags. The output is
 * written into {@code OUT.part} and renamed to {@code OUT} at the end, so a failed job leaves no OUT.
 */
public final class SparkBatch {
    /**
     * What the job did: traces listed, runs written, duplicates (same bytes as an earlier URI),
     * failures, and traces skipped because an earlier output ({@code --skip-stored}) has their content.
     */
    public record Summary(int traces, int stored, List<String> duplicates, List<String> failures, int alreadyStored) {
    }

    private SparkBatch() {
    }

    /**
     * @param inputs URIs of trace files, folders (searched recursively, as batch searches folders) or
     *               Hadoop globs; {@code out} a URI that must not exist yet
     */
    static Summary run(SparkSession spark, UraSparkJob.Args args) throws IOException {
        List<String> inputs = args.inputs();
        Map<String, String> tags = args.tags();
        String out = args.out();
        Configuration conf = spark.sparkContext().hadoopConfiguration();
        Path outPath = new Path(out);
        FileSystem outFs = outPath.getFileSystem(conf);
        if (outFs.exists(outPath)) {
            throw new IOException(out + ": already exists; remove it or write to a new folder");
        }
        TraceListing listing = TraceListing.of(inputs, conf);
        List<String> files = listing.files();
        if (files.isEmpty()) {
            throw new IOException("no trace file in " + String.join(" ", inputs)
                    + (listing.failures().isEmpty() ? "" : " (" + String.join("; ", listing.failures()) + ")"));
        }
        JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
        Broadcast<SerializableConf> sharedConf = jsc.broadcast(new SerializableConf(conf));
        // The driver's version: every run of one job names the same ura.
        JobSettings settings = new JobSettings(tags, TraceRows.uraVersion(), args.whatIf(),
                RulesFile.read(args.rules(), conf));
        Broadcast<HashSet<String>> skip = jsc.broadcast(StoredHashes.read(spark, args.skipStored()));
        // One trace per task: traces differ in size by orders of magnitude, so small tasks balance best.
        List<String[]> traces = new ArrayList<>(); // {as listed, where executors read it}
        for (String f : files) {
            traces.add(new String[] {f, located(f, conf)});
        }
        JavaRDD<TraceResult> results = jsc.parallelize(traces, Math.max(1, files.size()))
                .map(t -> TraceTask.run(t[0], t[1], sharedConf.value().get(), settings, skip.value()))
                .persist(StorageLevel.MEMORY_AND_DISK());
        try {
            // Small facts back to the driver: which URI keeps each hash (the first listed, as batch
            // stores a content once), and the failures.
            List<TraceResult> heads = results.map(TraceResult::head).collect();
            Map<String, String> keeper = new HashMap<>();
            List<String> failures = new ArrayList<>(listing.failures());
            List<String> duplicates = new ArrayList<>();
            int alreadyStored = 0;
            for (TraceResult r : heads) {
                if (r.alreadyStored()) {
                    alreadyStored++;
                } else if (r.error() != null) {
                    failures.add(r.error());
                } else if (keeper.putIfAbsent(r.hash(), r.file()) != null) {
                    duplicates.add(r.file() + ": same content as " + keeper.get(r.hash()));
                }
            }
            Set<String> kept = new HashSet<>(keeper.values());
            // One partition per trace balances the analysis, but written so, every table would be a stage of as
            // many tasks (9 tables x N traces: 1,009 tasks for 100 traces, most of the job's time). Merged without
            // a shuffle into one partition per core, each executor's cached results stay where they are.
            JavaRDD<TraceResult> stored = results.filter(r -> r.error() == null && !r.alreadyStored()
                    && kept.contains(r.file())).coalesce(Math.max(1, Math.min(files.size(), jsc.defaultParallelism())));
            List<String> keys = new ArrayList<>(new TreeMap<>(tags).keySet()); // export's default: every key, sorted
            Path part = new Path(outPath.getParent(), outPath.getName() + ".part");
            outFs.delete(part, true);
            for (StoreRows.Table t : StoreRows.TABLES) {
                write(spark, stored, t, keys, tags, new Path(part, keys.isEmpty() ? t.name() + ".parquet" : t.name()));
            }
            if (!outFs.rename(part, outPath)) {
                throw new IOException(out + ": cannot rename " + part + " to it");
            }
            return new Summary(files.size() + listing.failures().size(), keeper.size(), duplicates, failures,
                    alreadyStored);
        } finally {
            results.unpersist(false);
            sharedConf.destroy();
            skip.destroy();
        }
    }

    private static void write(SparkSession spark, JavaRDD<TraceResult> stored, StoreRows.Table table, List<String> keys,
                              Map<String, String> tags, Path to) {
        String name = table.name();
        List<Object> tagValues = new ArrayList<>();
        keys.forEach(k -> tagValues.add(tags.get(k)));
        JavaRDD<Row> rows = stored.flatMap(r -> r.rows().get(name).stream().map(row -> withTags(row, tagValues))
                .iterator());
        List<StructField> fields = new ArrayList<>();
        for (StoreRows.Column c : table.columns()) {
            fields.add(DataTypes.createStructField(c.name(), type(c.type()), true));
        }
        keys.forEach(k -> fields.add(DataTypes.createStructField("tag_" + k, DataTypes.StringType, true)));
        Dataset<Row> df = spark.createDataFrame(rows, DataTypes.createStructType(fields));
        if (keys.isEmpty()) {
            // One file, as the export's TABLE.parquet (here a folder of that name holding it).
            df.coalesce(1).sortWithinPartitions(table.hashColumn()).write().parquet(to.toString());
        } else {
            Column[] tagColumns = keys.stream().map(k -> df.col("tag_" + k)).toArray(Column[]::new);
            // One file per partition folder, as the export writes: the rows of one tag value meet in one task.
            df.repartition(tagColumns).sortWithinPartitions(table.hashColumn()).write()
                    .partitionBy(keys.stream().map(k -> "tag_" + k).toArray(String[]::new)).parquet(to.toString());
        }
    }

    private static Row withTags(Row row, List<Object> tagValues) {
        if (tagValues.isEmpty()) {
            return row;
        }
        Object[] v = new Object[row.length() + tagValues.size()];
        for (int i = 0; i < row.length(); i++) {
            v[i] = row.get(i);
        }
        for (int i = 0; i < tagValues.size(); i++) {
            v[row.length() + i] = tagValues.get(i);
        }
        return org.apache.spark.sql.RowFactory.create(v);
    }

    private static DataType type(StoreRows.Type t) {
        return switch (t) {
            case VARCHAR -> DataTypes.StringType;
            case BIGINT -> DataTypes.LongType;
            case INTEGER -> DataTypes.IntegerType;
            case BOOLEAN -> DataTypes.BooleanType;
            case DOUBLE -> DataTypes.DoubleType;
            // DuckDB's TIMESTAMP has no zone: Parquet's timestamp "not adjusted to UTC", Spark's TIMESTAMP_NTZ.
            case TIMESTAMP -> DataTypes.TimestampNTZType;
        };
    }

    /**
     * Where an executor reads a listed trace: its URI made absolute on the driver. A relative path is
     * the driver's (its working folder, or the default file system's home); an executor runs in a folder
     * of its own, where the same relative path names nothing. The run keeps the name as listed.
     */
    static String located(String file, Configuration conf) throws IOException {
        Path p = new Path(file);
        return p.getFileSystem(conf).makeQualified(p).toString();
    }
}
