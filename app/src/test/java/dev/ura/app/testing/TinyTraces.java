package dev.ura.app.testing;

import dev.ura.trace.model.CallTable;
import dev.ura.trace.model.Clock;
import dev.ura.trace.model.EventTable;
import dev.ura.trace.model.MethodInfo;
import dev.ura.trace.model.MethodTable;
import dev.ura.trace.model.ThreadTrack;
import dev.ura.trace.model.Trace;
import dev.ura.trace.model.TraceMetadata;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Builds small traces in code: {@code thread("main", true).call("a.B.run", 0, 100).enter(...)}.
 * Calls are given as (name, start, end) in pre-order with their depth.
 */
public final class TinyTraces {
    private final MethodTable.Builder methods = new MethodTable.Builder();
    private final Map<String, Integer> byName = new HashMap<>();
    private final List<ThreadTrack> threads = new ArrayList<>();
    private final List<String> warnings = new ArrayList<>();
    private CallTable.Builder current;
    private String currentName;
    private boolean currentMain;

    public TinyTraces thread(String name, boolean main) {
        flush();
        current = new CallTable.Builder(0, 1, false, 16);
        currentName = name;
        currentMain = main;
        return this;
    }

    /** Adds a call at a depth; calls must come in pre-order. */
    public TinyTraces call(String fullName, int depth, long startNs, long endNs) {
        int m = byName.computeIfAbsent(fullName, n -> {
            int dot = n.lastIndexOf('.');
            String cls = dot < 0 ? "" : n.substring(0, dot);
            return methods.define(new MethodInfo(byName.size() + 1L, cls, n.substring(dot + 1), "()V", "X.java", 1));
        });
        int i = current.open(m, depth, startNs, 0);
        current.close(i, endNs, 0);
        return this;
    }

    public TinyTraces warning(String w) {
        warnings.add(w);
        return this;
    }

    public Trace build() {
        flush();
        return new Trace("tiny.trace", new TraceMetadata("test", "tiny", 0, Clock.WALL, null, -1, -1, Map.of()),
                methods.build(), threads, EventTable.empty(), List.of(), 0, warnings);
    }

    private void flush() {
        if (current != null) {
            threads.add(new ThreadTrack(threads.size() + 1L, currentName, currentMain, current.size(), current.build()));
            current = null;
        }
    }
}
