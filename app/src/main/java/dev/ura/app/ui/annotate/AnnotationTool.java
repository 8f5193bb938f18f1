package dev.ura.app.ui.annotate;

import dev.ura.app.ui.PlainText;
import dev.ura.app.ui.OpenTrace;
import dev.ura.app.ui.StatusSink;
import dev.ura.app.ui.timeline.TimelineView;
import dev.ura.app.ui.timeline.TimelineHooks;
import dev.ura.app.ui.LoadedTrace;
import dev.ura.app.analysis.model.SliceRef;
import dev.ura.app.annotations.Anchor;
import dev.ura.app.annotations.Annotation;
import dev.ura.app.annotations.AnnotationKind;
import dev.ura.app.annotations.AnnotationStore;
import dev.ura.app.render.AnchorPoints;
import dev.ura.app.render.AnnotationOverlay;
import dev.ura.app.render.RenderedFrame;

import javax.swing.JMenuItem;
import javax.swing.JOptionPane;
import javax.swing.JPopupMenu;
import javax.swing.SwingUtilities;
import java.awt.Component;
import java.awt.Point;
import java.awt.event.MouseEvent;
import java.awt.event.MouseMotionAdapter;
import java.util.ArrayList;
import java.util.List;

/**
 * Notes, arrows and boxes on the timeline: added from the context menu (an arrow or a box takes a
 * second click for its other end, with a dashed preview following the pointer), dragged to move,
 * double-clicked to edit, deleted from the context menu. Each point is pinned to the slice under
 * it (or, between slices, to its lane, row and time), so it follows that slice through zoom,
 * scroll and collapse. Every change is queued for the sidecar at once and written off the EDT by
 * an {@link AnnotationWriter} (which merges a burst of edits); bundled samples have no file, so
 * their annotations last for the session; a sidecar from a newer ura is shown, never saved.
 */
public final class AnnotationTool implements TimelineHooks.PointerHandler, TimelineHooks.MenuContributor {
    private final Component parent;
    private final StatusSink status;
    private final TimelineView view;
    private final AnnotationWriter writer;
    private final AnnotationOverlay overlay = new AnnotationOverlay();
    private AnnotationStore store;
    private boolean readOnly;
    private String traceName;
    private List<Annotation> list = new ArrayList<>();
    private AnnotationKind pendingKind;
    private Anchor pendingFrom;
    private String dragId;
    private long dragStartNs;
    private Annotation dragOriginal;

    /**
     * @param view the timeline annotated
     * @param traces news of the trace shown, whose sidecar is read and written
     * @param status where hints and "not saved" are shown
     * @param parent the parent of the text and error dialogs
     */
    public AnnotationTool(TimelineView view, OpenTrace traces, StatusSink status, Component parent) {
        this.parent = parent;
        this.status = status;
        this.view = view;
        this.writer = new AnnotationWriter((sidecar, e) -> SwingUtilities.invokeLater(() ->
                JOptionPane.showMessageDialog(parent, PlainText.message("Cannot save annotations to " + sidecar + ": "
                        + e.getMessage()), "Annotations", JOptionPane.ERROR_MESSAGE)));
        view.addPointerHandler(this);
        view.addMenuContributor(this);
        traces.addTraceListener(this::traceLoaded);
        view.addMouseMotionListener(new MouseMotionAdapter() {
            @Override
            public void mouseMoved(MouseEvent e) {
                if (pendingKind != null) {
                    overlay.setPreview(pendingKind, pendingFrom, e.getPoint());
                    view.repaint();
                }
            }
        });
        view.addKeyListener(new java.awt.event.KeyAdapter() {
            @Override
            public void keyPressed(java.awt.event.KeyEvent e) {
                if (e.getKeyCode() == java.awt.event.KeyEvent.VK_ESCAPE) {
                    cancelPending();
                }
            }
        });
    }

    public List<Annotation> annotations() {
        return List.copyOf(list);
    }

    public AnnotationOverlay overlay() {
        return overlay;
    }

    /** The background writer of the sidecars (the window flushes it when it closes). */
    public AnnotationWriter writer() {
        return writer;
    }

    private void traceLoaded(LoadedTrace t) {
        pendingKind = null;
        list = new ArrayList<>();
        traceName = t.source().name();
        store = t.source().file() == null ? null : AnnotationStore.beside(t.source().file());
        list = new ArrayList<>(t.annotations().annotations());
        readOnly = t.annotations().readOnly();
        overlay.setPreview(null, null, null);
        if (t.annotations().problem() != null) {
            JOptionPane.showMessageDialog(parent, PlainText.message(t.annotations().problem()), "Annotations", JOptionPane.WARNING_MESSAGE);
        }
        overlay.setAnnotations(list);
        view.scene().overlays().add(overlay);
    }

    /** Adds an annotation and queues the save (the menus; tests). */
    public void add(Annotation a) {
        list.add(a);
        changed();
    }

    private void replace(Annotation a) {
        for (int i = 0; i < list.size(); i++) {
            if (list.get(i).id().equals(a.id())) {
                list.set(i, a);
            }
        }
    }

    private Annotation find(String id) {
        return list.stream().filter(a -> a.id().equals(id)).findFirst().orElse(null);
    }

    private void changed() {
        overlay.setAnnotations(list);
        view.repaint();
        if (store == null) {
            status.setMessage("Annotations of a bundled sample are not saved");
            return;
        }
        if (readOnly) {
            status.setMessage("Not saved: " + store.sidecar().getFileName() + " was written by a newer ura");
            return;
        }
        writer.save(store, traceName, list);
    }

    /** The anchor under a point: on the slice there, else its lane, row and time; {@code null} outside lanes. */
    private Anchor anchorAt(Point p) {
        RenderedFrame f = view.frame();
        if (f == null || p.y < view.scene().metrics().ruler()) {
            return null;
        }
        return AnchorPoints.at(f, p.x, p.y, view.sliceAt(p.x, p.y));
    }

    /** A moved point pinned again: to the slice now under it on its row, else freed. */
    private Anchor reanchor(Anchor moved) {
        RenderedFrame f = view.frame();
        AnchorPoints.Point at = f == null ? null : AnchorPoints.locate(f, moved.free());
        if (at == null) {
            return moved.free();
        }
        Anchor a = anchorAt(new Point((int) Math.round(at.x()), at.y()));
        return a != null && a.threadId() == moved.threadId() ? a : moved.free();
    }

    @Override
    public void contribute(JPopupMenu menu, Point at, SliceRef slice) {
        Anchor anchor = anchorAt(at);
        String hit = overlay.hit(at.x, at.y);
        if (hit != null) {
            menu.add(item("Edit Annotation Text…", () -> edit(hit)));
            menu.add(item("Delete Annotation", () -> {
                list.removeIf(a -> a.id().equals(hit));
                changed();
            }));
            menu.addSeparator();
        }
        if (anchor == null) {
            return;
        }
        if (menu.getComponentCount() > 0 && hit == null) {
            menu.addSeparator();
        }
        menu.add(item("Add Note Here…", () -> {
            String text = JOptionPane.showInputDialog(parent, "Note:", "Add note", JOptionPane.PLAIN_MESSAGE);
            if (text != null && !text.isBlank()) {
                add(Annotation.note(anchor, text.strip()));
            }
        }));
        menu.add(item("Start Arrow Here", () -> begin(AnnotationKind.ARROW, anchor)));
        menu.add(item("Start Box Here", () -> begin(AnnotationKind.BOX, anchor)));
    }

    @Override
    public boolean claims(Point at) {
        return overlay.hit(at.x, at.y) != null;
    }

    private void begin(AnnotationKind kind, Anchor from) {
        pendingKind = kind;
        pendingFrom = from;
        overlay.setPreview(kind, from, null);
        status.setMessage("Click where the " + kind.name().toLowerCase() + " should end (Esc cancels)");
    }

    private void edit(String id) {
        Annotation a = find(id);
        if (a == null) {
            return;
        }
        Object text = JOptionPane.showInputDialog(parent, "Text:", "Edit annotation", JOptionPane.PLAIN_MESSAGE,
                null, null, a.text());
        if (text != null) {
            replace(a.withText(text.toString().strip()));
            changed();
        }
    }

    @Override
    public boolean pressed(MouseEvent e) {
        if (pendingKind != null) {
            Anchor to = anchorAt(e.getPoint());
            AnnotationKind kind = pendingKind;
            pendingKind = null;
            overlay.setPreview(null, null, null);
            view.repaint();
            if (to != null) {
                String text = JOptionPane.showInputDialog(parent, "Text (optional):", "Add " + kind.name().toLowerCase(),
                        JOptionPane.PLAIN_MESSAGE);
                String t = text == null ? "" : text.strip();
                add(kind == AnnotationKind.ARROW ? Annotation.arrow(pendingFrom, to, t) : Annotation.box(pendingFrom, to, t));
                status.setMessage(" ");
            }
            return true;
        }
        String hit = overlay.hit(e.getX(), e.getY());
        if (hit == null) {
            overlay.setSelected(null);
            return false;
        }
        overlay.setSelected(hit);
        if (e.getClickCount() == 2) {
            edit(hit);
            return true;
        }
        dragId = hit;
        dragOriginal = find(hit);
        dragStartNs = view.scene().axis().toNs(e.getX());
        view.repaint();
        return true;
    }

    @Override
    public void dragged(MouseEvent e) {
        if (dragOriginal == null) {
            return;
        }
        long dt = view.scene().axis().toNs(e.getX()) - dragStartNs;
        replace(dragOriginal.moved(dt, anchorAt(e.getPoint()), this::reanchor));
        overlay.setAnnotations(list);
        view.repaint();
    }

    @Override
    public void released(MouseEvent e) {
        if (dragOriginal != null && !dragOriginal.equals(find(dragId))) {
            changed();
        }
        dragOriginal = null;
        dragId = null;
    }

    /** Cancels an arrow or box waiting for its second click. */
    void cancelPending() {
        if (pendingKind != null) {
            pendingKind = null;
            overlay.setPreview(null, null, null);
            view.repaint();
            status.setMessage(" ");
        }
    }

    private static JMenuItem item(String text, Runnable r) {
        JMenuItem i = new JMenuItem(text);
        i.addActionListener(e -> r.run());
        return i;
    }
}
