package dev.ura.trace.checkpoint;

import dev.ura.trace.io.Progress;
import dev.ura.trace.io.TraceFormatException;
import dev.ura.trace.io.TraceReader;
import dev.ura.trace.model.BlockStat;
import dev.ura.trace.model.EventTable;
import dev.ura.trace.model.MethodTable;
import dev.ura.trace.model.Trace;
import dev.ura.trace.model.TraceMetadata;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Reads checkpoint-timer reports: CSV rows {@code name,count,total_ms} or
 * {@code name,count,total_ms,min_ms,max_ms}, with or without that header line. Each row becomes a
 * {@link BlockStat} (times converted to ns); the trace has no threads and no calls.
 *
 * <p>Bad rows become warnings naming their line; a file without one valid row is a
 * {@link TraceFormatException}.
 */
public final class CheckpointCsvReader implements TraceReader {
    private static final Pattern HEADER = Pattern.compile(
            "^\\s*\"?name\"?\\s*,\\s*\"?count\"?\\s*,\\s*\"?total_ms\"?\\s*(,\\s*\"?min_ms\"?\\s*,\\s*\"?max_ms\"?\\s*)?$",
            Pattern.CASE_INSENSITIVE);
    /** A headerless first row: a name, an integer count and 1 or 3 decimal times. */
    private static final Pattern ROW = Pattern.compile(
            "^\\s*(\"[^\"]*\"|[^,\"{\\[#*]+)\\s*,\\s*\\d+\\s*,\\s*\\d+(\\.\\d+)?\\s*(,\\s*\\d+(\\.\\d+)?\\s*,\\s*\\d+(\\.\\d+)?\\s*)?$");
    /**
     * Larger files are refused: the reader holds the whole text (bytes, string and lines, several
     * times the file) in memory, and a timer report is a few hundred rows.
     */
    static final int MAX_BYTES = 64 << 20;
    /** At most this many warnings are kept one by one; the rest are counted. */
    private static final int MAX_WARNINGS = 100;

    @Override
    public String formatName() {
        return "checkpoint";
    }

    @Override
    public boolean canRead(byte[] head) {
        String first = firstLine(head);
        return first != null && (HEADER.matcher(first).matches() || ROW.matcher(first).matches());
    }

    private static String firstLine(byte[] head) {
        String text = new String(head, StandardCharsets.UTF_8);
        if (text.startsWith("\uFEFF")) {
            text = text.substring(1);
        }
        for (String line : text.split("\r?\n", -1)) {
            if (!line.isBlank()) {
                return line;
            }
        }
        return null;
    }

    @Override
    public Trace read(String source, ByteBuffer data, Progress progress) throws TraceFormatException {
        if (data.remaining() > MAX_BYTES) {
            throw TraceFormatException.ofFile(source, "checkpoint CSV of " + data.remaining()
                    + " bytes is larger than the " + (MAX_BYTES >> 20) + " MiB a checkpoint report can have", null);
        }
        byte[] bytes = new byte[data.remaining()];
        data.get(bytes);
        String text = new String(bytes, StandardCharsets.UTF_8);
        if (text.startsWith("\uFEFF")) {
            text = text.substring(1);
        }
        String[] lines = text.split("\r?\n", -1);
        List<BlockStat> blocks = new ArrayList<>();
        List<String> warnings = new ArrayList<>();
        int skipped = 0;
        String firstProblem = null;
        boolean seenContent = false;
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i];
            if (line.isBlank() || line.stripLeading().startsWith("#")) {
                continue;
            }
            if (!seenContent) {
                seenContent = true;
                if (HEADER.matcher(line).matches()) {
                    continue;
                }
            }
            String problem = parse(line, blocks);
            if (problem != null) {
                skipped++;
                String w = "line " + (i + 1) + ": " + problem;
                firstProblem = firstProblem == null ? w : firstProblem;
                if (warnings.size() < MAX_WARNINGS) {
                    warnings.add(w);
                }
            }
            if ((i & 0xFFF) == 0) {
                progress.update(i, lines.length);
                progress.checkCancelled();
            }
        }
        if (blocks.isEmpty()) {
            throw firstProblem == null
                    ? TraceFormatException.ofFile(source, "no checkpoint rows (expected name,count,total_ms)", null)
                    : TraceFormatException.ofFile(source, "no valid checkpoint row; first problem: " + firstProblem, null);
        }
        if (skipped > MAX_WARNINGS) {
            warnings.add((skipped - MAX_WARNINGS) + " more bad lines skipped");
        }
        TraceMetadata meta = new TraceMetadata("checkpoint", "csv", 0, null, null, -1, -1, Map.of());
        return new Trace(source, meta, new MethodTable.Builder().build(), List.of(), EventTable.empty(), blocks,
                blocks.size(), warnings);
    }

    /** Parses one row into {@code blocks}; returns what is wrong with it, or {@code null}. */
    private static String parse(String line, List<BlockStat> blocks) {
        List<String> f = CsvLine.split(line);
        if (f == null) {
            return "unterminated quote";
        }
        if (f.size() != 3 && f.size() != 5) {
            return "expected 3 or 5 fields (name,count,total_ms[,min_ms,max_ms]), found " + f.size();
        }
        String name = f.get(0);
        if (name.isEmpty()) {
            return "empty name";
        }
        long count;
        try {
            count = Long.parseLong(f.get(1));
        } catch (NumberFormatException e) {
            return "count is not an integer: '" + f.get(1) + "'";
        }
        if (count < 0) {
            return "negative count " + count;
        }
        long total = msToNs(f.get(2));
        if (total < 0) {
            return "total_ms is not a non-negative number: '" + f.get(2) + "'";
        }
        long min = -1;
        long max = -1;
        if (f.size() == 5) {
            min = msToNs(f.get(3));
            max = msToNs(f.get(4));
            if (min < 0 || max < 0) {
                return "min_ms / max_ms are not non-negative numbers: '" + f.get(3) + "', '" + f.get(4) + "'";
            }
            if (min > max) {
                return "min_ms " + f.get(3) + " is greater than max_ms " + f.get(4);
            }
        }
        blocks.add(new BlockStat(name, count, total, min, max));
        return null;
    }

    /** Milliseconds (decimal) to ns, or -1 when the text is not a finite non-negative number. */
    static long msToNs(String text) {
        try {
            double ms = Double.parseDouble(text);
            if (!Double.isFinite(ms) || ms < 0 || ms > Long.MAX_VALUE / 1e6) {
                return -1;
            }
            return new java.math.BigDecimal(text.trim()).movePointRight(6)
                    .setScale(0, java.math.RoundingMode.HALF_UP).longValueExact();
        } catch (NumberFormatException | ArithmeticException e) {
            return -1;
        }
    }
}
