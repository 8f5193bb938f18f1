package dev.ura.app.ui.response;

import dev.ura.app.analysis.Analysis;
import dev.ura.app.analysis.AnalysisOptions;
import dev.ura.app.analysis.TraceSession;
import dev.ura.app.analysis.model.ResponseByHand;
import dev.ura.app.annotations.AnnotationStore;
import dev.ura.app.annotations.ScenarioJson;
import dev.ura.app.ui.Background;
import dev.ura.app.ui.LoadedTrace;
import dev.ura.app.ui.Words;
import dev.ura.app.report.ResponsePicture;
import dev.ura.app.ui.WindowEvents;
import dev.ura.app.analysis.model.Change;
import dev.ura.app.analysis.model.CriticalPath;
import dev.ura.app.analysis.model.Estimate;
import dev.ura.app.analysis.model.Finding;
import dev.ura.app.analysis.model.Link;
import dev.ura.app.analysis.model.LinkEdits;
import dev.ura.app.analysis.model.Response;
import dev.ura.app.analysis.model.Scenario;

import javax.swing.SwingWorker;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The analysis state the panels share, on the EDT: the analysis of the open trace, the user's
 * link edits, the selected response with its critical path, and each response's what-if
 * scenario with its estimate. Analysis, paths and estimates are computed off the EDT; results of
 * superseded requests are dropped. Listeners hear {@link #changed()} after every update.
 */
public final class ResponseModel {
    private final List<Runnable> listeners = new ArrayList<>();
    private final Map<Integer, Scenario> scenarios = new HashMap<>();
    private LoadedTrace loaded;
    private Analysis analysis;
    private String status = "";
    private int selected = -1;
    private CriticalPath path;
    private Estimate estimate;
    private List<Finding> findings = List.of();
    private List<Long> changeSavings = List.of();
    private int generation;
    private SwingWorker<?, ?> running;

    public void addListener(Runnable l) {
        listeners.add(l);
    }

    public LoadedTrace loaded() {
        return loaded;
    }

    /** The analysis, or {@code null} while it runs or when none is open. */
    public Analysis analysis() {
        return analysis;
    }

    /** A line about the analysis state (running, failed, no response and why). */
    public String status() {
        return status;
    }

    public List<Response> responses() {
        return analysis == null ? List.of() : analysis.responses();
    }

    public int selected() {
        return selected;
    }

    public Response selectedResponse() {
        return analysis == null || selected < 0 ? null : analysis.responses().get(selected);
    }

    public CriticalPath path() {
        return path;
    }

    /** The estimate of the selected response's scenario, or {@code null} for the baseline. */
    public Estimate estimate() {
        return estimate;
    }

    /**
     * What each change of the scenario saves on its own, in the scenario's order (empty while
     * computing or without changes). Changes can overlap, so these need not add up to the total.
     */
    public List<Long> changeSavings() {
        return changeSavings;
    }

    /** Findings of the selected response (empty while computing). */
    public List<Finding> findings() {
        return findings;
    }

    public Scenario scenario() {
        return selected < 0 ? Scenario.BASELINE : scenarios.getOrDefault(selected, Scenario.BASELINE);
    }

    public LinkEdits edits() {
        return analysis == null ? LinkEdits.NONE : analysis.options().edits();
    }

    /** Selects the slowest response once the analysis is done: the one a user opened the trace for. */
    public static final int SLOWEST = -1;

    /** Starts analysing a newly opened trace; the slowest response is selected when it is done. */
    public void open(LoadedTrace t) {
        open(t, SLOWEST, Scenario.BASELINE);
    }

    /**
     * Starts analysing a newly opened trace and then shows response {@code select} with a what-if
     * scenario (a reopened report bundle's view).
     */
    public void open(LoadedTrace t, int select, Scenario scenario) {
        loaded = t;
        analysis = null;
        scenarios.clear();
        selected = -1;
        path = null;
        estimate = null;
        status = "Analysing…";
        changed();
        int gen = ++generation;
        cancelRunning();
        running = Background.run(() -> new Opened(TraceSession.analyse(t.trace(), AnalysisOptions.defaults(),
                savedByHand(t)), savedWhatIf(t)), o -> {
            if (gen == generation) {
                Analysis a = o.analysis();
                restore(o.whatIf(), a);
                if (!scenario.isEmpty() && select >= 0 && select < a.responses().size()) {
                    scenarios.put(select, scenario);
                }
                accept(a, select);
            }
        }, e -> fail(gen, "Analysis failed: " + e));
    }

    private record Opened(Analysis analysis, List<AnnotationStore.WhatIf> whatIf) {
    }

    /** The what-if changes saved in the trace's sidecar (read off the EDT). */
    private static List<AnnotationStore.WhatIf> savedWhatIf(LoadedTrace t) {
        return t.source().file() == null ? List.of() : AnnotationStore.beside(t.source().file()).readWhatIf();
    }

    /** Puts the saved changes back on their responses; a change that no longer fits this trace is left out. */
    private void restore(List<AnnotationStore.WhatIf> saved, Analysis a) {
        for (AnnotationStore.WhatIf w : saved) {
            if (w.response() < 0 || w.response() >= a.responses().size()) {
                continue;
            }
            try {
                Scenario s = ScenarioJson.toScenario(w.changes(), a.trace());
                if (!s.isEmpty()) {
                    scenarios.put(w.response(), s);
                }
            } catch (IllegalArgumentException e) {
                // written for another version of the file: not shown rather than wrong
            }
        }
    }

    /** Saves every response's changes in the trace's sidecar, off the EDT (docs/what-if.md). */
    private void persistWhatIf() {
        LoadedTrace t = loaded;
        if (t == null || t.source().file() == null) {
            return;
        }
        List<AnnotationStore.WhatIf> all = new ArrayList<>();
        new java.util.TreeMap<>(scenarios).forEach((i, s) -> {
            if (!s.isEmpty()) {
                all.add(new AnnotationStore.WhatIf(i, ScenarioJson.of(s)));
            }
        });
        Background.run(() -> {
            AnnotationStore.beside(t.source().file()).saveWhatIf(t.source().name(), all);
            return null;
        }, ok -> { }, e -> {
            status = status + " — what-if changes not saved: " + e.getMessage();
            changed();
        });
    }

    private record ByHand(Analysis analysis, String unsaved) {
    }

    /** The response set by hand in the trace's sidecar, or {@code null} (read off the EDT). */
    private static ResponseByHand savedByHand(LoadedTrace t) {
        return t.source().file() == null ? null : AnnotationStore.beside(t.source().file()).readResponseByHand();
    }

    /**
     * Analyses the open trace's response set by hand ({@code null}: detect responses again) and
     * saves the choice in the trace's sidecar, as {@code ura analyze --from/--to} does.
     */
    public void setResponseByHand(ResponseByHand byHand) {
        LoadedTrace t = loaded;
        if (t == null) {
            return;
        }
        analysis = null;
        scenarios.clear();
        selected = -1;
        path = null;
        estimate = null;
        status = byHand == null ? "Detecting responses…" : "Analysing the response set by hand…";
        changed();
        int gen = ++generation;
        cancelRunning();
        running = Background.run(() -> {
            Analysis a = TraceSession.analyse(t.trace(), AnalysisOptions.defaults(), byHand);
            String unsaved = null;
            if (t.source().file() != null) {
                try {
                    AnnotationStore.beside(t.source().file()).saveResponseByHand(t.source().name(), byHand);
                } catch (java.io.IOException e) {
                    unsaved = "not saved: " + e.getMessage();
                }
            }
            return new ByHand(a, unsaved);
        }, r -> {
            if (gen == generation) {
                accept(r.analysis(), SLOWEST);
                if (r.unsaved() != null) {
                    status = status + " — " + r.unsaved();
                    changed();
                }
            }
        }, e -> fail(gen, "Response set by hand: " + (e.getMessage() == null ? e : e.getMessage())));
    }

    /** Re-analyses with other link edits, keeping the selected response when it still exists. */
    void setEdits(LinkEdits edits) {
        if (analysis == null) {
            return;
        }
        Analysis base = analysis;
        int keep = selected;
        int gen = ++generation;
        status = "Re-linking…";
        changed();
        cancelRunning();
        running = Background.run(() -> base.withEdits(edits), a -> {
            if (gen == generation) {
                scenarios.clear();
                accept(a, keep);
            }
        }, e -> fail(gen, "Re-linking failed: " + e));
    }

    void removeLink(Link link) {
        setEdits(edits().remove(link));
    }

    void addLink(int sendEvent, int dispatchEvent) {
        setEdits(edits().add(sendEvent, dispatchEvent));
    }

    private void accept(Analysis a, int select) {
        analysis = a;
        status = a.noResponseReason().map(r -> "No response: " + r).orElse(a.responseByHand() != null
                ? "1 response, set by hand (" + a.responseByHand().describe() + ")" : Words.count(a.responses().size(), "response", "responses"));
        selected = -1;
        if (!a.responses().isEmpty()) {
            int i = select == SLOWEST ? ResponsePicture.slowest(a) : select;
            select(Math.max(0, Math.min(i, a.responses().size() - 1)));
        } else {
            changed();
            WindowEvents.analysisShown();
        }
    }

    /** Selects response {@code i} and computes its path and estimate. */
    public void select(int i) {
        if (analysis == null || i < 0 || i >= analysis.responses().size()) {
            return;
        }
        selected = i;
        path = null;
        estimate = null;
        findings = List.of();
        changeSavings = List.of();
        changed();
        recompute();
    }

    public void addChange(Change c) {
        if (selected < 0) {
            return;
        }
        scenarios.put(selected, scenario().with(c));
        changeSavings = List.of();
        persistWhatIf();
        recompute();
    }

    void removeChange(int index) {
        if (selected < 0 || index < 0 || index >= scenario().changes().size()) {
            return;
        }
        scenarios.put(selected, scenario().without(index));
        changeSavings = List.of();
        persistWhatIf();
        recompute();
    }

    private void recompute() {
        Analysis a = analysis;
        int i = selected;
        Scenario s = scenario();
        int gen = ++generation;
        cancelRunning();
        running = Background.run(() -> {
            CriticalPath p = a.criticalPath(i);
            Estimate e = s.isEmpty() ? null : a.estimate(i, s);
            List<Finding> f = a.findings(i);
            List<Long> each = new ArrayList<>();
            for (Change c : s.changes()) {
                each.add(s.changes().size() == 1 ? e.savedNs() : a.savedNs(i, Scenario.BASELINE.with(c)));
            }
            return new PathResult(p, e, f, List.copyOf(each));
        }, r -> {
            if (gen == generation) {
                path = r.path();
                estimate = r.estimate();
                findings = r.findings();
                changeSavings = r.changeSavings();
                changed();
                WindowEvents.analysisShown();
            }
        }, e -> fail(gen, "Critical path failed: " + e));
    }

    private void fail(int gen, String message) {
        if (gen == generation) {
            status = message;
            changed();
            WindowEvents.analysisFailed(message);
        }
    }

    private void cancelRunning() {
        if (running != null) {
            running.cancel(false);
        }
    }

    private record PathResult(CriticalPath path, Estimate estimate, List<Finding> findings, List<Long> changeSavings) {
    }

    void changed() {
        for (Runnable l : listeners) {
            l.run();
        }
    }
}
