package dev.ura.app.ui.timeline;

import com.formdev.flatlaf.FlatLaf;
import dev.ura.app.render.Palette;

import javax.swing.UIManager;
import java.awt.Color;

/** Builds the timeline {@link Palette} from the {@code Ura.timeline.*} keys of the current FlatLaf theme. */
public final class UiPalette {
    private UiPalette() {
    }

    static Palette current() {
        Palette base = FlatLaf.isLafDark() ? Palette.DARK : Palette.LIGHT;
        return new Palette(base.dark(), c("background", base.background()), c("text", base.text()),
                c("mutedText", base.mutedText()), c("laneHeader", base.laneHeader()),
                c("rulerBackground", base.rulerBackground()), c("grid", base.grid()),
                c("sliceText", base.sliceText()), c("fold", base.fold()), c("selection", base.selection()),
                c("responseShade", base.responseShade()), c("responseMarker", base.responseMarker()),
                c("criticalPath", base.criticalPath()), c("arrow", base.arrow()), c("ghost", base.ghost()),
                c("searchMatch", base.searchMatch()), c("annotation", base.annotation()));
    }

    private static Color c(String key, Color fallback) {
        Color c = UIManager.getColor("Ura.timeline." + key);
        return c == null ? fallback : c;
    }
}
