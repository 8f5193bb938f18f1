package dev.ura.app.ui;

import javax.swing.table.AbstractTableModel;
import java.util.List;
import java.util.function.BiFunction;

/**
 * A read-only table over an immutable list of rows: the panels' tables differ only in their
 * columns and how a cell is derived from a row.
 *
 * @param <T> the row type
 */
public final class RowTableModel<T> extends AbstractTableModel {
    private final String[] columns;
    private final BiFunction<T, Integer, Object> cell;
    private List<T> rows = List.of();

    /**
     * @param cell the value of column {@code c} for a row
     */
    public RowTableModel(BiFunction<T, Integer, Object> cell, String... columns) {
        this.cell = cell;
        this.columns = columns.clone();
    }

    /** Shows {@code next}; does nothing when it is the list already shown (an identity check). */
    public void setRows(List<T> next) {
        if (next != rows) {
            rows = next;
            fireTableDataChanged();
        }
    }

    public List<T> rows() {
        return rows;
    }

    @Override
    public int getRowCount() {
        return rows.size();
    }

    @Override
    public int getColumnCount() {
        return columns.length;
    }

    @Override
    public String getColumnName(int c) {
        return columns[c];
    }

    @Override
    public Object getValueAt(int r, int c) {
        return cell.apply(rows.get(r), c);
    }
}
