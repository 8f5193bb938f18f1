package dev.ura.app.ui.runs;

import javax.swing.UIManager;
import java.awt.Color;

/**
 * Colours of the runs views: {@code Ura.runs.*} keys of the current theme when it defines them,
 * else colours derived from the look and feel's own keys, so both the light and the dark theme work
 * without extra properties.
 */
final class RunsColors {
    private RunsColors() {
    }

    static Color background() {
        return ui("Ura.runs.background", "Panel.background", Color.WHITE);
    }

    static Color text() {
        return ui("Ura.runs.text", "Label.foreground", Color.BLACK);
    }

    static Color grid() {
        return ui("Ura.runs.grid", "Separator.foreground", new Color(0xd8dee4));
    }

    static Color line() {
        return ui("Ura.runs.line", "Component.accentColor", new Color(0x0969da));
    }

    static Color anomaly() {
        return ui("Ura.runs.anomaly", null, new Color(0xd1242f));
    }

    static Color changePoint() {
        return ui("Ura.runs.changePoint", null, new Color(0xbc4c00));
    }

    static Color improvement() {
        return ui("Ura.runs.improvement", null, new Color(0x1a7f37));
    }

    static Color selection() {
        return ui("Ura.runs.selection", null, new Color(0x8250df));
    }

    static Color window() {
        Color c = line();
        return ui("Ura.runs.window", null, new Color(c.getRed(), c.getGreen(), c.getBlue(), 28));
    }

    static Color muted() {
        return ui("Ura.runs.mutedText", "Label.disabledForeground", new Color(0x656d76));
    }

    private static Color ui(String key, String lafKey, Color fallback) {
        Color c = UIManager.getColor(key);
        if (c == null && lafKey != null) {
            c = UIManager.getColor(lafKey);
        }
        return c == null ? fallback : c;
    }
}
