package dev.ura.app.render;

import dev.ura.app.analysis.Analysis;
import dev.ura.app.analysis.model.CriticalPath;
import dev.ura.app.analysis.model.Estimate;
import dev.ura.app.analysis.model.Response;
import dev.ura.app.analysis.model.ResponseDescription;
import dev.ura.app.analysis.model.Scenario;
import dev.ura.app.analysis.model.Segment;
import dev.ura.app.analysis.graph.ResponseGraph;
import dev.ura.app.annotations.Annotation;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The picture of one whole response, whatever the window shows: its window in time (plus a
 * margin, and the estimated end of a what-if), every thread that takes part in it (has work in
 * its dependency graph) and no other, critical-path threads expanded to the depths its segments
 * lie at (plus one row of callees), the other threads collapsed to their top-level calls; the
 * critical path, hand-off arrows, the estimated end and the annotations on top.
 */
public final class ResponseExport {
    /** Rows below the deepest critical-path call that are still shown: the callees that explain it. */
    private static final int EXTRA_ROWS = 1;

    private ResponseExport() {
    }

    /**
     * The scene of response {@code response}.
     *
     * @param scenario    a what-if whose estimated end is drawn, or {@link Scenario#BASELINE}
     * @param annotations the trace's annotations (those on left-out threads are not drawn)
     */
    public static TimelineScene scene(TraceIndex index, Analysis analysis, int response, Scenario scenario,
                                      Palette palette, double scale, List<Annotation> annotations) {
        Response r = analysis.responses().get(response);
        CriticalPath path = analysis.criticalPath(response);
        long ghost = -1;
        Estimate estimate = null;
        if (scenario != null && !scenario.isEmpty()) {
            estimate = analysis.estimate(response, scenario);
            ghost = estimate.endNs();
        }
        TimelineScene scene = new TimelineScene(index);
        scene.setPalette(palette);
        scene.setMetrics(Metrics.at(scale));
        arrange(scene.layout(), index, analysis, response, path);
        ThreadStateOverlay.install(scene);
        ResponseDescription d = analysis.describe(response);
        long onScreen = d.onScreenAtNs();
        ResponseOverlay overlay = new ResponseOverlay(r, path, ghost);
        if (d.engine() == ResponseDescription.Engine.SYSTEM) { // its thread-state strip and "drawn" flag
            overlay.asSystemResponse(onScreen);
        }
        scene.overlays().add(overlay);
        if (estimate != null) {
            // as in the window: changed slices outlined and tagged, the estimated path dashed
            scene.overlays().add(new WhatIfOverlay(scenario, index.trace().methods(), estimate.path()));
        }
        if (!annotations.isEmpty()) {
            AnnotationOverlay notes = new AnnotationOverlay();
            notes.setAnnotations(annotations);
            scene.overlays().add(notes);
        }
        long start = r.startNs();
        long end = Math.max(Math.max(r.endNs(), ghost), onScreen);
        long margin = Math.max(1, (end - start) / 25);
        scene.axis().fit(start - margin, end + margin, 0);
        return scene;
    }

    /** Threads with work in the response's dependency graph, plus its trigger's and its end's threads. */
    static Set<Integer> taking(Analysis analysis, int response) {
        ResponseGraph g = analysis.graph(response);
        Set<Integer> threads = new LinkedHashSet<>();
        for (int v = 0; v < g.vertexCount(); v++) {
            if (g.thread(v) >= 0) {
                threads.add(g.thread(v));
            }
        }
        Response r = analysis.responses().get(response);
        threads.add(r.thread());
        if (r.end() != null && r.end().thread() >= 0) {
            threads.add(r.end().thread());
        }
        return threads;
    }

    private static void arrange(LaneLayout layout, TraceIndex index, Analysis analysis, int response, CriticalPath path) {
        Set<Integer> taking = taking(analysis, response);
        int[] deepest = new int[index.trace().threads().size()];
        java.util.Arrays.fill(deepest, -1);
        for (Segment s : path.segments()) {
            taking.add(s.thread());
            int depth = 0;
            if (s.call() != null && s.call().call() < index.trace().threads().get(s.thread()).calls().size()) {
                depth = index.trace().threads().get(s.thread()).calls().depth(s.call().call());
            }
            deepest[s.thread()] = Math.max(deepest[s.thread()], depth);
        }
        for (int t : layout.order()) {
            if (!taking.contains(t)) {
                layout.setHidden(t, true);
            } else if (deepest[t] < 0) {
                layout.setCollapsed(t, true);
            } else {
                layout.setRowLimit(t, deepest[t] + 1 + EXTRA_ROWS);
            }
        }
    }

    /** Height of the timeline part (ruler and every shown lane), px. */
    public static int timelineHeight(TimelineScene scene) {
        Metrics m = scene.metrics();
        return m.ruler() + scene.layout().pinnedHeight(scene.index(), m) + scene.layout().scrollingHeight(scene.index(), m);
    }

    /** Threads shown in the scene, in order. */
    public static List<Integer> shownThreads(TimelineScene scene) {
        return scene.layout().order().stream().filter(t -> !scene.layout().isHidden(t)).toList();
    }
}
