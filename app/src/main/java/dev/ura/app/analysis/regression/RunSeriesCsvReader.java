package dev.ura.app.analysis.regression;

import dev.ura.trace.io.TraceFormatException;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.util.regex.Pattern;
import dev.ura.trace.io.InputFiles;
import dev.ura.trace.io.Utf8Lines;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads a run series CSV: a header line, then {@code run,value} or {@code run,metric,value} rows
 * (run = commit or build id, oldest first). The header's column names are free (Otava's
 * {@code index,value} works) but its column count decides the layout; with two columns the metric is
 * named after the value column. Blank lines and lines starting with {@code #} are ignored; fields may
 * be wrapped in double quotes (commas inside quotes are not supported). A row with the wrong number
 * of fields or a value that is not a finite number is skipped with a warning naming its line; a
 * missing header or no usable row is an error.
 */
public final class RunSeriesCsvReader {
    private static final int MAX_WARNINGS = 50;

    private RunSeriesCsvReader() {
    }

    /** A run series is a few thousand lines; more than this is refused rather than filling the heap. */
    public static final long MAX_FILE_BYTES = 512L << 20;
    /** Values beyond this magnitude are refused: squared and summed over a window they would overflow. */
    static final double MAX_MAGNITUDE = 1e100;
    private static final int MAX_LINE_BYTES = 1 << 20;
    /** A plain decimal number: no hex ({@code 0x1p3}), no Java suffix ({@code 1f}, {@code 1d}), no NaN/Infinity. */
    private static final Pattern NUMBER = Pattern.compile("[+-]?(\\d+(\\.\\d*)?|\\.\\d+)([eE][+-]?\\d+)?");

    /** Reads {@code file} (a regular file, strictly UTF-8). */
    public static SeriesSet read(Path file) throws TraceFormatException {
        String name = file.toString();
        try (Utf8Lines lines = new Utf8Lines(name, InputFiles.open(file, MAX_FILE_BYTES, "run series"), MAX_LINE_BYTES)) {
            return read(name, lines::next);
        } catch (IOException e) {
            throw TraceFormatException.ofFile(name, "cannot read: " + e.getMessage(), e);
        }
    }

    /** Reads CSV text; {@code name} is used in messages. */
    public static SeriesSet read(String name, Reader reader) throws TraceFormatException, IOException {
        BufferedReader in = reader instanceof BufferedReader b ? b : new BufferedReader(reader);
        try {
            return read(name, () -> {
                try {
                    return in.readLine();
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }

    /** The next line, or {@code null} at the end. */
    private interface LineSource {
        String next() throws TraceFormatException;
    }

    private static SeriesSet read(String name, LineSource in) throws TraceFormatException {
        List<String> warnings = new ArrayList<>();
        int skipped = 0;
        Map<String, Rows> metrics = new LinkedHashMap<>();
        String[] header = null;
        long lineNo = 0;
        for (String line = in.next(); line != null; line = in.next()) {
            lineNo++;
            String trimmed = line.strip();
            if (trimmed.isEmpty() || trimmed.startsWith("#")) {
                continue;
            }
            String[] fields = split(trimmed);
            if (header == null) {
                if (fields.length != 2 && fields.length != 3) {
                    throw TraceFormatException.atLine(name, lineNo, "expected a header run,value or run,metric,value,"
                            + " found " + fields.length + " column(s): " + abbreviate(trimmed));
                }
                header = fields;
                continue;
            }
            String problem = problem(fields, header.length);
            if (problem != null) {
                skipped++;
                if (warnings.size() < MAX_WARNINGS) {
                    warnings.add(name + ": line " + lineNo + ": " + problem + ", skipped");
                }
                continue;
            }
            String metric = header.length == 2 ? header[1] : fields[1];
            metrics.computeIfAbsent(metric, m -> new Rows()).add(fields[0], Double.parseDouble(fields[fields.length - 1]));
        }
        if (header == null) {
            throw TraceFormatException.atLine(name, 1, "empty: expected a header run,value or run,metric,value");
        }
        if (metrics.isEmpty()) {
            throw TraceFormatException.atLine(name, lineNo, "no usable row after the header"
                    + (skipped > 0 ? " (" + skipped + " bad)" : ""));
        }
        if (skipped > warnings.size()) {
            warnings.add(name + ": " + (skipped - warnings.size()) + " more bad line(s) skipped");
        }
        List<RunSeries> series = new ArrayList<>();
        metrics.forEach((metric, rows) -> series.add(rows.toSeries(metric)));
        return new SeriesSet(series, warnings);
    }

    private static String problem(String[] fields, int columns) {
        if (fields.length != columns) {
            return "expected " + columns + " fields, found " + fields.length;
        }
        if (fields[0].isEmpty()) {
            return "empty run name";
        }
        String value = fields[fields.length - 1];
        if (!NUMBER.matcher(value).matches()) {
            return value.matches("[+-]?(NaN|Infinity)") ? "value is not finite: " + abbreviate(value)
                    : "value is not a number: " + abbreviate(value);
        }
        double v = Double.parseDouble(value);
        return Double.isFinite(v) && Math.abs(v) <= MAX_MAGNITUDE ? null
                : "value is out of range (beyond ±1e100): " + abbreviate(value);
    }

    private static String[] split(String line) {
        String[] f = line.split(",", -1);
        for (int i = 0; i < f.length; i++) {
            String s = f[i].strip();
            if (s.length() >= 2 && s.startsWith("\"") && s.endsWith("\"")) {
                s = s.substring(1, s.length() - 1).strip();
            }
            f[i] = s;
        }
        return f;
    }

    private static String abbreviate(String s) {
        return s.length() <= 40 ? "'" + s + "'" : "'" + s.substring(0, 40) + "...'";
    }

    private static final class Rows {
        private final List<String> runs = new ArrayList<>();
        private double[] values = new double[64];

        void add(String run, double value) {
            if (runs.size() == values.length) {
                values = java.util.Arrays.copyOf(values, values.length * 2);
            }
            values[runs.size()] = value;
            runs.add(run);
        }

        RunSeries toSeries(String metric) {
            return new RunSeries(metric, runs, java.util.Arrays.copyOf(values, runs.size()));
        }
    }
}
