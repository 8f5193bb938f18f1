package dev.ura.samples.timeline;

import dev.ura.trace.model.EventKind;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The agent-log event a call stands for: an interval spans the call, an instant sits at its start.
 * Fields are the kind's extra fields of agent-log v1 ({@code obj}, {@code via}, {@code view},
 * {@code bytes}, {@code path}, {@code name}, ...), in the order they are written.
 *
 * @param kind     the event kind
 * @param interval whether it is a B/E interval rather than an instant
 * @param fields   extra fields (unmodifiable; values are strings or numbers)
 */
public record AgentEvent(EventKind kind, boolean interval, Map<String, Object> fields) {

    public AgentEvent {
        fields = Collections.unmodifiableMap(new LinkedHashMap<>(fields));
    }

    /** An interval event with alternating key, value arguments. */
    public static AgentEvent interval(EventKind kind, Object... keyValues) {
        return new AgentEvent(kind, true, map(keyValues));
    }

    /** An instant event with alternating key, value arguments. */
    public static AgentEvent instant(EventKind kind, Object... keyValues) {
        return new AgentEvent(kind, false, map(keyValues));
    }

    private static Map<String, Object> map(Object... keyValues) {
        if (keyValues.length % 2 != 0) {
            throw new IllegalArgumentException("fields come in key, value pairs");
        }
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < keyValues.length; i += 2) {
            if (keyValues[i + 1] != null) {
                m.put((String) keyValues[i], keyValues[i + 1]);
            }
        }
        return m;
    }
}
