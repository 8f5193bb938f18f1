package dev.ura.app.ui.profile;

import dev.ura.app.ui.PlainText;
import dev.ura.trace.model.ThreadTrack;
import dev.ura.trace.model.Trace;

import javax.swing.DefaultComboBoxModel;
import javax.swing.JComboBox;
import java.util.Objects;

/** A combo box of "All threads" plus the trace's threads; {@link #selectedThread()} is null for all. */
final class ThreadChooser extends JComboBox<String> {
    static final String ALL = "All threads";

    ThreadChooser() {
        super(new DefaultComboBoxModel<>(new String[] {ALL}));
        setToolTipText("Which thread to look at");
        PlainText.combo(this);
    }

    /** Refills the list from {@code trace}, keeping the selection when that thread still exists. */
    void fill(Trace trace) {
        String keep = selectedThread();
        DefaultComboBoxModel<String> m = new DefaultComboBoxModel<>();
        m.addElement(ALL);
        if (trace != null) {
            for (ThreadTrack t : trace.threads()) {
                if (t.calls().size() > 0 && m.getIndexOf(t.name()) < 0) {
                    m.addElement(t.name());
                }
            }
        }
        setModel(m);
        setSelectedItem(keep != null && m.getIndexOf(keep) >= 0 ? keep : ALL);
    }

    /** The thread name, or {@code null} for all threads. */
    String selectedThread() {
        Object s = getSelectedItem();
        return s == null || Objects.equals(s, ALL) ? null : s.toString();
    }

    void select(String thread) {
        setSelectedItem(thread == null ? ALL : thread);
    }
}
