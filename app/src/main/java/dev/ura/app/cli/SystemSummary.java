package dev.ura.app.cli;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.ura.trace.model.Trace;
import dev.ura.trace.model.system.ProcessInfo;
import dev.ura.trace.model.system.SystemTrace;

import java.io.PrintWriter;

/**
 * The {@code system} member of {@code info --json} for Perfetto and systrace files: what the
 * kernel and framework recorded beyond slices. Absent for other formats.
 */
@JsonPropertyOrder({"appPid", "appProcess", "processes", "threads", "threadStates", "wakeups", "binderTransactions",
        "frames", "framesOnScreen", "asyncSlices", "counters", "clockSnapshots", "kernel"})
record SystemSummary(long appPid, String appProcess, int processes, int threads, long threadStates, int wakeups,
                     int binderTransactions, int frames, int framesOnScreen, int asyncSlices, int counters,
                     int clockSnapshots, String kernel) {

    /** The summary, or null when the trace is not a system trace. */
    static SystemSummary of(Trace trace) {
        SystemTrace s = trace.system();
        if (!s.present()) {
            return null;
        }
        long pid = trace.metadata().pid();
        String name = s.process(pid).map(ProcessInfo::name).orElse(null);
        long states = s.states().stream().mapToLong(st -> st.size()).sum();
        int onScreen = (int) s.frames().stream().filter(f -> f.presentNs() >= 0).count();
        return new SystemSummary(pid, name, s.processes().size(), s.threads().size(), states, s.wakeups().size(),
                s.binder().size(), s.frames().size(), onScreen, s.asyncSlices().size(), s.counters().size(),
                s.clocks().size(), s.kernelRelease().isEmpty() ? null : s.kernelRelease());
    }

    void printText(PrintWriter out) {
        out.printf("  system    app %s (pid %d); %d processes, %d threads%n", appProcess == null ? "-" : appProcess,
                appPid, processes, threads);
        out.printf("            %,d thread states, %,d wakeups, %,d binder transactions%n", threadStates, wakeups,
                binderTransactions);
        out.printf("            %,d frames (%,d with an on-screen time), %,d async slices, %,d counters%n", frames,
                framesOnScreen, asyncSlices, counters);
    }
}
