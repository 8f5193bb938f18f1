package dev.ura.app.analysis.model;

/**
 * A response the user set by hand, when detection finds none or the wrong one: either a window of
 * time ({@code fromNs} to {@code toNs}, on the trace's time base) or two slice patterns (from the
 * first slice matching {@code startPattern} to the end of the first slice matching
 * {@code endPattern} that starts after it; globs as in what-if patterns).
 *
 * @param fromNs       window start, or {@code null} with patterns
 * @param toNs         window end, or {@code null} with patterns
 * @param startPattern pattern of the first slice, or {@code null} with a window
 * @param endPattern   pattern of the last slice, or {@code null} with a window
 * @param process      on a system trace, the process (name or pid) whose UI thread the response is
 *                     on; {@code null} lets the analysis choose (docs/system-responses.md §8)
 */
public record ResponseByHand(Long fromNs, Long toNs, String startPattern, String endPattern, String process) {
    public ResponseByHand {
        boolean window = fromNs != null || toNs != null;
        boolean patterns = startPattern != null || endPattern != null;
        if (window == patterns) {
            throw new IllegalArgumentException("a response set by hand is either --from/--to or --start/--end");
        }
        if (window && (fromNs == null || toNs == null)) {
            throw new IllegalArgumentException("--from and --to go together");
        }
        if (patterns && (startPattern == null || endPattern == null || startPattern.isEmpty() || endPattern.isEmpty())) {
            throw new IllegalArgumentException("--start and --end go together, each with a pattern");
        }
        if (window && (outOfRange(fromNs) || outOfRange(toNs))) {
            // Long.MIN_VALUE got through to the analysis, where window arithmetic overflowed
            // ("internal error: sink N is not reachable"); from a sidecar it broke export-png too
            throw new IllegalArgumentException((outOfRange(fromNs) ? "--from " + fromNs : "--to " + toNs)
                    + " is out of range: times are within ±" + MAX_TIME_NS + " ns");
        }
        if (window && toNs < fromNs) {
            throw new IllegalArgumentException("--to " + toNs + " is before --from " + fromNs);
        }
        if (process != null && process.isBlank()) {
            throw new IllegalArgumentException("--process needs a process name or pid");
        }
    }

    /** A response set by hand without a process choice. */
    public ResponseByHand(Long fromNs, Long toNs, String startPattern, String endPattern) {
        this(fromNs, toNs, startPattern, endPattern, null);
    }

    /** The same on the UI thread of {@code process} (name or pid; {@code null}: let the analysis choose). */
    public ResponseByHand inProcess(String process) {
        return new ResponseByHand(fromNs, toNs, startPattern, endPattern, process);
    }

    /** The largest time (either sign) a window may name: 2^62 ns, 146 years, so that differences never overflow. */
    public static final long MAX_TIME_NS = 1L << 62;

    /** Whether a time is beyond {@link #MAX_TIME_NS} either way. */
    public static boolean outOfRange(long ns) {
        return ns > MAX_TIME_NS || ns < -MAX_TIME_NS;
    }

    /** The window from {@code fromNs} to {@code toNs}. */
    public static ResponseByHand window(long fromNs, long toNs) {
        return new ResponseByHand(fromNs, toNs, null, null);
    }

    /** From the first slice matching {@code start} to the end of the first one matching {@code end} after it. */
    public static ResponseByHand slices(String start, String end) {
        return new ResponseByHand(null, null, start, end);
    }

    /** Whether this is a window of time rather than two patterns. */
    public boolean isWindow() {
        return fromNs != null;
    }

    /** A one-line description, e.g. {@code --from 100 --to 200} or {@code --start A --end B --process P}. */
    public String describe() {
        String range = isWindow() ? "--from " + fromNs + " --to " + toNs : "--start " + startPattern + " --end " + endPattern;
        return process == null ? range : range + " --process " + process;
    }
}
