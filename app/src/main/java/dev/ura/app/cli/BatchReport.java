package dev.ura.app.cli;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.ura.trace.util.OneLine;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;

/** The {@code batch} summary (docs/cli.md); {@code --json} prints this record. */
@JsonPropertyOrder({"store", "traces", "stored", "skipped", "failed", "interrupted", "seconds", "jobs", "failures"})
record BatchReport(String store, int traces, int stored, int skipped, int failed, boolean interrupted, double seconds,
                   int jobs, List<BatchRun.Failure> failures) {

    static BatchReport of(String store, int traces, BatchRun.Summary s, double seconds, int jobs) {
        return new BatchReport(store, traces, s.stored(), s.skipped(), s.failures().size(), s.interrupted(),
                Math.round(seconds * 1000) / 1000.0, jobs, s.failures());
    }

    static void printText(PrintWriter out, String store, int traces, BatchRun.Summary s, double seconds) {
        out.printf(Locale.ROOT, "%s: %d trace%s: %d stored, %d already stored, %d failed (%.1f s)%n",
                OneLine.of(store), traces, traces == 1 ? "" : "s", s.stored(), s.skipped(), s.failures().size(), seconds);
        for (BatchRun.Failure f : s.failures()) {
            out.println("  failed: " + OneLine.of(f.error()));
        }
        if (s.interrupted()) {
            out.println("  interrupted: run the same command again to continue");
        }
        out.flush();
    }
}
