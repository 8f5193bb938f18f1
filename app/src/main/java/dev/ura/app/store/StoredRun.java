package dev.ura.app.store;

import java.util.List;
import java.util.Map;

/**
 * Everything the store keeps of one analysed trace: written in one transaction, so a run is
 * either stored whole or not at all (docs/store.md has the tables).
 *
 * @param run       the trace and how it was analysed
 * @param responses one per response, in the analysis' order
 * @param categories critical-path totals per category, per response
 * @param threads   critical-path totals per thread, per response
 * @param segments  the longest critical-path segments, per response
 * @param findings  the findings, per response
 * @param whatIfs   the what-if estimate per response, when what-if flags were given
 */
public record StoredRun(Run run, List<Response> responses, List<CategoryTotal> categories, List<ThreadTotal> threads,
                        List<Segment> segments, List<Finding> findings, List<WhatIf> whatIfs) {
    public StoredRun {
        responses = List.copyOf(responses);
        categories = List.copyOf(categories);
        threads = List.copyOf(threads);
        segments = List.copyOf(segments);
        findings = List.copyOf(findings);
        whatIfs = List.copyOf(whatIfs);
    }

    /**
     * @param hash      SHA-256 of the file's bytes, hex: the run's key
     * @param facts     what the trace says about itself (its metadata properties), kept in {@code facts}
     * @param tags      the {@code --tag key=value} pairs of the batch
     * @param scenario  the what-if flags, as given ({@code null} when none)
     * @param analysedAtMs when the run was stored (epoch milliseconds)
     * @param firstAction the response of the trace's first user action ({@code FirstAction}: response 0,
     *                  or the slowest event of response 0's gesture), {@code null} when it has none
     */
    public record Run(String hash, String file, String format, String variant, long sizeBytes, String device,
                      String app, String build, Integer sdk, long traceDurationNs, int responseCount, String noResponseReason,
                      int warnings, Map<String, String> facts, Map<String, String> tags, String scenario,
                      String uraVersion, long analysedAtMs, Integer firstAction) {
        public Run {
            facts = Map.copyOf(facts);
            tags = Map.copyOf(tags);
        }

        /** A run whose first user action is response 0 (when it has any response). */
        public Run(String hash, String file, String format, String variant, long sizeBytes, String device,
                   String app, String build, Integer sdk, long traceDurationNs, int responseCount, String noResponseReason,
                   int warnings, Map<String, String> facts, Map<String, String> tags, String scenario,
                   String uraVersion, long analysedAtMs) {
            this(hash, file, format, variant, sizeBytes, device, app, build, sdk, traceDurationNs, responseCount,
                    noResponseReason, warnings, facts, tags, scenario, uraVersion, analysedAtMs,
                    responseCount > 0 ? 0 : null);
        }
    }

    /** Nullable fields are absent in the trace: drawn/on-screen times exist for system traces only. */
    public record Response(int response, String trigger, String thread, long startNs, long endNs, long durationNs,
                           boolean finished, String endReason, String endThread, String endName, Long endAtNs,
                           Long drawnAtNs, Long onScreenAtNs, boolean setByHand) {
    }

    public record CategoryTotal(int response, String category, long totalNs, int segments) {
    }

    /** {@code cpuNs}… are the system-trace thread states on the path, {@code null} for other traces. */
    public record ThreadTotal(int response, String thread, long totalNs, Long cpuNs, Long runnableNs, Long ioNs,
                              Long waitNs, Long otherNs) {
    }

    /** {@code rank} 1 is the segment with the longest duration in its response. */
    public record Segment(int response, int rank, String thread, String name, long startNs, long endNs,
                          String category, String via, long slackNs) {
    }

    public record Finding(int response, int index, String rule, String severity, String message, long evidenceStartNs,
                          long evidenceEndNs, String suggestion, String change, long estimatedSavingNs) {
    }

    public record WhatIf(int response, long estimatedEndNs, long estimatedDurationNs, long savedNs, double savedPercent,
                         String unmatched) {
    }
}
