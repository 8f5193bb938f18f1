package dev.ura.app.cli;

import dev.ura.app.analysis.Analysis;
import dev.ura.app.analysis.model.FirstAction;
import dev.ura.app.analysis.model.Scenario;
import dev.ura.app.store.StoredRun;
import dev.ura.trace.model.Trace;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One trace's rows for the run store, taken from the very document {@code analyze --json} prints
 * ({@link AnalyzeReport}), so the stored numbers are analyze's numbers.
 */
final class BatchRows {
    /** Critical-path segments kept per response, longest first. */
    static final int TOP_SEGMENTS = 20;

    private BatchRows() {
    }

    /**
     * @param facts where the run came from, filled in by the caller: hash, file, size, tags, scenario,
     *              version, time (the trace's own facts are added here)
     */
    static StoredRun of(StoredRun.Run facts, Trace trace, Analysis analysis, Scenario scenario) {
        AnalyzeReport report = AnalyzeReport.of(facts.file(), analysis, scenario);
        List<StoredRun.Response> responses = new ArrayList<>();
        List<StoredRun.CategoryTotal> categories = new ArrayList<>();
        List<StoredRun.ThreadTotal> threads = new ArrayList<>();
        List<StoredRun.Segment> segments = new ArrayList<>();
        List<StoredRun.Finding> findings = new ArrayList<>();
        List<StoredRun.WhatIf> whatIfs = new ArrayList<>();
        for (AnalyzeReport.ResponseReport r : report.responses()) {
            AnalyzeReport.EndReport end = r.end();
            SystemResponseReport sys = r.system();
            responses.add(new StoredRun.Response(r.index(), r.trigger(), r.thread(), r.startNs(), r.endNs(),
                    r.durationNs(), r.finished(), end == null ? null : end.kind(), end == null ? null : end.thread(),
                    end == null ? null : end.name(), end == null ? null : end.atNs(),
                    sys == null ? null : sys.drawnAtNs(), sys == null ? null : sys.onScreenAtNs(),
                    Boolean.TRUE.equals(r.setByHand())));
            totals(r, categories, threads);
            List<AnalyzeReport.SegmentReport> longest = new ArrayList<>(r.criticalPath());
            longest.sort(Comparator.comparingLong((AnalyzeReport.SegmentReport s) -> s.endNs() - s.startNs()).reversed()
                    .thenComparingLong(AnalyzeReport.SegmentReport::startNs));
            for (int i = 0; i < Math.min(TOP_SEGMENTS, longest.size()); i++) {
                AnalyzeReport.SegmentReport s = longest.get(i);
                segments.add(new StoredRun.Segment(r.index(), i + 1, s.thread(), s.name(), s.startNs(), s.endNs(),
                        s.category(), s.via(), s.slackNs()));
            }
            for (int i = 0; i < r.findings().size(); i++) {
                AnalyzeReport.FindingReport f = r.findings().get(i);
                findings.add(new StoredRun.Finding(r.index(), i, f.rule(), f.severity(), f.message(), f.evidenceNs()[0],
                        f.evidenceNs()[1], f.suggestion(), f.change(), f.estimatedSavingNs()));
            }
            AnalyzeReport.WhatIfReport w = r.whatIf();
            if (w != null) {
                whatIfs.add(new StoredRun.WhatIf(r.index(), w.estimatedEndNs(), w.estimatedDurationNs(), w.savedNs(),
                        w.savedPercent(), w.unmatched().isEmpty() ? null : String.join(", ", w.unmatched())));
            }
        }
        var m = trace.metadata();
        Map<String, String> traceFacts = new LinkedHashMap<>();
        m.properties().forEach((k, v) -> {
            if (!k.startsWith("process.") && !k.startsWith("module.")) { // one per process or module: not facts of the run
                traceFacts.put(k, v);
            }
        });
        SystemSummary system = SystemSummary.of(trace);
        String fingerprint = m.property("android.build");
        StoredRun.Run run = new StoredRun.Run(facts.hash(), facts.file(), m.format(), m.variant(), facts.sizeBytes(),
                deviceOf(fingerprint), system == null ? null : system.appProcess(), fingerprint, sdkOf(m.property("android.sdk")),
                Math.max(0, trace.lastTimeNs() - trace.firstTimeNs()), report.responses().size(),
                report.noResponseReason(), report.warnings() == null ? 0 : report.warnings().size(), traceFacts,
                facts.tags(), facts.scenario(), facts.uraVersion(), facts.analysedAtMs(), firstAction(analysis));
        return new StoredRun(run, responses, categories, threads, segments, findings, whatIfs);
    }

    private static Integer firstAction(Analysis analysis) {
        int i = FirstAction.index(analysis.responses());
        return i < 0 ? null : i;
    }

    /**
     * Per category: the segments' summed time. Per thread: on a system trace the thread states along
     * the path (analyze's {@code pathByThread}); elsewhere the thread's segments' summed time.
     */
    private static void totals(AnalyzeReport.ResponseReport r, List<StoredRun.CategoryTotal> categories,
                               List<StoredRun.ThreadTotal> threads) {
        Map<String, long[]> byCategory = new LinkedHashMap<>();
        Map<String, Long> byThread = new LinkedHashMap<>();
        for (AnalyzeReport.SegmentReport s : r.criticalPath()) {
            long[] c = byCategory.computeIfAbsent(s.category(), k -> new long[2]);
            c[0] += s.endNs() - s.startNs();
            c[1]++;
            byThread.merge(s.thread(), s.endNs() - s.startNs(), Long::sum);
        }
        byCategory.forEach((k, c) -> categories.add(new StoredRun.CategoryTotal(r.index(), k, c[0], (int) c[1])));
        SystemResponseReport sys = r.system();
        if (sys != null) {
            for (SystemResponseReport.ThreadTotalReport t : sys.pathByThread()) {
                threads.add(new StoredRun.ThreadTotal(r.index(), t.threadName(),
                        t.cpuNs() + t.runnableNs() + t.ioNs() + t.waitNs() + t.otherNs(), t.cpuNs(), t.runnableNs(),
                        t.ioNs(), t.waitNs(), t.otherNs()));
            }
        } else {
            byThread.forEach((k, ns) -> threads.add(new StoredRun.ThreadTotal(r.index(), k, ns, null, null, null,
                    null, null)));
        }
    }

    /** The device of an Android build fingerprint, brand/product/device:release/id/incremental:type/tags. */
    static String deviceOf(String fingerprint) {
        if (fingerprint == null) {
            return null;
        }
        String[] parts = fingerprint.split("/");
        if (parts.length < 3) {
            return null;
        }
        int colon = parts[2].indexOf(':');
        String device = colon < 0 ? parts[2] : parts[2].substring(0, colon);
        return device.isEmpty() ? null : device;
    }

    private static Integer sdkOf(String sdk) {
        try {
            return sdk == null ? null : Integer.valueOf(sdk);
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
