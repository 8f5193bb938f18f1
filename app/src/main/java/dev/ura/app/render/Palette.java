package dev.ura.app.render;

import java.awt.Color;

/**
 * The colours of a timeline. The window builds one from {@code UIManager} keys ({@code Ura.*},
 * defined in the FlatLaf theme properties, so the dark theme derives from the light one); exports
 * without a window use {@link #LIGHT} or {@link #DARK}.
 *
 * @param dark whether slice colours should be the dark-theme set
 */
public record Palette(boolean dark, Color background, Color text, Color mutedText, Color laneHeader,
                      Color rulerBackground, Color grid, Color sliceText, Color fold, Color selection,
                      Color responseShade, Color responseMarker, Color criticalPath, Color arrow, Color ghost,
                      Color searchMatch, Color annotation) {

    public static final Palette LIGHT = new Palette(false, new Color(0xFFFFFF), new Color(0x1F2328),
            new Color(0x656D76), new Color(0xF0F2F5), new Color(0xF6F8FA), new Color(0xD8DEE4),
            new Color(0x111111), new Color(0xB4BCC6), new Color(0x0969DA), new Color(0x330969DA, true),
            new Color(0x0969DA), new Color(0xD1242F), new Color(0xBF3989), new Color(0x8250DF),
            new Color(0xFFD33D), new Color(0xBC4C00));

    public static final Palette DARK = new Palette(true, new Color(0x1E1F22), new Color(0xDFE1E5),
            new Color(0x8C9199), new Color(0x2B2D30), new Color(0x26282B), new Color(0x393B40),
            new Color(0xF5F5F5), new Color(0x5A5F66), new Color(0x58A6FF), new Color(0x3358A6FF, true),
            new Color(0x58A6FF), new Color(0xFF7B72), new Color(0xF778BA), new Color(0xBC8CFF),
            new Color(0xE3B341), new Color(0xFFA657));
}
