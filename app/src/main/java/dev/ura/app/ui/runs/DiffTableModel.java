package dev.ura.app.ui.runs;

import dev.ura.app.analysis.regression.CriticalPathDiff;
import dev.ura.app.analysis.regression.SegmentChange;

import javax.swing.table.AbstractTableModel;
import java.util.List;

/**
 * Rows of a critical-path comparison: thread, segment, A, B, the two bars, Δ and what happened.
 * What changed comes first, the largest change (either way) at the top; unchanged segments follow
 * in path order.
 */
final class DiffTableModel extends AbstractTableModel {
    static final int THREAD = 0;
    static final int SEGMENT = 1;
    static final int BEFORE = 2;
    static final int AFTER = 3;
    static final int BARS = 4;
    static final int DELTA = 5;
    static final int KIND = 6;
    private static final String[] NAMES = {"Thread", "Segment", "A (ms)", "B (ms)", "A / B", "Δ (ms)", "Change"};

    private List<SegmentChange> rows = List.of();
    private long longestNs = 1;

    void set(CriticalPathDiff diff) {
        rows = diff == null ? List.of() : changedFirst(diff.changes());
        longestNs = 1;
        for (SegmentChange c : rows) {
            longestNs = Math.max(longestNs, Math.max(c.beforeNs(), c.afterNs()));
        }
        fireTableDataChanged();
    }

    /** Changed rows by absolute Δ, largest first, then the unchanged ones; ties keep path order (a stable sort). */
    static List<SegmentChange> changedFirst(List<SegmentChange> changes) {
        List<SegmentChange> sorted = new java.util.ArrayList<>(changes);
        sorted.sort(java.util.Comparator.comparing((SegmentChange c) -> c.kind() == SegmentChange.Kind.SAME)
                .thenComparing(c -> c.kind() == SegmentChange.Kind.SAME ? 0 : -Math.abs(c.deltaNs())));
        return List.copyOf(sorted);
    }

    SegmentChange row(int row) {
        return rows.get(row);
    }

    /** The longest segment of either path, the scale of the bars. */
    long longestNs() {
        return longestNs;
    }

    @Override
    public int getRowCount() {
        return rows.size();
    }

    @Override
    public int getColumnCount() {
        return NAMES.length;
    }

    @Override
    public String getColumnName(int column) {
        return NAMES[column];
    }

    @Override
    public Class<?> getColumnClass(int column) {
        return switch (column) {
            case BEFORE, AFTER, DELTA -> Double.class;
            case BARS -> SegmentChange.class;
            default -> String.class;
        };
    }

    @Override
    public Object getValueAt(int row, int column) {
        SegmentChange c = rows.get(row);
        return switch (column) {
            case THREAD -> c.thread();
            case SEGMENT -> c.occurrence() == 0 ? c.name() : c.name() + " #" + (c.occurrence() + 1);
            case BEFORE -> c.kind() == SegmentChange.Kind.APPEARED ? null : c.beforeNs() / 1e6;
            case AFTER -> c.kind() == SegmentChange.Kind.VANISHED ? null : c.afterNs() / 1e6;
            case BARS -> c;
            case DELTA -> c.deltaNs() / 1e6;
            case KIND -> c.kind().label();
            default -> throw new IndexOutOfBoundsException("column " + column);
        };
    }
}
