package dev.ura.app.analysis.model;

import java.util.List;

/**
 * Something worth fixing, with its evidence and a suggested what-if.
 *
 * @param rule             stable rule id, e.g. {@code storage-io-on-main-thread}
 * @param severity         {@code info}, {@code warning} or {@code critical}
 * @param message          what a developer needs to read
 * @param evidenceStartNs  start of the evidence
 * @param evidenceEndNs    end of the evidence
 * @param thread           thread of the evidence (index), or -1
 * @param calls            the calls that are the evidence
 * @param suggestion       the what-if change that would fix it, or {@code null}
 * @param estimatedSavingNs what that change saves on this response, estimated (0 without one)
 */
public record Finding(String rule, String severity, String message, long evidenceStartNs, long evidenceEndNs,
                      int thread, List<SliceRef> calls, Change suggestion, long estimatedSavingNs) {
    public Finding {
        calls = List.copyOf(calls);
    }

    /** The contract's one-word suggestion ({@code defer}, {@code parallel}, {@code speedup}) or {@code null}. */
    public String suggestionKind() {
        if (suggestion instanceof Change.Defer) {
            return "defer";
        }
        if (suggestion instanceof Change.RunInParallel) {
            return "parallel";
        }
        if (suggestion instanceof Change.SideBySide) {
            return "sidebyside";
        }
        if (suggestion instanceof Change.SpeedUp) {
            return "speedup";
        }
        return null;
    }
}
