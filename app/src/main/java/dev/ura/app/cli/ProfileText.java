package dev.ura.app.cli;

import dev.ura.app.analysis.profile.MethodSignatures;
import dev.ura.app.analysis.profile.Profile;
import dev.ura.app.analysis.profile.ProfileRow;

import java.io.PrintWriter;
import java.util.List;

/** The text table and CSV forms of {@code ura profile}. */
final class ProfileText {
    private static final int NAME_WIDTH = 60;

    private ProfileText() {
    }

    static void csv(PrintWriter out, Profile profile) {
        out.println("name,signature,calls,inclusive_ns,exclusive_ns,min_ns,max_ns,mean_ns");
        for (ProfileRow r : profile.rows()) {
            out.printf("%s,%s,%d,%d,%d,%s,%s,%d%n", csvField(r.name()), csvField(r.signature()), r.calls(),
                    r.inclusiveNs(), r.exclusiveNs(), r.minNs() == null ? "" : r.minNs(),
                    r.maxNs() == null ? "" : r.maxNs(), r.meanNs());
        }
    }

    /** A CSV field, quoted when it holds a comma, quote or line break. */
    static String csvField(String s) {
        if (s == null) {
            return "";
        }
        if (s.indexOf(',') < 0 && s.indexOf('"') < 0 && s.indexOf('\n') < 0 && s.indexOf('\r') < 0) {
            return s;
        }
        return "\"" + s.replace("\"", "\"\"") + "\"";
    }

    static void table(PrintWriter out, String file, Profile profile, int top, List<String> warnings) {
        out.printf("%s, %s%s%n", file, profile.scope().thread() == null ? "all threads" : "thread " + profile.scope().thread(),
                profile.scope().includeIdle() ? "" : " (idle calls left out; --no-exclude-idle counts them)");
        if (profile.eventOrder()) {
            out.println("(no timestamps: times are event order, one unit per event)");
        }
        out.printf("%-" + NAME_WIDTH + "s %10s %12s %12s %12s %12s %12s%n", "name", "count", "total", "self", "mean",
                "min", "max");
        List<ProfileRow> rows = profile.rows();
        List<String> labels = MethodSignatures.labelList(rows, ProfileRow::name, ProfileRow::signature);
        int shown = top <= 0 ? rows.size() : Math.min(top, rows.size());
        for (int i = 0; i < shown; i++) {
            ProfileRow r = rows.get(i);
            out.printf("%-" + NAME_WIDTH + "s %,10d %12s %12s %12s %12s %12s%n", fit(labels.get(i)), r.calls(),
                    time(profile, r.inclusiveNs()), time(profile, r.exclusiveNs()), time(profile, r.meanNs()),
                    r.minNs() == null ? "-" : time(profile, r.minNs()), r.maxNs() == null ? "-" : time(profile, r.maxNs()));
        }
        if (shown < rows.size()) {
            out.printf("... %d more rows (--top 0 shows all)%n", rows.size() - shown);
        }
        if (rows.isEmpty()) {
            out.println("(no calls in scope)");
        }
        for (String w : warnings) {
            out.printf("warning: %s%n", w);
        }
    }

    private static String time(Profile profile, long ns) {
        return profile.eventOrder() ? Long.toString(ns) : Durations.format(ns);
    }

    private static String fit(String name) {
        return name.length() <= NAME_WIDTH ? name : "…" + name.substring(name.length() - NAME_WIDTH + 1);
    }
}
