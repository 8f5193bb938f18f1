package dev.ura.trace.model;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The methods of a trace, addressed by a dense index (what {@link CallTable#method(int)} holds)
 * and looked up by the file's own id.
 */
public final class MethodTable {
    private final List<MethodInfo> methods;
    private final Map<Long, Integer> indexById;
    private final int defined;

    private MethodTable(List<MethodInfo> methods, Map<Long, Integer> indexById, int defined) {
        this.methods = Collections.unmodifiableList(methods);
        this.indexById = indexById;
        this.defined = defined;
    }

    /** Number of methods, synthetic ones (undefined ids) included. */
    public int size() {
        return methods.size();
    }

    /** Number of methods the file defined (without the ones synthesised for undefined ids). */
    public int definedCount() {
        return defined;
    }

    /** The method at a dense index. */
    public MethodInfo get(int index) {
        return methods.get(index);
    }

    /** The dense index of a file id, or {@code -1}. */
    public int indexOf(long id) {
        Integer i = indexById.get(id);
        return i == null ? -1 : i;
    }

    /** All methods in index order (unmodifiable). */
    public List<MethodInfo> all() {
        return methods;
    }

    /** Collects methods while a reader runs. Not thread-safe. */
    public static final class Builder {
        private final List<MethodInfo> methods = new ArrayList<>();
        private final Map<Long, Integer> indexById = new HashMap<>();
        private int synthetic;

        /**
         * Adds a defined method; a second definition of the same id replaces the first's name
         * but keeps its index.
         *
         * @return the dense index
         */
        public int define(MethodInfo method) {
            Integer existing = indexById.get(method.id());
            if (existing != null) {
                methods.set(existing, method);
                return existing;
            }
            int index = methods.size();
            methods.add(method);
            indexById.put(method.id(), index);
            return index;
        }

        /** The dense index of {@code id}, or {@code -1} if it is not defined (yet). */
        public int indexOf(long id) {
            Integer i = indexById.get(id);
            return i == null ? -1 : i;
        }

        /**
         * The index of {@code id}, creating a placeholder named {@code unknown 0x…} when the
         * file never defined it.
         */
        public int indexOrUnknown(long id) {
            Integer i = indexById.get(id);
            if (i != null) {
                return i;
            }
            synthetic++;
            return define(new MethodInfo(id, "", "unknown 0x" + Long.toHexString(id), null, null, -1));
        }

        /** Number of placeholders created for undefined ids. */
        public int syntheticCount() {
            return synthetic;
        }

        /** Whether the method at {@code index} is a placeholder for an undefined id. */
        public boolean isSynthetic(int index) {
            MethodInfo m = methods.get(index);
            return m.className().isEmpty() && m.name().startsWith("unknown 0x") && m.signature() == null;
        }

        public int size() {
            return methods.size();
        }

        public MethodInfo get(int index) {
            return methods.get(index);
        }

        public MethodTable build() {
            return new MethodTable(new ArrayList<>(methods), new HashMap<>(indexById), methods.size() - synthetic);
        }
    }
}
