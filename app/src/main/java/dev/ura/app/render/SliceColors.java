package dev.ura.app.render;

import dev.ura.trace.model.MethodInfo;
import dev.ura.trace.model.MethodTable;

import java.awt.Color;

/**
 * Stable slice colours: a method gets the colour of its package (or, for agent-log intervals
 * named {@code KIND:name}, of its kind), so the same code has the same colour in every trace and
 * every session. {@link String#hashCode()} is specified, hence stable across JVMs.
 */
public final class SliceColors {
    private static final float[] HUES = {0.58f, 0.08f, 0.33f, 0.95f, 0.75f, 0.13f, 0.50f, 0.02f,
        0.66f, 0.25f, 0.87f, 0.42f, 0.18f, 0.80f, 0.54f, 0.29f};
    private final Color[] byMethod;
    private final Color[] foldByMethod;

    private SliceColors(Color[] byMethod, Color[] foldByMethod) {
        this.byMethod = byMethod;
        this.foldByMethod = foldByMethod;
    }

    /** Colours for every method of a table, in the palette's light or dark set, folds greyed toward its fold colour. */
    public static SliceColors of(MethodTable methods, Palette palette) {
        boolean dark = palette.dark();
        Color[] set = new Color[HUES.length];
        for (int i = 0; i < HUES.length; i++) {
            set[i] = dark ? Color.getHSBColor(HUES[i], 0.5f, 0.6f) : Color.getHSBColor(HUES[i], 0.38f, 0.96f);
        }
        Color grey = palette.fold();
        Color[] folds = new Color[set.length];
        for (int i = 0; i < set.length; i++) {
            folds[i] = blend(set[i], grey);
        }
        Color[] by = new Color[methods.size()];
        Color[] foldBy = new Color[methods.size()];
        for (int m = 0; m < by.length; m++) {
            int k = Math.floorMod(key(methods.get(m)).hashCode(), set.length);
            by[m] = set[k];
            foldBy[m] = folds[k];
        }
        return new SliceColors(by, foldBy);
    }

    /** What decides the colour: the package, else the agent-log kind, else the name. */
    public static String key(MethodInfo m) {
        String pkg = m.packageName();
        if (!pkg.isEmpty()) {
            return pkg;
        }
        if (!m.className().isEmpty()) {
            return m.className();
        }
        int colon = m.name().indexOf(':');
        return colon < 0 ? m.name() : m.name().substring(0, colon);
    }

    public Color of(int method) {
        return byMethod[method];
    }

    /** A greyed version, for a fold of calls that starts with this method. */
    public Color foldOf(int method) {
        return foldByMethod[method];
    }

    private static Color blend(Color a, Color b) {
        return new Color((a.getRed() + 2 * b.getRed()) / 3, (a.getGreen() + 2 * b.getGreen()) / 3,
                (a.getBlue() + 2 * b.getBlue()) / 3);
    }
}
