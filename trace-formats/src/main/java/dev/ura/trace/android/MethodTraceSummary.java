package dev.ura.trace.android;

import dev.ura.trace.model.MethodTable;
import dev.ura.trace.model.TraceMetadata;
import dev.ura.trace.util.OneLine;

import java.util.List;

/**
 * What {@link MethodTraceScan} learns about a method trace without keeping its calls: the same
 * metadata, methods, threads (with their record and call counts), time span and warnings as the
 * {@link dev.ura.trace.model.Trace} the full reader would build.
 *
 * @param source      the file as the user named it
 * @param threads     threads with records, in order of their first record (the reader's order)
 * @param firstTimeNs earliest call start ({@code Trace.firstTimeNs()}), 0 without calls
 * @param lastTimeNs  latest call end ({@code Trace.lastTimeNs()}), 0 without calls
 * @param warnings    one line each, control characters escaped, as the reader's
 */
public record MethodTraceSummary(String source, TraceMetadata metadata, MethodTable methods, List<Thread> threads,
                                 long records, long firstTimeNs, long lastTimeNs, List<String> warnings) {

    public MethodTraceSummary {
        threads = List.copyOf(threads);
        warnings = List.copyOf(warnings.stream().map(OneLine::of).toList());
    }

    /**
     * One thread, as {@link dev.ura.trace.model.ThreadTrack} has it.
     *
     * @param calls calls the reader's table would hold (entries plus synthetic callers)
     */
    public record Thread(long id, String name, boolean main, long records, int calls) {
    }
}
