package dev.ura.app.ui.system;

import dev.ura.app.render.ThreadStateOverlay;
import dev.ura.app.render.TimelineScene;
import dev.ura.app.ui.LoadedTrace;
import dev.ura.app.ui.timeline.TimelineView;
import dev.ura.trace.model.Trace;

import javax.swing.JComboBox;
import javax.swing.JLabel;
import javax.swing.JPanel;
import java.awt.FlowLayout;
import java.util.List;

/**
 * What the window adds for system traces (Perfetto, systrace): the thread-state strip and frame
 * marks ({@link ThreadStateOverlay}) and a process picker that shows one process's threads (the
 * app's first) or all of them. Hidden for other traces.
 */
public final class SystemTraceTool {
    private final TimelineView view;
    private final JPanel bar = new JPanel(new FlowLayout(FlowLayout.RIGHT, 6, 2));
    private final JComboBox<ProcessChoices.Choice> picker = new JComboBox<>();
    private Trace trace;
    private boolean updating;

    private SystemTraceTool(TimelineView view) {
        this.view = view;
        picker.setName("processPicker");
        picker.setToolTipText("Show the threads of one process (the app first) or of all");
        bar.add(new JLabel("Process"));
        bar.add(picker);
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

    /** Called on the EDT after a trace is shown. */
    public void show(LoadedTrace loaded) {
        trace = loaded.trace();
        TimelineScene scene = view.scene();
        ThreadStateOverlay overlay = ThreadStateOverlay.of(trace);
        bar.setVisible(overlay != null);
        if (overlay == null || scene == null) {
            return;
        }
        scene.overlays().add(0, overlay);
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

    private void apply() {
        ProcessChoices.Choice c = (ProcessChoices.Choice) picker.getSelectedItem();
        TimelineScene scene = view.scene();
        if (c == null || scene == null || trace == null || !trace.system().present()) {
            return;
        }
        for (int t = 0; t < trace.threads().size(); t++) {
            scene.layout().setHidden(t, !ProcessChoices.shows(trace, c, t));
        }
        view.lanesChanged();
    }
}
