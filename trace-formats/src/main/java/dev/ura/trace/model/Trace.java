package dev.ura.trace.model;

import dev.ura.trace.model.system.SystemTrace;
import dev.ura.trace.util.OneLine;

import java.util.List;
import java.util.Optional;

/**
 * A trace as read from one file: threads with their calls, the methods those calls name,
 * response-relevant events (agent logs carry them; for method traces the analysis derives them),
 * aggregate blocks (checkpoint reports), and the warnings raised while repairing the input.
 * Immutable.
 *
 * @param source   the file as the user named it
 * @param metadata what the file says about itself
 * @param methods  method definitions
 * @param threads  threads that have records or events, in first-seen order (unmodifiable)
 * @param events   response-relevant events; empty for method traces
 * @param blocks   named-block totals; empty unless the format has them
 * @param records  raw records / events read
 * @param warnings human-readable repairs and oddities, one line each, control characters escaped (unmodifiable)
 * @param system   what a system trace adds (processes, thread states, wakeups, binder, frames…);
 *                 {@link SystemTrace#none()} for other formats; its per-thread lists are parallel to
 *                 {@code threads}
 */
public record Trace(String source, TraceMetadata metadata, MethodTable methods, List<ThreadTrack> threads,
                    EventTable events, List<BlockStat> blocks, long records, List<String> warnings,
                    SystemTrace system) {

    public Trace {
        threads = List.copyOf(threads);
        system = system == null ? SystemTrace.none() : system;
        if (system.present() && system.threads().size() != threads.size()) {
            throw new IllegalArgumentException("system thread info is not parallel to the threads");
        }
        blocks = List.copyOf(blocks);
        // Warnings quote the file's bytes; escaped, each stays one printable line on any terminal.
        warnings = List.copyOf(warnings.stream().map(OneLine::of).toList());
    }

    /** A trace without system-trace data (method traces, agent logs, Chrome JSON…). */
    public Trace(String source, TraceMetadata metadata, MethodTable methods, List<ThreadTrack> threads,
                 EventTable events, List<BlockStat> blocks, long records, List<String> warnings) {
        this(source, metadata, methods, threads, events, blocks, records, warnings, SystemTrace.none());
    }

    /** The main thread: the one marked main, else the one named {@code main}. */
    public Optional<ThreadTrack> mainThread() {
        for (ThreadTrack t : threads) {
            if (t.main()) {
                return Optional.of(t);
            }
        }
        return threads.stream().filter(t -> "main".equals(t.name())).findFirst();
    }

    /** Earliest call, event or (system traces) thread-state start or event line, ns, or 0 when the trace is empty. */
    public long firstTimeNs() {
        long first = Long.MAX_VALUE;
        for (ThreadTrack t : threads) {
            if (t.calls().size() > 0) {
                first = Math.min(first, t.calls().start(0)); // pre-order: call 0 starts first
            }
        }
        for (int i = 0; i < events.size(); i++) {
            first = Math.min(first, events.start(i));
        }
        for (var st : system.states()) {
            if (st.size() > 0) {
                first = Math.min(first, st.start(0));
            }
        }
        first = Math.min(first, system.firstEventNs());
        return first == Long.MAX_VALUE ? 0 : first;
    }

    /** Latest call, event or (system traces) thread-state end or event line, ns, or 0 when the trace is empty. */
    public long lastTimeNs() {
        long last = Long.MIN_VALUE;
        for (ThreadTrack t : threads) {
            CallTable c = t.calls();
            for (int i = 0; i < c.size(); i++) {
                if (c.depth(i) == 0) {
                    last = Math.max(last, c.end(i));
                }
            }
        }
        for (int i = 0; i < events.size(); i++) {
            last = Math.max(last, events.end(i));
        }
        for (var st : system.states()) {
            if (st.size() > 0) {
                last = Math.max(last, st.end(st.size() - 1));
            }
        }
        last = Math.max(last, system.lastEventNs());
        return last == Long.MIN_VALUE ? 0 : last;
    }

    /** Total calls over all threads. */
    public long callCount() {
        long n = 0;
        for (ThreadTrack t : threads) {
            n += t.calls().size();
        }
        return n;
    }
}
