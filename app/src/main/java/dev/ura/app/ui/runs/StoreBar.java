package dev.ura.app.ui.runs;

import dev.ura.app.ui.Padding;
import dev.ura.app.store.StoreRuns;
import dev.ura.app.store.StoreSeries;

import javax.swing.JComboBox;
import javax.swing.JLabel;
import javax.swing.JPanel;
import java.awt.FlowLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * The pickers above a run store's chart: which runs (all, or one tag value such as a scenario), which
 * metric ({@code regress --store}'s), and the axis (the run names, a tag's values or the time stored).
 * A change by the user goes to the listener; {@link #show} fills the pickers without telling it. EDT only.
 */
final class StoreBar extends JPanel {
    /** Tags with more values than this (builds, devices of a big lab) are axes, not useful filters. */
    private static final int MAX_FILTER_VALUES = 50;

    /** A picker entry: what it shows and what it stands for. */
    private record Item(String label, String key, String value) {
        @Override
        public String toString() {
            return label;
        }
    }

    private final JComboBox<Item> runs = new JComboBox<>();
    private final JComboBox<String> metric = new JComboBox<>();
    private final JComboBox<Item> axis = new JComboBox<>();
    private final Consumer<StoreChoice> listener;
    private boolean filling;

    StoreBar(Consumer<StoreChoice> listener) {
        super(new FlowLayout(FlowLayout.LEFT, 6, 2));
        this.listener = listener;
        setBorder(Padding.of(2, 4, 0, 4));
        runs.setName("storeRuns");
        metric.setName("storeMetric");
        axis.setName("storeBy");
        runs.setToolTipText("The runs to show: all, or those with one tag value (ura batch --tag key=value)");
        metric.setToolTipText("The value per run, as regress --store --metric takes it");
        axis.setToolTipText("One point per run (its build), per value of a tag, or per stored run in the order stored");
        add(new JLabel("Runs"));
        add(runs);
        add(new JLabel("Metric"));
        add(metric);
        add(new JLabel("By"));
        add(axis);
        runs.addActionListener(e -> changed());
        metric.addActionListener(e -> changed());
        axis.addActionListener(e -> changed());
    }

    /** Fills the pickers with what {@code catalog} holds and selects {@code choice}. */
    void show(StoreRuns.Catalog catalog, StoreChoice choice) {
        filling = true;
        try {
            runs.removeAllItems();
            runs.addItem(new Item("all runs", null, null));
            catalog.tags().forEach((key, values) -> {
                if (values.size() <= MAX_FILTER_VALUES) {
                    values.forEach(v -> runs.addItem(new Item(key + "=" + v, key, v)));
                }
            });
            select(runs, choice.filterKey(), choice.filterValue());
            metric.removeAllItems();
            new TreeMap<>(StoreSeries.METRICS).keySet().forEach(metric::addItem);
            catalog.categories().forEach(c -> metric.addItem(StoreSeries.PATH_PREFIX + c));
            metric.setSelectedItem(choice.metric());
            axis.removeAllItems();
            axis.addItem(new Item("run (build)", StoreRuns.AXIS_RUN, null));
            for (Map.Entry<String, List<String>> t : catalog.tags().entrySet()) {
                axis.addItem(new Item("tag " + t.getKey(), StoreRuns.AXIS_TAG + t.getKey(), null));
            }
            axis.addItem(new Item("time stored", StoreRuns.AXIS_TIME, null));
            select(axis, choice.axis(), null);
        } finally {
            filling = false;
        }
    }

    private static void select(JComboBox<Item> box, String key, String value) {
        List<Item> items = new ArrayList<>();
        for (int i = 0; i < box.getItemCount(); i++) {
            items.add(box.getItemAt(i));
        }
        items.stream().filter(it -> java.util.Objects.equals(it.key(), key) && java.util.Objects.equals(it.value(), value))
                .findFirst().ifPresent(box::setSelectedItem);
    }

    /** What the pickers show now. */
    StoreChoice choice() {
        Item r = (Item) runs.getSelectedItem();
        Item a = (Item) axis.getSelectedItem();
        return new StoreChoice((String) metric.getSelectedItem(), r == null ? null : r.key(), r == null ? null : r.value(),
                a == null ? StoreRuns.AXIS_RUN : a.key());
    }

    private void changed() {
        if (!filling && metric.getSelectedItem() != null) {
            listener.accept(choice());
        }
    }
}
