package dev.ura.app.render;

import java.awt.Color;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The colour keys of one exported picture, each in a colour no other key of that picture has.
 *
 * <p>A slice's colour comes from a hash of its package (or agent-log kind, or system slice name),
 * so the same code looks the same in every trace; with 16 colours, two packages in one picture
 * share one often enough, and a legend that shows two keys in one colour cannot be read. So the
 * picture keeps the hashed colour as each key's first choice and resolves collisions among the
 * keys it shows: keys in order of the width they cover (the biggest keeps its colour), each taking
 * its hashed slot if no earlier key took it, else the next free slot of the palette (neighbouring
 * slots are far apart in hue). The order breaks ties by name, so the same view always gives the
 * same colours. Only when a picture shows more than 16 keys do the smallest ones share colours.
 */
public final class Legend {
    /** One key and its colour in the picture. */
    public record Entry(String key, Color color) {
    }

    private final List<String> keys;
    private final Map<String, Integer> slotByKey;
    /** A method of each key, to read the key's colour back from a {@link SliceColors}. */
    private final Map<String, Integer> methodOf;

    private Legend(List<String> keys, Map<String, Integer> slotByKey, Map<String, Integer> methodOf) {
        this.keys = keys;
        this.slotByKey = slotByKey;
        this.methodOf = methodOf;
    }

    /** The keys of the slices {@code frame} shows (folds aside), biggest first, with distinct slots. */
    public static Legend of(RenderedFrame frame) {
        TimelineScene s = frame.scene();
        Map<String, Double> width = new HashMap<>();
        Map<String, Integer> methodOf = new HashMap<>();
        DrawList items = frame.items();
        for (int i = 0; i < items.size(); i++) {
            if (items.isFold(i)) {
                continue;
            }
            int method = s.index().trace().threads().get(items.thread(i)).calls().method(items.call(i));
            String key = SliceColors.key(s.index().trace().methods().get(method));
            width.merge(key, items.width(i), Double::sum);
            methodOf.putIfAbsent(key, method);
        }
        List<String> keys = new ArrayList<>(width.keySet());
        keys.sort(Comparator.comparingDouble((String k) -> -width.get(k)).thenComparing(k -> k));
        return new Legend(keys, distinctSlots(keys), methodOf);
    }

    /** Each key's hashed slot, or the next free one after it; keys past the palette's size keep theirs. */
    static Map<String, Integer> distinctSlots(List<String> keysBiggestFirst) {
        int n = SliceColors.slots();
        boolean[] taken = new boolean[n];
        Map<String, Integer> out = new LinkedHashMap<>();
        for (String k : keysBiggestFirst.subList(0, Math.min(n, keysBiggestFirst.size()))) {
            int slot = SliceColors.slot(k);
            while (taken[slot]) {
                slot = (slot + 1) % n;
            }
            taken[slot] = true;
            out.put(k, slot);
        }
        return out;
    }

    /** The slot each shown key takes in this picture. */
    public Map<String, Integer> slots() {
        return slotByKey;
    }

    /** The biggest {@code max} keys with their colours in {@code colors} (which must use {@link #slots()}). */
    public List<Entry> entries(SliceColors colors, int max) {
        List<Entry> out = new ArrayList<>();
        for (String k : keys.subList(0, Math.min(max, keys.size()))) {
            out.add(new Entry(k, colors.of(methodOf.get(k))));
        }
        return out;
    }
}
