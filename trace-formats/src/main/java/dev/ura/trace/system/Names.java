package dev.ura.trace.system;

import dev.ura.trace.model.MethodInfo;
import dev.ura.trace.model.MethodTable;

import java.util.HashMap;
import java.util.Map;

/** Slice names as methods: one {@link MethodInfo} (empty class) per distinct name, ids dense from 0. */
final class Names {
    private final Map<String, Integer> ids = new HashMap<>();
    private final MethodTable.Builder methods = new MethodTable.Builder();

    int id(String name) {
        Integer i = ids.get(name);
        if (i == null) {
            i = methods.define(new MethodInfo(ids.size(), "", name, null, null, -1));
            ids.put(name, i);
        }
        return i;
    }

    String name(int id) {
        return methods.get(id).name();
    }

    MethodTable build() {
        return methods.build();
    }
}
