package dev.ura.app.analysis.system;

import dev.ura.trace.model.system.ClockSnapshots;

/**
 * When an input happened (docs/system-responses.md §1): the {@code eventTimeNano=<n>} of a
 * {@code deliverInputEvent} slice is CLOCK_MONOTONIC; the trace clock is BOOTTIME. The slice's
 * start stands in when the trace has no clock snapshot, the slice no event time, or the converted
 * time is implausible (after the slice starts, or more than a second before it).
 */
final class InputTime {
    /** How long before its handler an input may plausibly have happened. */
    static final long MAX_LEAD_NS = 1_000_000_000L;
    private static final String KEY = "eventTimeNano=";

    private InputTime() {
    }

    /**
     * @param startNs   the response's start
     * @param converted whether it came from {@code eventTimeNano} (else: the slice's start)
     * @param warning   why a present event time was not used, or {@code null}
     */
    record Start(long startNs, boolean converted, String warning) {
    }

    /** The start of the response to the input handled by slice {@code name} starting at {@code sliceStartNs}. */
    static Start of(String name, long sliceStartNs, ClockSnapshots clocks) {
        long mono = eventTimeNano(name);
        if (mono < 0 || !clocks.hasMonotonic()) {
            return new Start(sliceStartNs, false, null);
        }
        long boot = clocks.monotonicToBoot(mono);
        // A wrapped sum (hostile eventTimeNano) lands far from the slice and is refused like any other.
        if (boot > sliceStartNs || sliceStartNs - boot > MAX_LEAD_NS || sliceStartNs - boot < 0) {
            String when = boot > sliceStartNs ? "after the slice starts" : "more than 1 s before the slice";
            return new Start(sliceStartNs, false, "'" + name + "' at " + sliceStartNs + " ns: its eventTimeNano is "
                    + when + " on the trace clock; the response starts at the slice");
        }
        return new Start(boot, true, null);
    }

    /** The {@code eventTimeNano} value in a slice name, or -1 when it has none (or one too long to be a time). */
    static long eventTimeNano(String name) {
        int at = name.indexOf(KEY);
        if (at < 0) {
            return -1;
        }
        int from = at + KEY.length();
        int i = from;
        while (i < name.length() && Character.isDigit(name.charAt(i)) && i - from < 19) {
            i++;
        }
        if (i == from || (i < name.length() && Character.isDigit(name.charAt(i)))) {
            return -1;
        }
        try {
            return Long.parseLong(name.substring(from, i));
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
