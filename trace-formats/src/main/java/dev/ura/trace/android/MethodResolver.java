package dev.ura.trace.android;

import dev.ura.trace.model.MethodInfo;
import dev.ura.trace.model.MethodTable;

/**
 * Turns record method ids into dense method indices. Defined ids are preloaded into a primitive
 * map; an undefined id gets a placeholder ({@code unknown 0x…}) once, or, in streaming files, the
 * definition at id+4 when there is one (ART ≤ 13 announced a proxy method's interface method under
 * the next id, see {@code shared/formats/android-trace.md} §6).
 */
final class MethodResolver {
    private final MethodTable.Builder methods;
    private final MethodIdMap map;
    private final boolean proxyAlias;
    int unknown;
    int aliased;

    MethodResolver(MethodTable.Builder methods, boolean proxyAlias) {
        this.methods = methods;
        this.proxyAlias = proxyAlias;
        this.map = new MethodIdMap(methods.size());
        for (int i = 0; i < methods.size(); i++) {
            MethodInfo m = methods.get(i);
            if (m.id() >= 0 && m.id() <= 0xFFFF_FFFFL) {
                map.put((int) m.id(), i);
            }
        }
    }

    /** The dense index of a record's method id (action bits already cleared). */
    int index(int id) {
        int i = map.get(id);
        return i >= 0 ? i : resolveUndefined(id);
    }

    private int resolveUndefined(int id) {
        long unsigned = id & 0xFFFF_FFFFL;
        int i = proxyAlias ? methods.indexOf(unsigned + 4) : -1;
        if (i >= 0 && !methods.isSynthetic(i)) {
            aliased++;
        } else {
            i = methods.indexOrUnknown(unsigned);
            unknown++;
        }
        map.put(id, i);
        return i;
    }
}
