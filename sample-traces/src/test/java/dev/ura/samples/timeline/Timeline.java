package dev.ura.samples.timeline;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A generated recording, independent of any file format: threads with nested calls, each call
 * optionally standing for agent-log events. Both the method trace and the agent log of a sample
 * are written from one timeline, so they describe the same run.
 *
 * @param app        the app's package name
 * @param pid        its process id
 * @param durationNs length of the recording (every call ends by then)
 * @param threads    threads in creation order
 * @param properties extra key=value facts written into both forms (e.g. that the file is generated)
 */
public record Timeline(String app, long pid, long durationNs, List<TimelineThread> threads,
                       Map<String, String> properties) {
    public Timeline {
        threads = List.copyOf(threads);
        properties = Collections.unmodifiableMap(new LinkedHashMap<>(properties));
    }
}
