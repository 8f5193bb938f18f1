package dev.ura.app.cli;

import dev.ura.app.analysis.profile.CallScope;
import dev.ura.trace.android.MethodTraceSummary;
import dev.ura.trace.model.ThreadTrack;
import dev.ura.trace.model.Trace;
import picocli.CommandLine.Option;


/** {@code --thread NAME --from NS --to NS}, shared by the commands that look at calls. */
final class ScopeOptions {
    @Option(names = "--thread", paramLabel = "NAME", description = "Only this thread (name, or id); default all threads.")
    String thread;

    @Option(names = "--from", paramLabel = "NS", description = "Window start, ns on the file's time base.")
    Long fromNs;

    @Option(names = "--to", paramLabel = "NS", description = "Window end, ns on the file's time base.")
    Long toNs;

    @Option(names = "--exclude-idle", negatable = true, defaultValue = "true", fallbackValue = "true",
            description = "Leave idle calls (parked, sleeping, waiting on a queue or monitor, a looper polling)"
                    + " out, with their time taken off the calls around them. On by default; --no-exclude-idle counts them.")
    boolean excludeIdle = true;

    /** The scope, after checking the thread exists and the window is the right way round. */
    CallScope scope(Trace trace) throws CommandFailure {
        CallScope scope = unchecked();
        if (!scope.matchesAny(trace)) {
            throw noThread(trace.source(), trace.threads().stream().map(ThreadTrack::name).toList());
        }
        return scope;
    }

    /** Whether the scope covers the whole trace (what a streaming pass can profile). */
    boolean unbounded() {
        return fromNs == null && toNs == null;
    }

    /** The scope over a streamed method trace, after checking the thread exists. */
    CallScope scope(MethodTraceSummary summary) throws CommandFailure {
        CallScope scope = unchecked();
        boolean found = thread == null || summary.threads().stream()
                .anyMatch(t -> t.name().equals(thread) || Long.toString(t.id()).equals(thread));
        if (!found) {
            throw noThread(summary.source(), summary.threads().stream().map(MethodTraceSummary.Thread::name).toList());
        }
        return scope;
    }

    private CallScope unchecked() throws CommandFailure {
        for (Long v : new Long[]{fromNs, toNs}) {
            if (v != null && dev.ura.app.analysis.model.ResponseByHand.outOfRange(v)) {
                throw new CommandFailure(UraCommand.EXIT_USAGE, (v == fromNs ? "--from " : "--to ") + v
                        + " is out of range: times are within ±" + dev.ura.app.analysis.model.ResponseByHand.MAX_TIME_NS + " ns");
            }
        }
        long from = fromNs == null ? Long.MIN_VALUE : fromNs;
        long to = toNs == null ? Long.MAX_VALUE : toNs;
        if (from > to) {
            throw new CommandFailure(UraCommand.EXIT_USAGE, "--to " + to + " is before --from " + from);
        }
        return new CallScope(thread, from, to, !excludeIdle);
    }

    private CommandFailure noThread(String source, java.util.List<String> threadNames) {
        String names = String.join(", ", threadNames);
        return new CommandFailure(UraCommand.EXIT_USAGE, "no thread '" + thread + "' in " + source
                + (names.isEmpty() ? " (it has no threads)" : "; threads: " + names));
    }
}
