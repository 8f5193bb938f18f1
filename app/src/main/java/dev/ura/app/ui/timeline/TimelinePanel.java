package dev.ura.app.ui.timeline;

import com.formdev.flatlaf.util.UIScale;
import javax.swing.JPanel;
import javax.swing.JScrollBar;
import java.awt.BorderLayout;

/** The timeline with a vertical scroll bar kept in step with the view's own scroll. */
public final class TimelinePanel extends JPanel {
    private final TimelineView view;
    private final JScrollBar bar = new JScrollBar(JScrollBar.VERTICAL);
    private boolean syncing;
    private javax.swing.JComponent welcome;

    public TimelinePanel(TimelineView view) {
        super(new BorderLayout());
        this.view = view;
        add(view, BorderLayout.CENTER);
        add(bar, BorderLayout.EAST);
        view.addPropertyChangeListener("view", e -> {
            sync();
            showWelcomeWhenEmpty();
        });
        bar.addAdjustmentListener(e -> {
            if (!syncing && view.scene() != null) {
                view.scrollBy(e.getValue() - view.scene().scrollY());
            }
        });
        addComponentListener(new java.awt.event.ComponentAdapter() {
            @Override
            public void componentResized(java.awt.event.ComponentEvent e) {
                sync();
            }
        });
    }

    /**
     * What an empty window shows instead of the timeline (how to open a first trace); it gives way
     * to the timeline as soon as a trace is shown.
     */
    public void setWelcome(javax.swing.JComponent w) {
        welcome = w;
        showWelcomeWhenEmpty();
    }

    private void showWelcomeWhenEmpty() {
        if (welcome == null) {
            return;
        }
        boolean empty = view.scene() == null;
        if (empty == (welcome.getParent() == this)) {
            return;
        }
        remove(empty ? view : welcome);
        add(empty ? welcome : view, BorderLayout.CENTER);
        bar.setVisible(!empty);
        revalidate();
        repaint();
    }

    private void sync() {
        syncing = true;
        try {
            int[] e = view.scrollExtent();
            int value = view.scene() == null ? 0 : view.scene().scrollY();
            bar.setValues(value, e[1], 0, Math.max(e[0], e[1]));
            bar.setUnitIncrement(UIScale.scale(20));
            bar.setBlockIncrement(Math.max(UIScale.scale(20), e[1] - UIScale.scale(20)));
        } finally {
            syncing = false;
        }
    }
}
