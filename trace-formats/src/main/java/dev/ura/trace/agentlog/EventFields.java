package dev.ura.trace.agentlog;

import java.util.Arrays;

/**
 * The fields of the agent-log line being decoded. One instance is reused for every line (the
 * decoder's "locals"), so decoding allocates nothing per event; strings are {@link StringPool} ids.
 */
final class EventFields {
    /** Free-form fields kept for a {@code META} line; more are dropped. */
    static final int MAX_EXTRAS = 32;
    /** Longest free-form value kept, in chars. */
    static final int MAX_EXTRA_CHARS = 256;

    long ts;
    boolean hasTs;
    long tid;
    boolean hasTid;
    /** Pool id of the kind as written, or -1. */
    int kind;
    /** {@code 'B'}, {@code 'E'} or 0 for an instant. */
    char ph;
    int name;
    int identity;
    int via;
    int detail;
    long bytes;
    long targetTid;
    long delayNs;
    boolean main;
    /** The first thing wrong with the line (it is then skipped with a warning), or {@code null}. */
    String problem;

    /** Thread id from the logcat prefix, or -1 (used when the JSON has no {@code tid}). */
    long prefixTid;
    /** Process id from the logcat prefix, or -1. */
    long prefixPid;

    int extras;
    final String[] extraNames = new String[MAX_EXTRAS];
    final int[] extraStart = new int[MAX_EXTRAS];
    final int[] extraLength = new int[MAX_EXTRAS];
    char[] extraChars = new char[512];
    private int extraUsed;

    void reset() {
        hasTs = false;
        hasTid = false;
        kind = -1;
        ph = 0;
        name = -1;
        identity = -1;
        via = -1;
        detail = -1;
        bytes = -1;
        targetTid = -1;
        delayNs = 0;
        main = false;
        problem = null;
        extras = 0;
        extraUsed = 0;
    }

    /** A delay in nanoseconds from milliseconds; saturating, and 0 for none or a negative one. */
    static long delayNs(double ms) {
        // Saturating: a delay beyond ~292 years is as good as "never" and must not wrap.
        return ms > 0 ? (long) Math.min(Long.MAX_VALUE, Math.rint(ms * 1_000_000.0)) : 0;
    }

    /** Records the first problem only: later ones are usually consequences of it. */
    void problem(String what) {
        if (problem == null) {
            problem = what;
        }
    }

    /** Keeps a free-form scalar field (for {@code META}); silently bounded by the limits above. */
    void addExtra(String fieldName, char[] text, int off, int len) {
        if (extras == MAX_EXTRAS) {
            return;
        }
        int n = Math.min(len, MAX_EXTRA_CHARS);
        if (extraUsed + n > extraChars.length) {
            extraChars = Arrays.copyOf(extraChars, Math.max(extraChars.length * 2, extraUsed + n));
        }
        System.arraycopy(text, off, extraChars, extraUsed, n);
        extraNames[extras] = fieldName;
        extraStart[extras] = extraUsed;
        extraLength[extras] = n;
        extraUsed += n;
        extras++;
    }

    /** The text of free-form field {@code i}. */
    String extraValue(int i) {
        return new String(extraChars, extraStart[i], extraLength[i]);
    }
}
