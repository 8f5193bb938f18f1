package dev.ura.app.cli;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.ura.trace.android.MethodTraceSummary;
import dev.ura.trace.model.Trace;
import dev.ura.trace.model.ThreadTrack;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/** The {@code info --json} document (field order is the contract's). */
@JsonPropertyOrder({"file", "format", "variant", "version", "clock", "vm", "records", "methods", "durationNs",
        "threads", "warnings", "system"})
record TraceInfo(String file, String format, String variant, int version, String clock, String vm, long records,
                 int methods, long durationNs, List<ThreadInfo> threads, List<String> warnings,
                 @JsonInclude(JsonInclude.Include.NON_NULL) SystemSummary system) {

    @JsonPropertyOrder({"id", "name", "records", "calls"})
    record ThreadInfo(long id, String name, long records, int calls) {
    }

    static TraceInfo of(String file, Trace trace) {
        List<ThreadInfo> threads = new ArrayList<>();
        for (ThreadTrack t : trace.threads()) {
            if (t.records() > 0 || t.calls().size() > 0) {
                threads.add(new ThreadInfo(t.id(), t.name(), t.records(), t.calls().size()));
            }
        }
        var m = trace.metadata();
        return new TraceInfo(file, m.format(), m.variant(), m.version(), m.clock() == null ? null : m.clock().label(),
                m.vm(), trace.records(), trace.methods().definedCount(),
                Math.max(0, trace.lastTimeNs() - trace.firstTimeNs()), threads, trace.warnings(), SystemSummary.of(trace));
    }

    /** The same document from a streaming pass over a method trace (no call table). */
    static TraceInfo of(String file, MethodTraceSummary s) {
        List<ThreadInfo> threads = new ArrayList<>();
        for (MethodTraceSummary.Thread t : s.threads()) {
            if (t.records() > 0 || t.calls() > 0) {
                threads.add(new ThreadInfo(t.id(), t.name(), t.records(), t.calls()));
            }
        }
        var m = s.metadata();
        return new TraceInfo(file, m.format(), m.variant(), m.version(), m.clock() == null ? null : m.clock().label(),
                m.vm(), s.records(), s.methods().definedCount(), Math.max(0, s.lastTimeNs() - s.firstTimeNs()),
                threads, s.warnings(), null);
    }

    void printText(PrintWriter out) {
        out.printf("%s%n", file);
        out.printf("  format    %s (%s), version %d%n", format, variant, version);
        out.printf("  clock     %s%n", clock == null ? "-" : clock);
        if (vm != null) {
            out.printf("  vm        %s%n", vm);
        }
        out.printf("  records   %,d%n", records);
        out.printf("  methods   %,d%n", methods);
        out.printf("  duration  %s%n", Durations.format(durationNs));
        if (system != null) {
            system.printText(out);
        }
        out.printf("  threads   %d%n", threads.size());
        for (ThreadInfo t : threads) {
            out.printf("    %-8d %-32s %,10d records %,10d calls%n", t.id(), t.name(), t.records(), t.calls());
        }
        if (!warnings.isEmpty()) {
            out.printf("  warnings  %d%n", warnings.size());
            for (String w : warnings) {
                out.printf("    - %s%n", w);
            }
        }
        out.flush();
    }
}
