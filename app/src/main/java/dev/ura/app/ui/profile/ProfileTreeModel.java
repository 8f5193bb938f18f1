package dev.ura.app.ui.profile;

import dev.ura.app.analysis.profile.ProfileNode;

import javax.swing.event.TreeModelListener;
import javax.swing.tree.TreeModel;
import javax.swing.tree.TreePath;

/** A read-only {@link TreeModel} over a frozen {@link ProfileNode} tree (no copying). */
final class ProfileTreeModel implements TreeModel {
    private final ProfileNode root;

    ProfileTreeModel(ProfileNode root) {
        this.root = root;
    }

    @Override
    public Object getRoot() {
        return root;
    }

    @Override
    public Object getChild(Object parent, int index) {
        return ((ProfileNode) parent).children().get(index);
    }

    @Override
    public int getChildCount(Object parent) {
        return ((ProfileNode) parent).children().size();
    }

    @Override
    public boolean isLeaf(Object node) {
        return ((ProfileNode) node).children().isEmpty();
    }

    @Override
    public void valueForPathChanged(TreePath path, Object newValue) {
        throw new UnsupportedOperationException("profile trees are read-only");
    }

    @Override
    public int getIndexOfChild(Object parent, Object child) {
        return ((ProfileNode) parent).children().indexOf(child);
    }

    @Override
    public void addTreeModelListener(TreeModelListener l) {
        // the tree never changes; a new profile installs a new model
    }

    @Override
    public void removeTreeModelListener(TreeModelListener l) {
        // nothing registered, see addTreeModelListener
    }
}
