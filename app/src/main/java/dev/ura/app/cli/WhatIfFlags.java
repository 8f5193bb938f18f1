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
final class WhatIfFlags {
    private WhatIfFlags() {
    }

    /**
     * @param args the command's original arguments
     * @throws CommandLine.ParameterException for a malformed {@code --speedup} value
     */
    static Scenario scenario(CommandLine cl, List<String> args) {
        List<Change> changes = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (a.equals("--")) {
                break;
            }
            String flag = a.contains("=") ? a.substring(0, a.indexOf('=')) : a;
            if (!flag.equals("--defer") && !flag.equals("--parallel") && !flag.equals("--side-by-side")
                    && !flag.equals("--speedup")) {
                continue;
            }
            String value;
            if (a.contains("=")) {
                value = a.substring(a.indexOf('=') + 1);
            } else if (i + 1 < args.size()) {
                value = args.get(++i);
            } else {
                continue;
            }
            changes.add(change(cl, flag, value));
        }
        return new Scenario(changes);
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

    private static Change change(CommandLine cl, String flag, String value) {
        if (value.isEmpty()) {
            throw new CommandLine.ParameterException(cl, flag + " needs a PATTERN");
        }
        return switch (flag) {
            case "--defer" -> new Change.Defer(new SliceSelector.ByName(value));
            case "--parallel" -> new Change.RunInParallel(new SliceSelector.ByName(value));
            case "--side-by-side" -> new Change.SideBySide(new SliceSelector.ByName(value));
            default -> speedUp(cl, value);
        };
    }

    private static Change speedUp(CommandLine cl, String value) {
        int eq = value.lastIndexOf('=');
        String bad = "--speedup wants PATTERN=FACTOR with a FACTOR above 0 (2 = twice as fast), got '" + value + "'";
        if (eq <= 0 || eq == value.length() - 1) {
            throw new CommandLine.ParameterException(cl, bad);
        }
        double factor;
        try {
            factor = Double.parseDouble(value.substring(eq + 1).trim().toLowerCase(Locale.ROOT).replace("x", ""));
        } catch (NumberFormatException e) {
            throw new CommandLine.ParameterException(cl, bad, e, null, value);
        }
        if (!(factor > 0) || Double.isInfinite(factor)) {
            throw new CommandLine.ParameterException(cl, bad);
        }
        return new Change.SpeedUp(new SliceSelector.ByName(value.substring(0, eq)), factor);
    }
}
