package dev.ura.app.ui.profile;

import dev.ura.app.ui.PlainText;
import dev.ura.app.analysis.model.DurationText;

import javax.swing.SwingConstants;
import javax.swing.table.DefaultTableCellRenderer;

/** Right-aligned durations ({@code 12.3 ms}), or plain numbers when times are event order. */
final class DurationCellRenderer extends DefaultTableCellRenderer {
    private boolean eventOrder;

    DurationCellRenderer() {
        setHorizontalAlignment(SwingConstants.RIGHT);
        PlainText.of(this);
    }

    void setEventOrder(boolean eventOrder) {
        this.eventOrder = eventOrder;
    }

    @Override
    protected void setValue(Object value) {
        if (value instanceof Long ns) {
            setText(eventOrder ? String.format("%,d", ns) : DurationText.format(ns));
        } else {
            setText(value == null ? "–" : value.toString());
        }
    }
}
