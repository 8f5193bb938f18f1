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
}
