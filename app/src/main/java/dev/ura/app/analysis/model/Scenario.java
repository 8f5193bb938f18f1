package dev.ura.app.analysis.model;

import java.util.ArrayList;
import java.util.List;

/** An ordered list of what-if changes; immutable. */
public record Scenario(List<Change> changes) {
    public static final Scenario BASELINE = new Scenario(List.of());

    public Scenario {
        changes = List.copyOf(changes);
    }

    /** This scenario plus one more change. */
    public Scenario with(Change change) {
        List<Change> next = new ArrayList<>(changes);
        next.add(change);
        return new Scenario(next);
    }

    /** This scenario without the change at {@code index}. */
    public Scenario without(int index) {
        List<Change> next = new ArrayList<>(changes);
        next.remove(index);
        return new Scenario(next);
    }

    public boolean isEmpty() {
        return changes.isEmpty();
    }
}
