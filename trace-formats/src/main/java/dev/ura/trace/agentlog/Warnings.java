package dev.ura.trace.agentlog;

import java.util.ArrayList;
import java.util.List;

/**
 * The repairs made while reading one log: the first {@value #MAX_LISTED} are listed one line each
 * ({@code line N: what}); a file of garbage then costs a counter, not a list of millions.
 */
final class Warnings {
    static final int MAX_LISTED = 200;
    /** Longest text of a problem kept in a warning (Jackson messages can quote long input). */
    static final int MAX_PROBLEM_CHARS = 160;

    private final List<String> listed = new ArrayList<>();
    private long unlisted;
    private int firstBadLine = -1;
    private String firstBadProblem;

    /** A line that was skipped because it could not be decoded. */
    void badLine(int line, String problem) {
        String what = shorten(problem);
        if (firstBadLine < 0) {
            firstBadLine = line;
            firstBadProblem = what;
        }
        add("line " + line + ": " + what);
    }

    /** A repair at a line (the line's event was kept or adjusted). */
    void atLine(int line, String what) {
        add("line " + line + ": " + what);
    }

    private void add(String warning) {
        if (listed.size() < MAX_LISTED) {
            listed.add(warning);
        } else {
            unlisted++;
        }
    }

    /** 1-based line of the first skipped line, or -1. */
    int firstBadLine() {
        return firstBadLine;
    }

    /** What was wrong with the first skipped line, or {@code null}. */
    String firstBadProblem() {
        return firstBadProblem;
    }

    /** The warnings, with a closing count of the ones not listed. */
    List<String> toList() {
        List<String> all = new ArrayList<>(listed);
        if (unlisted > 0) {
            all.add(unlisted + " more warnings not listed");
        }
        return all;
    }

    /** The first line of a message, at most {@value #MAX_PROBLEM_CHARS} chars, control chars shown as '?'. */
    static String shorten(String problem) {
        if (problem == null || problem.isEmpty()) {
            return "unreadable";
        }
        int end = problem.length();
        int nl = problem.indexOf('\n');
        if (nl >= 0) {
            end = nl;
        }
        StringBuilder sb = new StringBuilder(Math.min(end, MAX_PROBLEM_CHARS + 1));
        for (int i = 0; i < end && sb.length() < MAX_PROBLEM_CHARS; i++) {
            char c = problem.charAt(i);
            sb.append(c < 0x20 || c == 0x7F ? '?' : c);
        }
        if (end > MAX_PROBLEM_CHARS) {
            sb.append('…');
        }
        return sb.toString();
    }
}
