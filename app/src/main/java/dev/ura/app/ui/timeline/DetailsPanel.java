package dev.ura.app.ui.timeline;

import dev.ura.app.analysis.model.CriticalPath;
import dev.ura.app.analysis.model.SliceRef;
import dev.ura.app.render.DepthIndex;
import dev.ura.app.render.TraceIndex;
import dev.ura.trace.model.Trace;

import javax.swing.JEditorPane;
import javax.swing.JPanel;
import javax.swing.JScrollPane;
import java.awt.BorderLayout;

/** Method, class, signature, source, times and call stack of the selected slice. */
public final class DetailsPanel extends JPanel {
    private final JEditorPane text = new JEditorPane("text/html", "");

    public DetailsPanel() {
        super(new BorderLayout());
        text.setEditable(false);
        text.setName("details");
        text.putClientProperty(JEditorPane.HONOR_DISPLAY_PROPERTIES, true);
        add(new JScrollPane(text), BorderLayout.CENTER);
        show(null, null);
    }

    public void show(Trace trace, SliceRef slice) {
        show(trace, slice, null);
    }

    /** Describes a slice; with the selected response's critical path, whether the slice is on it. */
    public void show(Trace trace, SliceRef slice, CriticalPath path) {
        if (trace == null || slice == null) {
            show((TraceIndex) null, null, null);
        } else {
            text.setText(SliceDescriptions.detailsHtml(trace, slice, path));
            text.setCaretPosition(0);
        }
    }

    /** The same, finding the call stack in the trace's depth index (no pass over the thread's calls on the EDT). */
    public void show(TraceIndex index, SliceRef slice, CriticalPath path) {
        if (index == null || slice == null) {
            text.setText("<html><body style='color:gray'>Click a slice to see its details.</body></html>");
        } else {
            DepthIndex depths = index.depths(slice.thread());
            text.setText(SliceDescriptions.detailsHtml(index.trace(), slice, path, depths::parent));
        }
        text.setCaretPosition(0);
    }

    String plainText() {
        return text.getText();
    }
}
