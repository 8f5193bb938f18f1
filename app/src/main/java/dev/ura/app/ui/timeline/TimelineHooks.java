package dev.ura.app.ui.timeline;

import dev.ura.app.analysis.model.SliceRef;
import javax.swing.JPopupMenu;
import java.awt.Point;
import java.awt.event.MouseEvent;

/** Extension points of the timeline's input, so tools (annotations, what-if) stay out of it. */
public final class TimelineHooks {
    private TimelineHooks() {
    }

    /** Gets the first chance at a mouse gesture; the one that accepts the press gets drag and release. */
    public interface PointerHandler {
        /** Whether this handler takes the gesture. */
        boolean pressed(MouseEvent e);

        void dragged(MouseEvent e);

        void released(MouseEvent e);
    }

    /** Adds items to the context menu of the lanes area. */
    public interface MenuContributor {
        /**
         * @param slice the slice under the pointer (already selected), or {@code null}
         */
        void contribute(JPopupMenu menu, Point at, SliceRef slice);

        /**
         * Whether something of this contributor is drawn at the point (an annotation over a lane
         * header), so its menu wins over the lane menu there.
         */
        default boolean claims(Point at) {
            return false;
        }
    }

    /** Supplies a tooltip for a point before the slice under it is described; {@code null} to pass. */
    public interface TooltipProvider {
        String tooltip(Point at);
    }
}
