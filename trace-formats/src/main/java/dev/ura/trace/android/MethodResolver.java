package dev.ura.trace.android;

import dev.ura.trace.model.MethodInfo;
import dev.ura.trace.model.MethodTable;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * Turns record method ids into dense method indices. Defined ids are preloaded into a primitive
 * cache; an undefined id gets a placeholder ({@code unknown 0x…}) once, or, in streaming files, the
 * definition at id+4 when there is one (ART ≤ 13 announced a proxy method's interface method under
 * the next id, see {@code docs/android-trace-format.md} §6).
 *
 * <p>Each decoding worker uses its own copy ({@link #forWorker()}): the caches are private, the
 * resolution of undefined ids (which adds methods) is shared and synchronised, so every worker
 * gives an undefined id the same index.
 */
final class MethodResolver {
    private static final int MAX_DIRECT = 1 << 20;

    private final Undefined undefined;
    private final MethodIdMap map;
    /** Index by {@code id >>> 2} for ART's dense ids (index << 2): one array read per entry record. */
    private final int[] direct;

    MethodResolver(MethodTable.Builder methods, boolean proxyAlias) {
        this.undefined = new Undefined(methods, proxyAlias);
        this.map = new MethodIdMap(methods.size());
        this.direct = new int[Math.min(MAX_DIRECT, 4 * methods.size() + 1024)];
        Arrays.fill(direct, -1);
        for (int i = 0; i < methods.size(); i++) {
            MethodInfo m = methods.get(i);
            if (m.id() >= 0 && m.id() <= 0xFFFF_FFFFL) {
                put((int) m.id(), i);
            }
        }
    }

    private MethodResolver(MethodResolver other) {
        this.undefined = other.undefined;
        this.map = other.map.copy();
        this.direct = other.direct.clone();
    }

    /** A resolver with private caches for another decoding thread. */
    MethodResolver forWorker() {
        return new MethodResolver(this);
    }

    /** The dense index of a record's method id (action bits already cleared). */
    int index(int id) {
        int k = id >>> 2;
        int i = k < direct.length ? direct[k] : map.get(id);
        if (i < 0) {
            i = undefined.resolve(id);
            put(id, i);
        }
        return i;
    }

    /**
     * Gives an exit's undefined {@code id} its index now (an entry's id is resolved when its call
     * opens, an exit's maybe never), so undefined ids get indices in order of first use.
     */
    void resolveExit(int id) {
        if (!isDefined(id)) {
            index(id);
        }
    }

    /** Whether {@code id} is a defined method (or already resolved); never changes the resolver. */
    boolean isDefined(int id) {
        int k = id >>> 2;
        return (k < direct.length ? direct[k] : map.get(id)) >= 0;
    }

    /** Distinct undefined ids named {@code unknown 0x…}. */
    int unknown() {
        return undefined.unknown();
    }

    /** Distinct undefined ids named after the definition at id+4. */
    int aliased() {
        return undefined.aliased();
    }

    private void put(int id, int index) {
        int k = id >>> 2;
        if (k < direct.length && (id & 3) == 0) {
            direct[k] = index;
        } else {
            map.put(id, index);
        }
    }

    /** Resolution of ids the file never defined, shared by all workers. */
    private static final class Undefined {
        private final MethodTable.Builder methods;
        private final boolean proxyAlias;
        private final Map<Integer, Integer> resolved = new HashMap<>();
        private int unknown;
        private int aliased;

        Undefined(MethodTable.Builder methods, boolean proxyAlias) {
            this.methods = methods;
            this.proxyAlias = proxyAlias;
        }

        synchronized int resolve(int id) {
            Integer known = resolved.get(id);
            if (known != null) {
                return known;
            }
            long unsigned = id & 0xFFFF_FFFFL;
            int i = proxyAlias ? methods.indexOf(unsigned + 4) : -1;
            if (i >= 0 && !methods.isSynthetic(i)) {
                aliased++;
            } else {
                i = methods.indexOrUnknown(unsigned);
                unknown++;
            }
            resolved.put(id, i);
            return i;
        }

        synchronized int unknown() {
            return unknown;
        }

        synchronized int aliased() {
            return aliased;
        }
    }
}
