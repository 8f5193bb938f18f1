package dev.ura.app.cli.bench;

import dev.ura.app.analysis.Analysis;
import dev.ura.app.analysis.model.Estimate;
import dev.ura.app.analysis.model.Response;
import dev.ura.app.analysis.model.Scenario;
import dev.ura.trace.io.TraceFormatException;
import dev.ura.trace.io.TraceFiles;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What-if estimates checked against reality: records the original demo and each optimised twin
 * {@code runs} times, estimates each optimisation from the original's click responses with the
 * matching what-if change, and sets the estimates beside the measured responses of the twin.
 * A click's response is the one its {@code mouseReleased} starts (the button fires its action
 * there); each run's first click is a warm-up and is left out.
 */
public final class AccuracyStudy {
    /**
     * Samples of one row: estimates (from original runs) and measurements (of the twin), ns; each
     * estimate's range (docs/what-if.md, "Assumption and range"; the estimate itself where it has
     * none) and how many estimates had one.
     */
    public record Row(AccuracyVariant variant, long[] estimatedNs, long[] measuredNs, int runs, long[] lowNs,
                      long[] highNs, int ranged) {
        public Row(AccuracyVariant variant, long[] estimatedNs, long[] measuredNs) {
            this(variant, estimatedNs, measuredNs, 0, estimatedNs, estimatedNs, 0);
        }

        /** The median of the range's low ends. */
        public long lowMedianNs() {
            return median(lowNs);
        }

        /** The median of the range's high ends. */
        public long highMedianNs() {
            return median(highNs);
        }

        /** Whether the measured median lies within the medians of the range's ends. */
        public boolean measuredInRange() {
            return lowMedianNs() <= measuredMedianNs() && measuredMedianNs() <= highMedianNs();
        }

        public long estimateMedianNs() {
            return median(estimatedNs);
        }

        public long measuredMedianNs() {
            return median(measuredNs);
        }

        /** (estimate − measured) / measured, in percent. */
        public double errorPercent() {
            return 100.0 * (estimateMedianNs() - measuredMedianNs()) / measuredMedianNs();
        }
    }

    private final DemoRecorder recorder;
    private final int runs;

    public AccuracyStudy(DemoRecorder recorder, int runs) {
        this.recorder = recorder;
        this.runs = runs;
    }

    /** The original's measured row first, then one row per optimised variant. */
    public List<Row> run(List<AccuracyVariant> variants) throws IOException, InterruptedException, TraceFormatException {
        Samples samples = new Samples(variants);
        for (int r = 0; r < runs; r++) {
            // interleave variants so a slow spell of the machine hits them all alike
            samples.original(analyse(recorder.record(AccuracyVariant.ORIGINAL.name() + "-" + r, List.of())));
            for (AccuracyVariant v : variants) {
                samples.twin(v, analyse(recorder.record(v.name() + "-" + r, v.switches())));
            }
        }
        return samples.rows(runs);
    }

    /**
     * The same rows from logs kept by an earlier run ({@code NAME-R.jsonl} per variant and run):
     * every run {@code R} for which the original and every twin were recorded, in run order.
     */
    public static List<Row> fromLogs(Path dir, List<AccuracyVariant> variants) throws TraceFormatException {
        Samples samples = new Samples(variants);
        int runs = 0;
        while (Files.isRegularFile(log(dir, AccuracyVariant.ORIGINAL, runs))) {
            int run = runs;
            if (!variants.stream().allMatch(v -> Files.isRegularFile(log(dir, v, run)))) {
                break;
            }
            samples.original(analyse(log(dir, AccuracyVariant.ORIGINAL, run)));
            for (AccuracyVariant v : variants) {
                samples.twin(v, analyse(log(dir, v, run)));
            }
            runs++;
        }
        return samples.rows(runs);
    }

    private static Path log(Path dir, AccuracyVariant v, int run) {
        return dir.resolve(v.name() + "-" + run + ".jsonl");
    }

    /** Estimates from the originals' clicks and the twins' measured clicks, collected run by run. */
    private static final class Samples {
        private final List<AccuracyVariant> variants;
        private final Map<AccuracyVariant, List<Long>> estimates = new LinkedHashMap<>();
        private final Map<AccuracyVariant, List<Long>> measured = new LinkedHashMap<>();
        private final Map<AccuracyVariant, List<Long>> low = new LinkedHashMap<>();
        private final Map<AccuracyVariant, List<Long>> high = new LinkedHashMap<>();
        private final Map<AccuracyVariant, Integer> ranged = new LinkedHashMap<>();
        private final List<Long> original = new ArrayList<>();

        Samples(List<AccuracyVariant> variants) {
            this.variants = variants;
        }

        void original(Analysis a) {
            for (Response click : clicks(a)) {
                original.add(click.durationNs());
                for (AccuracyVariant v : variants) {
                    Estimate e = a.estimate(click.index(), Scenario.BASELINE.with(v.change()));
                    estimates.computeIfAbsent(v, k -> new ArrayList<>()).add(e.durationNs());
                    low.computeIfAbsent(v, k -> new ArrayList<>())
                            .add(e.range() == null ? e.durationNs() : e.range().lowDurationNs());
                    high.computeIfAbsent(v, k -> new ArrayList<>())
                            .add(e.range() == null ? e.durationNs() : e.range().highDurationNs());
                    ranged.merge(v, e.range() == null ? 0 : 1, Integer::sum);
                }
            }
        }

        void twin(AccuracyVariant v, Analysis twin) {
            for (Response click : clicks(twin)) {
                measured.computeIfAbsent(v, k -> new ArrayList<>()).add(click.durationNs());
            }
        }

        List<Row> rows(int runs) {
            List<Row> rows = new ArrayList<>();
            long[] all = toArray(original);
            rows.add(new Row(AccuracyVariant.ORIGINAL, all, all, runs, all, all, 0));
            for (AccuracyVariant v : variants) {
                rows.add(new Row(v, toArray(estimates.getOrDefault(v, List.of())),
                        toArray(measured.getOrDefault(v, List.of())), runs, toArray(low.getOrDefault(v, List.of())),
                        toArray(high.getOrDefault(v, List.of())), ranged.getOrDefault(v, 0)));
            }
            return rows;
        }
    }

    private static Analysis analyse(Path log) throws TraceFormatException {
        return Analysis.of(TraceFiles.read(log));
    }

    /** The measured click responses of a run: every {@code mouseReleased} response but the first. */
    public static List<Response> clicks(Analysis a) {
        List<Response> released = a.responses().stream().filter(r -> r.trigger().equals("mouseReleased")).toList();
        return released.size() <= 1 ? List.of() : released.subList(1, released.size());
    }

    private static long[] toArray(List<Long> values) {
        return values.stream().mapToLong(Long::longValue).toArray();
    }

    static long median(long[] values) {
        if (values.length == 0) {
            return 0;
        }
        long[] s = values.clone();
        Arrays.sort(s);
        int n = s.length;
        return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
    }
}
