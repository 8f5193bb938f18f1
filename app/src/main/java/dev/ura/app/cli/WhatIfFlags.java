package dev.ura.app.cli;

import dev.ura.app.analysis.Analysis;
import dev.ura.app.analysis.model.Change;
import dev.ura.app.analysis.model.Scenario;
import dev.ura.app.analysis.model.SliceSelector;
import picocli.CommandLine;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Turns the what-if flags ({@code --defer P}, {@code --parallel P}, {@code --side-by-side P},
 * {@code --speedup P=F}) into a
 * {@link Scenario}, in the order they were given (the order changes are applied in).
 */
public final class WhatIfFlags {
    private static final List<String> FLAGS = List.of("--defer", "--parallel", "--side-by-side", "--speedup");

    private WhatIfFlags() {
    }

    /**
     * @param args the command's original arguments
     * @throws CommandLine.ParameterException for a malformed {@code --speedup} value
     */
    static Scenario scenario(CommandLine cl, List<String> args) {
        try {
            return parse(args);
        } catch (CommandFailure e) {
            throw new CommandLine.ParameterException(cl, e.getMessage());
        }
    }

    /**
     * The what-if flags among {@code args} (others are ignored), for callers without picocli (the
     * Spark job).
     *
     * @throws CommandFailure (usage) for an empty pattern or a malformed {@code --speedup} value
     */
    public static Scenario parse(List<String> args) throws CommandFailure {
        List<Change> changes = new ArrayList<>();
        for (String[] fv : flags(args)) {
            changes.add(change(fv[0], fv[1]));
        }
        return new Scenario(changes);
    }

    /** The what-if flags as given ("--defer A --speedup B=2"), or null without any (stored as the run's scenario). */
    public static String text(List<String> args) {
        List<String> parts = new ArrayList<>();
        for (String[] fv : flags(args)) {
            parts.add(fv[0] + " " + fv[1]);
        }
        return parts.isEmpty() ? null : String.join(" ", parts);
    }

    /** Flag and value pairs in the order given, {@code --flag=value} and {@code --flag value} alike; none after "--". */
    private static List<String[]> flags(List<String> args) {
        List<String[]> out = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (a.equals("--")) {
                break;
            }
            String flag = a.contains("=") ? a.substring(0, a.indexOf('=')) : a;
            if (!FLAGS.contains(flag)) {
                continue;
            }
            if (a.contains("=")) {
                out.add(new String[] {flag, a.substring(a.indexOf('=') + 1)});
            } else if (i + 1 < args.size()) {
                out.add(new String[] {flag, args.get(++i)});
            }
        }
        return out;
    }

    /**
     * Fails with exit 2 naming the first pattern that matches nothing in any response (cli.md: a
     * what-if pattern that matches nothing is bad usage, never "saves 0"). With several responses a
     * pattern needs to match in one of them; the others report it as unmatched.
     *
     * @throws CommandFailure with {@link UraCommand#EXIT_USAGE}
     */
    static void requireMatches(String file, Analysis analysis, Scenario scenario) throws CommandFailure {
        if (scenario.isEmpty() || analysis.responses().isEmpty()) {
            return;
        }
        for (Change change : scenario.changes()) {
            boolean matched = false;
            for (int r = 0; r < analysis.responses().size() && !matched; r++) {
                matched = !analysis.unmatchedChanges(r, new Scenario(List.of(change))).contains(change);
            }
            if (!matched) {
                throw new CommandFailure(UraCommand.EXIT_USAGE, flagOf(change) + " '" + change.target().describe()
                        + "' matches nothing in " + (analysis.responses().size() == 1 ? "the response" : "any of the "
                        + analysis.responses().size() + " responses") + " of " + file
                        + " (patterns: pkg.Class.method, KIND or KIND:name, * = any characters)");
            }
        }
    }

    /** The command-line flag that makes {@code change}. */
    static String flagOf(Change change) {
        if (change instanceof Change.Defer) {
            return "--defer";
        }
        if (change instanceof Change.SideBySide) {
            return "--side-by-side";
        }
        return change instanceof Change.RunInParallel ? "--parallel" : "--speedup";
    }

    private static Change change(String flag, String value) throws CommandFailure {
        if (value.isEmpty()) {
            throw new CommandFailure(UraCommand.EXIT_USAGE, flag + " needs a PATTERN");
        }
        return switch (flag) {
            case "--defer" -> new Change.Defer(new SliceSelector.ByName(value));
            case "--parallel" -> new Change.RunInParallel(new SliceSelector.ByName(value));
            case "--side-by-side" -> new Change.SideBySide(new SliceSelector.ByName(value));
            default -> speedUp(value);
        };
    }

    private static Change speedUp(String value) throws CommandFailure {
        int eq = value.lastIndexOf('=');
        CommandFailure bad = new CommandFailure(UraCommand.EXIT_USAGE, "--speedup wants PATTERN=FACTOR with a FACTOR"
                + " above 0 (2 = twice as fast), got '" + value + "'");
        if (eq <= 0 || eq == value.length() - 1) {
            throw bad;
        }
        double factor;
        try {
            factor = Double.parseDouble(value.substring(eq + 1).trim().toLowerCase(Locale.ROOT).replace("x", ""));
        } catch (NumberFormatException e) {
            throw bad;
        }
        if (!(factor > 0) || Double.isInfinite(factor)) {
            throw bad;
        }
        return new Change.SpeedUp(new SliceSelector.ByName(value.substring(0, eq)), factor);
    }
}
