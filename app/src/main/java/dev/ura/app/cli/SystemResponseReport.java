package dev.ura.app.cli;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.ura.app.analysis.model.CriticalPath;
import dev.ura.app.analysis.model.SystemWork;
import dev.ura.app.analysis.model.ThreadPathTotal;
import dev.ura.app.analysis.model.TrackedStretch;
import dev.ura.trace.model.Trace;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What {@code analyze --json} adds to a system trace's response (docs/cli.md): when its frame was
 * drawn and shown, the frame's vsync id, where the start came from, the tracked stretches, and
 * each thread's share of the critical path ({@code pathByThread}).
 * Unwrapped into the response's object; absent for other traces.
 */
@JsonPropertyOrder({"drawnAtNs", "onScreenAtNs", "vsyncId", "inputTimeFrom", "unfinishedReason", "endReason",
        "trackedStretches", "pathByThread"})
record SystemResponseReport(@JsonInclude(JsonInclude.Include.ALWAYS) Long drawnAtNs,
                            @JsonInclude(JsonInclude.Include.ALWAYS) Long onScreenAtNs,
                            @JsonInclude(JsonInclude.Include.ALWAYS) Long vsyncId, String inputTimeFrom,
                            @JsonInclude(JsonInclude.Include.NON_NULL) String unfinishedReason,
                            @JsonInclude(JsonInclude.Include.NON_NULL) String endReason,
                            List<StretchReport> trackedStretches, List<ThreadTotalReport> pathByThread) {

    /** One thread's share of the critical path (thread = tid), threads in the order the path reaches them. */
    @JsonPropertyOrder({"thread", "threadName", "cpuNs", "runnableNs", "ioNs", "waitNs", "otherNs"})
    record ThreadTotalReport(long thread, String threadName, long cpuNs, long runnableNs, long ioNs, long waitNs,
                             long otherNs) {
    }

    @JsonPropertyOrder({"thread", "threadName", "fromNs", "toNs", "cause"})
    record StretchReport(long thread, String threadName, long fromNs, long toNs, String cause) {
    }

    static SystemResponseReport of(Trace trace, SystemWork w, CriticalPath path) {
        List<ThreadTotalReport> byThread = new ArrayList<>();
        for (ThreadPathTotal t : path.byThread()) {
            byThread.add(new ThreadTotalReport(trace.system().threads().get(t.thread()).tid(), t.threadName(),
                    t.cpuNs(), t.runnableNs(), t.ioNs(), t.waitNs(), t.otherNs()));
        }
        List<StretchReport> stretches = new ArrayList<>(w.stretches().size());
        for (TrackedStretch s : w.stretches()) {
            stretches.add(new StretchReport(trace.system().threads().get(s.thread()).tid(),
                    trace.threads().get(s.thread()).name(), s.fromNs(), s.toNs(),
                    s.cause().name().toLowerCase(Locale.ROOT)));
        }
        return new SystemResponseReport(w.drawnAtNs() < 0 ? null : w.drawnAtNs(),
                w.onScreenAtNs() < 0 ? null : w.onScreenAtNs(), w.vsyncId() < 0 ? null : w.vsyncId(),
                w.inputTimeConverted() ? "eventTimeNano" : "slice", w.unfinishedReason(), w.endReason(), stretches, byThread);
    }
}
