package dev.ura.app.render;

import java.awt.Graphics2D;

/** Something painted over the slices: a response window, a critical path, annotations... */
@FunctionalInterface
public interface TimelineOverlay {
    /** Paints with the frame's geometry; the graphics is clipped to the lanes area below the ruler. */
    void paint(Graphics2D g, RenderedFrame frame);

    /** Paints over the ruler, after it (markers' labels); the graphics is not clipped. */
    default void paintOnRuler(Graphics2D g, RenderedFrame frame) {
    }

    /**
     * This overlay as it is now, for a copy of the scene painted elsewhere (an export, maybe on
     * another thread): an overlay that remembers where it drew (for hit-testing) returns a fresh
     * copy, so a picture never changes what the window hit-tests and no state is shared between
     * threads; an overlay whose painting changes nothing returns itself.
     */
    default TimelineOverlay forExport() {
        return this;
    }
}
