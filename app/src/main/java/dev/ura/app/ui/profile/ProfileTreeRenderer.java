package dev.ura.app.ui.profile;

import dev.ura.app.ui.PlainText;
import dev.ura.app.analysis.model.DurationText;
import dev.ura.app.analysis.profile.ProfileNode;

import javax.swing.JTree;
import javax.swing.tree.DefaultTreeCellRenderer;
import java.awt.Component;
import java.util.Locale;

/**
 * One line per node: name, time and share of the root, own time and calls. In a bottom-up tree
 * the headline time is the own (exclusive) time spent under that caller chain.
 */
final class ProfileTreeRenderer extends DefaultTreeCellRenderer {
    private final boolean bottomUp;
    private long rootNs = 1;
    private boolean eventOrder;

    ProfileTreeRenderer(boolean bottomUp) {
        this.bottomUp = bottomUp;
        PlainText.of(this);
    }

    void setRoot(ProfileNode root, boolean eventOrder) {
        this.rootNs = Math.max(1, root.inclusiveNs());
        this.eventOrder = eventOrder;
    }

    @Override
    public Component getTreeCellRendererComponent(JTree tree, Object value, boolean sel, boolean expanded,
                                                  boolean leaf, int row, boolean hasFocus) {
        super.getTreeCellRendererComponent(tree, value, sel, expanded, leaf, row, hasFocus);
        if (value instanceof ProfileNode n) {
            long headline = bottomUp && n.method() >= 0 ? n.exclusiveNs() : n.inclusiveNs();
            String text = String.format(Locale.ROOT, "%s — %s (%.1f%%)", n.name(), time(headline), 100.0 * headline / rootNs);
            if (n.method() >= 0) {
                text += bottomUp
                        ? String.format(Locale.ROOT, " · total %s · %,d calls", time(n.inclusiveNs()), n.calls())
                        : String.format(Locale.ROOT, " · self %s · %,d calls", time(n.exclusiveNs()), n.calls());
            }
            setText(text);
            setIcon(null);
        }
        return this;
    }

    private String time(long ns) {
        return eventOrder ? ns + " events" : DurationText.format(ns);
    }
}
