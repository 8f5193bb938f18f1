package dev.ura.app.ui.system;

import dev.ura.app.render.LaneLayout;
import dev.ura.app.render.ThreadStateOverlay;
import dev.ura.app.render.TimelineScene;
import dev.ura.app.ui.LoadedTrace;
import dev.ura.app.ui.timeline.TimelineView;
import dev.ura.trace.model.Trace;

import javax.swing.JComboBox;
import javax.swing.JLabel;
import javax.swing.JPanel;
import java.awt.FlowLayout;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;

/**
 * What the window adds for system traces (Perfetto, systrace): the thread-state strip and frame
 * marks ({@link ThreadStateOverlay}) and a process picker that shows one process's threads (the
 * app's first) or all of them. Hidden for other traces.
 */
public final class SystemTraceTool {
    private final TimelineView view;
    private final JPanel bar = new JPanel(new FlowLayout(FlowLayout.RIGHT, 6, 2));
    private final JComboBox<ProcessChoices.Choice> picker = new JComboBox<>();
    private final JLabel onPath = new JLabel();
    private final StateLegend legend;
    private Trace trace;
    /** Threads on the selected response's critical path: shown whatever process is picked. */
    private Set<Integer> pathThreads = Set.of();
    private boolean updating;

    private SystemTraceTool(TimelineView view) {
        this.view = view;
        this.legend = new StateLegend(view);
        legend.setVisible(false);
        picker.setName("processPicker");
        picker.setToolTipText("Show the threads of one process (the app first) or of all");
        bar.add(new JLabel("Process"));
        bar.add(picker);
        onPath.setName("pathThreadsNote");
        bar.add(onPath);
        bar.setVisible(false);
        picker.addActionListener(e -> {
            if (!updating) {
                apply();
            }
        });
    }

    /** Creates the tool; put {@link #component()} in the window and call {@link #show} per loaded trace. */
    public static SystemTraceTool create(TimelineView view) {
        return new SystemTraceTool(view);
    }

    public JPanel component() {
        return bar;
    }

    /** The key of the state strip's colours and the arrows, for under the timeline; shown for system traces only. */
    public javax.swing.JComponent legend() {
        return legend;
    }

    /** The legend's entries as text (for tests). */
    public List<String> legendEntries() {
        return legend.entries();
    }

    /** Called on the EDT after a trace is shown. */
    public void show(LoadedTrace loaded) {
        trace = loaded.trace();
        pathThreads = Set.of();
        TimelineScene scene = view.scene();
        ThreadStateOverlay overlay = scene == null ? null : ThreadStateOverlay.install(scene);
        bar.setVisible(overlay != null);
        legend.setVisible(overlay != null);
        if (overlay == null) {
            return;
        }
        // Perfetto's arrangement: the CPUs on top, then each process's threads under its header,
        // only the app's process open
        scene.layout().groupByProcess(trace.metadata().pid());
        scene.layout().showCpus(scene.index().cpus().cpuCount());
        List<ProcessChoices.Choice> choices = ProcessChoices.of(trace);
        updating = true;
        try {
            picker.removeAllItems();
            choices.forEach(picker::addItem);
            picker.setSelectedIndex(0);
        } finally {
            updating = false;
        }
        apply();
    }

    /**
     * The threads on the selected response's critical path (empty for none): they stay shown
     * whatever process is picked, so the path overlay can cross into system_server's binder thread
     * or SurfaceFlinger. Called on the EDT when the path changes.
     */
    public void setPathThreads(Collection<Integer> threads) {
        Set<Integer> next = Set.copyOf(threads);
        if (!next.equals(pathThreads)) {
            pathThreads = next;
            TimelineScene scene = view.scene();
            if (scene != null && trace != null && trace.system().present()) {
                // the path must be seen: open the processes it runs through
                for (int t : next) {
                    scene.layout().setGroupCollapsed(LaneLayout.groupOf(scene.index(), t), false);
                }
            }
            apply();
        }
    }

    private void apply() {
        ProcessChoices.Choice c = (ProcessChoices.Choice) picker.getSelectedItem();
        TimelineScene scene = view.scene();
        if (c == null || scene == null || trace == null || !trace.system().present()) {
            onPath.setText("");
            return;
        }
        List<String> extra = new ArrayList<>();
        for (int t = 0; t < trace.threads().size(); t++) {
            boolean picked = ProcessChoices.shows(trace, c, t);
            boolean path = pathThreads.contains(t) && t < trace.system().threads().size();
            // one rule with the status bar's count: a thread without calls stays hidden unless the path needs it
            scene.layout().setHidden(t, !path && (!picked || view.hiddenForNoCalls(t)));
            if (path && !picked) {
                extra.add(ProcessChoices.label(trace, t));
            }
        }
        onPath.setText(extra.isEmpty() ? "" : "+ " + extra.size() + (extra.size() == 1 ? " thread" : " threads")
                + " on the critical path");
        onPath.setToolTipText(extra.isEmpty() ? null : "Shown because the critical path runs through them: "
                + String.join(", ", extra));
        view.lanesChanged();
    }

    /** The note beside the picker on threads of other processes shown for the path (for tests). */
    public String pathThreadsNote() {
        return onPath.getText();
    }
}
