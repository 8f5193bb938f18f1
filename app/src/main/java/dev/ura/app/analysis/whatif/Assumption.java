package dev.ura.app.analysis.whatif;

import dev.ura.app.analysis.model.Change;
import dev.ura.app.analysis.model.Scenario;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The words an estimate uses for what it assumed about durations, and for the evidence behind its
 * range (docs/what-if.md, "Assumption and range").
 */
final class Assumption {
    private Assumption() {
    }

    /** What the estimate of {@code scenario} takes each piece's duration to be. */
    static String of(Scenario scenario, List<DurationEvidence.Piece> pieces) {
        List<String> parts = new ArrayList<>();
        for (Change c : scenario.changes()) {
            String part;
            if (c instanceof Change.SpeedUp up) {
                part = "sped-up work takes 1/" + factor(up) + " of its own time, its waits for other threads as recorded";
            } else if (c instanceof Change.Defer) {
                part = "deferred work takes no time in the response";
            } else {
                part = moved(pieces);
            }
            if (!parts.contains(part)) {
                parts.add(part);
            }
        }
        parts.add("all other work keeps its recorded duration");
        return String.join("; ", parts);
    }

    private static String moved(List<DurationEvidence.Piece> pieces) {
        return "moved work keeps its recorded duration" + (pieces.isEmpty()
                ? " (no range: none of its waiting pieces was recorded elsewhere in the trace taking another time)"
                : " (the range takes its waiting pieces at the fastest and slowest the trace shows)");
    }

    private static String factor(Change.SpeedUp up) {
        double k = up.factor();
        return k == Math.rint(k) ? Long.toString((long) k) : Double.toString(k);
    }

    /** "7 × RECV 127.0.0.1 279 B moved, the same work took 29.7–75.4 ms in this trace (32 times)", per work. */
    static String evidence(List<DurationEvidence.Piece> pieces) {
        Map<String, int[]> moved = new LinkedHashMap<>();
        Map<String, DurationEvidence.Piece> any = new LinkedHashMap<>();
        for (DurationEvidence.Piece p : pieces) {
            moved.computeIfAbsent(p.name(), k -> new int[1])[0]++;
            any.putIfAbsent(p.name(), p);
        }
        List<String> out = new ArrayList<>();
        for (Map.Entry<String, DurationEvidence.Piece> e : any.entrySet()) {
            DurationEvidence.Piece p = e.getValue();
            out.add(String.format(Locale.ROOT, "%d × %s moved, the same work took %s–%s in this trace (%d times)",
                    moved.get(e.getKey())[0], e.getKey(), Outcome.ms(p.fastestNs()), Outcome.ms(p.slowestNs()), p.count()));
        }
        return String.join("; ", out);
    }
}
