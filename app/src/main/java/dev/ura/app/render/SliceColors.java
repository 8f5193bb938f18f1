package dev.ura.app.render;

import dev.ura.trace.model.MethodInfo;
import dev.ura.trace.model.MethodTable;

import java.awt.Color;
import java.util.Map;

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
        return of(methods, palette, Map.of());
    }

    /**
     * The same colours, except that the keys in {@code slotByKey} (see {@link #key}) take the given
     * palette slot instead of their hashed one: what one picture uses to give its legend's keys
     * distinct colours ({@link Legend}).
     */
    public static SliceColors of(MethodTable methods, Palette palette, Map<String, Integer> slotByKey) {
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
            String key = key(methods.get(m));
            Integer chosen = slotByKey.get(key);
            int k = chosen != null ? chosen : slot(key);
            by[m] = set[k];
            foldBy[m] = folds[k];
        }
        return new SliceColors(by, foldBy);
    }

    /** How many distinct colours there are. */
    public static int slots() {
        return HUES.length;
    }

    /**
     * The palette slot a key's colour comes from: its hash, stable across runs. The hues are listed
     * so that neighbouring slots are far apart on the colour wheel, so the next slot is a good
     * second choice when this one is taken.
     */
    public static int slot(String key) {
        return Math.floorMod(key.hashCode(), HUES.length);
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
