package dev.ura.app.cli;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.ura.app.analysis.model.Response;
import dev.ura.app.analysis.regression.CriticalPathDiff;
import dev.ura.app.analysis.regression.SegmentChange;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * The {@code diff --json} document: both responses, both paths' lengths, and one row per segment
 * (times in ns; {@code change} is grew, shrank, same, appeared or vanished). {@code response} is A's
 * response index, {@code responseB} B's (they differ only when each trace's first user action is
 * compared and the two traces' gestures differ).
 */
@JsonPropertyOrder({"a", "b", "response", "responseB", "pathANs", "pathBNs", "deltaNs", "segments"})
record DiffReport(Run a, Run b, int response, int responseB, long pathANs, long pathBNs, long deltaNs,
                  List<Row> segments) {

    @JsonPropertyOrder({"file", "trigger", "durationNs"})
    record Run(String file, String trigger, long durationNs) {
    }

    @JsonPropertyOrder({"thread", "name", "occurrence", "change", "aNs", "bNs", "deltaNs"})
    record Row(String thread, String name, int occurrence, String change, long aNs, long bNs, long deltaNs) {
    }

    static DiffReport of(String fileA, Response a, String fileB, Response b, CriticalPathDiff diff) {
        List<Row> rows = new ArrayList<>();
        for (SegmentChange c : diff.changes()) {
            rows.add(new Row(c.thread(), c.name(), c.occurrence(), c.kind().label(), c.beforeNs(), c.afterNs(),
                    c.deltaNs()));
        }
        return new DiffReport(new Run(fileA, a.trigger(), a.durationNs()), new Run(fileB, b.trigger(), b.durationNs()),
                a.index(), b.index(), diff.beforeNs(), diff.afterNs(), diff.deltaNs(), rows);
    }

    void printText(PrintWriter out) {
        out.printf("A  %s: response %d (%s) %s%n", a.file(), response, a.trigger(), Durations.format(a.durationNs()));
        out.printf("B  %s: response %d (%s) %s%n", b.file(), responseB, b.trigger(), Durations.format(b.durationNs()));
        out.printf("critical path  %s -> %s  (%+.1f ms)%n%n", Durations.format(pathANs), Durations.format(pathBNs),
                deltaNs / 1e6);
        out.printf("  %-9s %10s %10s %10s  %-16s %s%n", "change", "A ms", "B ms", "delta ms", "thread", "segment");
        for (Row r : segments) {
            String name = r.occurrence() == 0 ? r.name() : r.name() + " #" + (r.occurrence() + 1);
            out.printf("  %-9s %10s %10s %+10.1f  %-16s %s%n", r.change(),
                    r.change().equals("appeared") ? "-" : Durations.ms(r.aNs()),
                    r.change().equals("vanished") ? "-" : Durations.ms(r.bNs()), r.deltaNs() / 1e6, r.thread(), name);
        }
        out.flush();
    }
}
