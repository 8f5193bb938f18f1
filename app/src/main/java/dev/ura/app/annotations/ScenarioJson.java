package dev.ura.app.annotations;

import dev.ura.app.analysis.model.Change;
import dev.ura.app.analysis.model.Scenario;
import dev.ura.app.analysis.model.SliceRef;
import dev.ura.app.analysis.model.SliceSelector;
import dev.ura.trace.model.Trace;

import java.util.ArrayList;
import java.util.List;

/**
 * A what-if scenario in a report bundle: one entry per change, in order. A change picked on one
 * slice keeps that slice's thread and call index, valid because the bundle carries the very trace.
 *
 * @param kind   {@code defer}, {@code parallel}, {@code sidebyside} or {@code speedup}
 * @param glob   the name pattern, or {@code null} for one slice
 * @param thread the slice's thread index, or {@code null}
 * @param call   the slice's call index, or {@code null}
 * @param label  the slice's label, or {@code null}
 * @param factor the speed-up factor, or {@code null}
 */
public record ScenarioJson(String kind, String glob, Integer thread, Integer call, String label, Double factor) {

    public static List<ScenarioJson> of(Scenario scenario) {
        List<ScenarioJson> out = new ArrayList<>();
        for (Change c : scenario.changes()) {
            String kind = kindOf(c);
            Double factor = c instanceof Change.SpeedUp s ? s.factor() : null;
            if (c.target() instanceof SliceSelector.Exact e) {
                out.add(new ScenarioJson(kind, null, e.slice().thread(), e.slice().call(), e.label(), factor));
            } else {
                out.add(new ScenarioJson(kind, ((SliceSelector.ByName) c.target()).glob(), null, null, null, factor));
            }
        }
        return out;
    }

    /** The JSON kind of a change. */
    public static String kindOf(Change c) {
        if (c instanceof Change.Defer) {
            return "defer";
        }
        if (c instanceof Change.RunInParallel) {
            return "parallel";
        }
        return c instanceof Change.SideBySide ? "sidebyside" : "speedup";
    }

    /**
     * The scenario back.
     *
     * @param trace the trace, to refuse slices it does not have
     * @throws IllegalArgumentException naming what is wrong with an entry
     */
    public static Scenario toScenario(List<ScenarioJson> list, Trace trace) {
        List<Change> changes = new ArrayList<>();
        if (list == null) {
            return Scenario.BASELINE;
        }
        for (ScenarioJson j : list) {
            if (j == null || j.kind() == null) {
                throw new IllegalArgumentException("a what-if change without a kind");
            }
            SliceSelector target;
            if (j.glob() != null) {
                target = new SliceSelector.ByName(j.glob());
            } else if (j.thread() != null && j.call() != null && j.thread() >= 0
                    && j.thread() < trace.threads().size() && j.call() >= 0
                    && j.call() < trace.threads().get(j.thread()).calls().size()) {
                target = new SliceSelector.Exact(new SliceRef(j.thread(), j.call()), j.label() == null ? "slice" : j.label());
            } else {
                throw new IllegalArgumentException("a what-if change names neither a pattern nor a slice of this trace");
            }
            changes.add(switch (j.kind()) {
                case "defer" -> new Change.Defer(target);
                case "parallel" -> new Change.RunInParallel(target);
                case "sidebyside" -> new Change.SideBySide(target);
                case "speedup" -> {
                    if (j.factor() == null || !(j.factor() > 0) || j.factor().isInfinite()) {
                        throw new IllegalArgumentException("a speed-up without a positive factor");
                    }
                    yield new Change.SpeedUp(target, j.factor());
                }
                default -> throw new IllegalArgumentException("unknown what-if change '" + j.kind() + "'");
            });
        }
        return new Scenario(changes);
    }
}
