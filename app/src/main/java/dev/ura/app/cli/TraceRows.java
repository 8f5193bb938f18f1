package dev.ura.app.cli;

import dev.ura.app.analysis.Analysis;
import dev.ura.app.analysis.AnalysisOptions;
import dev.ura.app.analysis.model.Scenario;
import dev.ura.app.store.StoreExport;
import dev.ura.app.store.StoredRun;
import dev.ura.trace.io.TraceFormatException;
import dev.ura.trace.model.Trace;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One trace file turned into its run-store rows: what {@code ura batch} does per file and what the
 * Spark job (module ura-spark) does per trace in its executors, so both store the same rows.
 */
public final class TraceRows {
    /** How every trace of a batch is analysed and labelled. */
    public record Settings(AnalysisOptions options, Scenario scenario, String scenarioText, Map<String, String> tags,
                           String uraVersion) {
        public Settings {
            tags = Map.copyOf(tags);
        }

        /** Default analysis, no what-if, these tags, a ura version line ({@link #uraVersion()}). */
        public static Settings of(Map<String, String> tags, String uraVersion) {
            return new Settings(AnalysisOptions.defaults(), Scenario.BASELINE, null, tags, uraVersion);
        }
    }

    private TraceRows() {
    }

    /** This ura's version line, as {@code ura --version} prints it (stored in {@code runs.ura_version}). */
    public static String uraVersion() {
        return new VersionProvider().getVersion()[0];
    }

    /**
     * {@code --tag KEY=VALUE} arguments as a map, in the given order.
     *
     * @throws CommandFailure (usage) on a bad key or value, or a key given twice
     */
    public static Map<String, String> tags(List<String> args) throws CommandFailure {
        Map<String, String> m = new LinkedHashMap<>();
        for (String t : args) {
            int eq = t.indexOf('=');
            String key = eq < 0 ? t : t.substring(0, eq);
            String value = eq < 0 ? "" : t.substring(eq + 1);
            if (!StoreExport.TAG_KEY.matcher(key).matches() || value.isEmpty() || value.length() > 200
                    || value.chars().anyMatch(c -> c < 0x20 || c == '/' || c == '\\' || c == 0x7f)) {
                throw new CommandFailure(UraCommand.EXIT_USAGE, "--tag wants KEY=VALUE (KEY: a letter then letters,"
                        + " digits, _ or -; VALUE: up to 200 characters, no / or \\): " + t);
            }
            if (m.put(key, value) != null) {
                throw new CommandFailure(UraCommand.EXIT_USAGE, "--tag " + key + " given twice");
            }
        }
        return m;
    }

    /**
     * Loads and analyses one trace (a response set by hand in its sidecar, {@code FILE.ura.json}, is
     * honoured as {@code analyze} does) and returns its rows.
     *
     * @param file         the trace on the local file system
     * @param name         how the run names the file ({@code runs.file}): the path or URI as given
     * @param hash         SHA-256 of the file's bytes ({@link dev.ura.app.batch.ContentHash})
     * @param analysedAtMs the time to store in {@code runs.analysed_at}
     */
    public static StoredRun analyse(Path file, String name, String hash, long size, Settings settings,
                                    long analysedAtMs) throws TraceFormatException, CommandFailure {
        Trace trace = TraceLoading.load(file);
        StringWriter notes = new StringWriter(); // "analysing the response set by hand": as analyze does, unsaid
        Analysis analysis = ResponsesByHand.analyse(file, trace, settings.options(), null, false,
                new PrintWriter(notes));
        StoredRun.Run facts = new StoredRun.Run(hash, name, null, null, size, null, null, null, null, 0, 0,
                null, 0, Map.of(), settings.tags(), settings.scenarioText(), settings.uraVersion(), analysedAtMs);
        return BatchRows.of(facts, trace, analysis, settings.scenario());
    }
}
