package dev.ura.app.analysis.response;

import dev.ura.app.analysis.events.UiThread;
import dev.ura.trace.model.CallTable;
import dev.ura.trace.model.EventKind;
import dev.ura.trace.model.EventTable;
import dev.ura.trace.model.Trace;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * What to offer when no response is found: the longest pieces of main-thread work, which the user
 * can set as a response by hand. Messages ({@code DISPATCH_MSG}) when the trace has any on the main
 * thread; else its calls at the shallowest depth that has more than one (the outermost call of a
 * looper thread spans everything and says nothing).
 */
public final class ResponseCandidates {
    private ResponseCandidates() {
    }

    /**
     * One candidate.
     *
     * @param name    the message or method
     * @param thread  thread index
     * @param startNs start
     * @param endNs   end
     */
    public record Candidate(String name, int thread, String threadName, long startNs, long endNs) {
        public long durationNs() {
            return endNs - startNs;
        }
    }

    /** Up to {@code limit} candidates, longest first (ties: earliest first). */
    public static List<Candidate> of(Trace trace, EventTable events, int limit) {
        if (trace.threads().isEmpty() || limit <= 0) {
            return List.of();
        }
        int main = Math.max(0, UiThread.of(trace));
        String threadName = trace.threads().get(main).name();
        List<Candidate> all = new ArrayList<>();
        for (int e = 0; e < events.size(); e++) {
            if (events.kind(e) == EventKind.DISPATCH_MSG && events.thread(e) == main && events.end(e) > events.start(e)) {
                String name = events.name(e) != null ? events.name(e) : "message";
                all.add(new Candidate(name, main, threadName, events.start(e), events.end(e)));
            }
        }
        if (all.isEmpty()) {
            CallTable calls = trace.threads().get(main).calls();
            for (int depth = 0; depth < 4 && all.size() < 2; depth++) {
                all.clear();
                for (int i = 0; i < calls.size(); i++) {
                    if (calls.depth(i) == depth && calls.end(i) > calls.start(i)) {
                        all.add(new Candidate(trace.methods().get(calls.method(i)).fullName(), main, threadName,
                                calls.start(i), calls.end(i)));
                    }
                }
            }
        }
        all.sort(Comparator.comparingLong(Candidate::durationNs).reversed().thenComparingLong(Candidate::startNs));
        return List.copyOf(all.subList(0, Math.min(limit, all.size())));
    }
}
