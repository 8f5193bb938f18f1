package dev.ura.app.render;

import dev.ura.app.analysis.model.Category;
import dev.ura.app.analysis.model.LinkKind;
import dev.ura.app.analysis.model.Segment;
import java.util.ArrayList;
import java.util.List;

/**
 * Rows of a critical-path table (the CLI's text report and the window's table). A path often runs the same call many times in a row on
 * one thread (a read loop, a chunked write), separated by negligible bookkeeping segments; one
 * row per segment buries the story, so consecutive repeats fold into one row with a count.
 */
public final class PathRows {
    /** Steps shorter than the table's resolution (it prints 0.1 ms) fold into the row they interrupt. */
    private static final long NEGLIGIBLE_NS = 50_000;

    /**
     * One table row: {@code count} repeats of one call (and any negligible steps between them)
     * folded together, the path's segments {@code first} to {@code last} inclusive.
     */
    public record Row(long startNs, long durationNs, String thread, Category category, LinkKind via, String name, int count,
               long slackNs, int first, int last) {
        /** The name, with {@code ×N} for N repeats. */
        public String label() {
            return count == 1 ? name : name + " ×" + count;
        }
    }

    private PathRows() {
    }

    /** The rows of a path's segments, in path order. */
    public static List<Row> of(List<Segment> segments) {
        List<Row> rows = new ArrayList<>();
        Row current = null;
        for (int i = 0; i < segments.size(); i++) {
            Segment s = segments.get(i);
            if (current != null && continues(current, s)) {
                boolean repeat = s.name().equals(current.name()) && s.category() == current.category();
                current = new Row(current.startNs(), current.durationNs() + s.durationNs(), current.thread(),
                        current.category(), current.via(), current.name(), current.count() + (repeat ? 1 : 0),
                        Math.min(current.slackNs(), s.slackNs()), current.first(), i);
                rows.set(rows.size() - 1, current);
            } else {
                current = new Row(s.startNs(), s.durationNs(), s.threadName(), s.category(), s.via(), s.name(), 1,
                        s.slackNs(), i, i);
                rows.add(current);
            }
        }
        return rows;
    }

    /** Same thread, reached by program order, and either the same work again or a negligible step. */
    private static boolean continues(Row row, Segment s) {
        if (!row.thread().equals(s.threadName()) || s.via() != LinkKind.PROGRAM_ORDER) {
            return false;
        }
        boolean sameWork = s.name().equals(row.name()) && s.category() == row.category();
        boolean zeroStep = s.durationNs() < NEGLIGIBLE_NS && s.category() == Category.CPU;
        return sameWork || zeroStep;
    }
}
