package dev.ura.app.ui.profile;

import dev.ura.app.analysis.profile.ProfileRow;

import javax.swing.table.AbstractTableModel;
import java.util.List;

/**
 * The flat profile as table rows. Time columns hold {@code Long} ns (so sorting is numeric) and are
 * shown by {@link DurationCellRenderer}; unknown min / max are {@code null}.
 */
final class ProfileTableModel extends AbstractTableModel {
    static final int NAME = 0;
    static final int CALLS = 1;
    static final int INCLUSIVE = 2;
    static final int EXCLUSIVE = 3;
    static final int MEAN = 4;
    static final int MIN = 5;
    static final int MAX = 6;
    private static final String[] COLUMNS = {"Method / block", "Calls", "Inclusive", "Exclusive", "Mean", "Min", "Max"};

    private List<ProfileRow> rows = List.of();

    void setRows(List<ProfileRow> rows) {
        this.rows = List.copyOf(rows);
        fireTableDataChanged();
    }

    ProfileRow row(int modelRow) {
        return rows.get(modelRow);
    }

    @Override
    public int getRowCount() {
        return rows.size();
    }

    @Override
    public int getColumnCount() {
        return COLUMNS.length;
    }

    @Override
    public String getColumnName(int column) {
        return COLUMNS[column];
    }

    @Override
    public Class<?> getColumnClass(int column) {
        return column == NAME ? String.class : Long.class;
    }

    @Override
    public Object getValueAt(int row, int column) {
        ProfileRow r = rows.get(row);
        return switch (column) {
            case NAME -> r.signature() == null ? r.name() : r.name() + " " + r.signature();
            case CALLS -> r.calls();
            case INCLUSIVE -> r.inclusiveNs();
            case EXCLUSIVE -> r.exclusiveNs();
            case MEAN -> r.meanNs();
            case MIN -> r.minNs();
            case MAX -> r.maxNs();
            default -> throw new IllegalArgumentException("column " + column);
        };
    }
}
