package dev.ura.trace.chrome;

/**
 * The fields of one Trace Event object that ura uses, filled in place by {@link ChromeEventParser}
 * (one reused instance). Times are already in ns.
 */
final class ChromeEvent {
    char ph;
    String name;
    String cat;
    boolean hasTs;
    long tsNs;
    boolean hasDur;
    long durNs;
    long pid;
    long tid;
    /** The tid when the file gives it as a string, else {@code null}. */
    String tidText;
    /** Flow / async id as text, or {@code null}. */
    String id;
    String bp;
    /** {@code args.name} (thread / process names of {@code M} events, or an agent-log event's name). */
    String argName;
    String argKind;
    String argIdentity;
    String argSignature;
    String argVia;
    String argDetail;
    long argBytes;
    long argTargetTid;
    long argDelayNs;
    long line;

    void clear() {
        ph = 0;
        name = null;
        cat = null;
        hasTs = false;
        tsNs = 0;
        hasDur = false;
        durNs = 0;
        pid = 0;
        tid = 0;
        tidText = null;
        id = null;
        bp = null;
        argName = null;
        argKind = null;
        argIdentity = null;
        argSignature = null;
        argVia = null;
        argDetail = null;
        argBytes = -1;
        argTargetTid = -1;
        argDelayNs = 0;
    }
}
