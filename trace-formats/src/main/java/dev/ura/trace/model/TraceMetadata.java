package dev.ura.trace.model;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a trace file says about itself.
 *
 * @param format      e.g. {@code android-trace}, {@code agent-log}
 * @param variant     e.g. {@code legacy}, {@code streaming}, {@code jsonl}, {@code logcat}
 * @param version     data version (Android) or the log's META version; 0 when none
 * @param clock       the clock(s) of the records, or {@code null} when the format has none
 * @param vm          {@code art}, {@code dalvik} or {@code null}
 * @param pid         process id, or -1 when unknown
 * @param startTimeNs the file's own start time in ns (Android: header start µs × 1000), or -1
 * @param properties  every key=value pair the file carries, in file order (unmodifiable)
 */
public record TraceMetadata(String format, String variant, int version, Clock clock, String vm, long pid,
                            long startTimeNs, Map<String, String> properties) {

    public TraceMetadata {
        properties = Collections.unmodifiableMap(new LinkedHashMap<>(properties));
    }

    /** A property value, or {@code null}. */
    public String property(String key) {
        return properties.get(key);
    }
}
