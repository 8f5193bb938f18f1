package dev.ura.app.ui.profile;

import dev.ura.app.ui.Padding;

import dev.ura.app.ui.PlainText;
import dev.ura.app.ui.OpenTrace;
import dev.ura.app.ui.response.ResponseModel;
import dev.ura.app.analysis.model.Response;
import dev.ura.app.render.TimeFormat;
import dev.ura.app.ui.profile.CallGraphPanel;
import dev.ura.app.ui.profile.ProfilePanel;
import dev.ura.trace.model.Trace;

import javax.swing.JCheckBox;
import javax.swing.JComponent;
import javax.swing.JLabel;
import javax.swing.JPanel;
import javax.swing.JTabbedPane;
import javax.swing.JToggleButton;
import javax.swing.UIManager;
import java.awt.BorderLayout;
import java.awt.Component;
import java.awt.FlowLayout;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * Mounts the profile and call-graph views as bottom tabs of the explorer. Both follow the open
 * trace and, while "Only the selected response" is ticked, the selected response's time window;
 * unticking it goes back to the whole trace. A view only recomputes when its tab is showing (each
 * recomputation walks every call), so switching responses with the tabs hidden costs nothing.
 */
public final class ProfileTabs {
    public static final String PROFILE_TAB = "Profile";
    public static final String CALL_GRAPH_TAB = "Call graph";

    private final JTabbedPane tabs;
    private final ResponseModel model;
    /** Shared by the check boxes of both tabs, so the choice is one choice. */
    private final JToggleButton.ToggleButtonModel follow = new JToggleButton.ToggleButtonModel();
    private final List<JLabel> scopeLabels = new ArrayList<>();
    private final List<View> views = new ArrayList<>();
    private final ProfilePanel profile = new ProfilePanel();
    private final CallGraphPanel callGraph = new CallGraphPanel();
    private Trace trace;
    private Response response;

    private ProfileTabs(JTabbedPane tabs, ResponseModel model) {
        this.tabs = tabs;
        this.model = model;
        follow.setSelected(true);
        views.add(new View(PROFILE_TAB, profile, profile::setTrace, profile::setRange, profile::clearRange));
        views.add(new View(CALL_GRAPH_TAB, callGraph, callGraph::setTrace, callGraph::setRange, callGraph::clearRange));
    }

    /** Adds the Profile and Call graph tabs to {@code tabs} and wires them to the open trace and the selected response. */
    public static ProfileTabs install(JTabbedPane tabs, ResponseModel model, OpenTrace open) {
        ProfileTabs p = new ProfileTabs(tabs, model);
        for (View v : p.views) {
            p.tabs.addTab(v.title, p.wrap(v.panel));
            v.tab = p.tabs.getComponentAt(p.tabs.getTabCount() - 1);
        }
        open.addTraceListener(t -> p.traceChanged(t == null ? null : t.trace()));
        open.addLoadingListener(p::loading);
        p.model.addListener(p::modelChanged);
        p.follow.addItemListener(e -> p.scopeChanged());
        p.tabs.addChangeListener(e -> p.sync());
        p.updateLabels();
        return p;
    }

    ProfilePanel profile() {
        return profile;
    }

    CallGraphPanel callGraph() {
        return callGraph;
    }

    /** Whether the views follow the selected response (else they show the whole trace). */
    boolean followsResponse() {
        return follow.isSelected();
    }

    void setFollowsResponse(boolean on) {
        follow.setSelected(on);
    }

    /** The window the views should show, or {@code null} for the whole trace. */
    long[] wantedRange() {
        return follow.isSelected() && response != null ? new long[]{response.startNs(), response.endNs()} : null;
    }

    private JComponent wrap(JComponent panel) {
        JCheckBox only = new JCheckBox("Only the selected response");
        only.setModel(follow);
        only.setName(panel.getName() + "Follow");
        only.setToolTipText("Untick to profile the whole trace");
        JLabel scope = new JLabel() {
            @Override
            public void updateUI() {
                super.updateUI();
                // re-read on a theme switch, which calls updateUI
                setForeground(UIManager.getColor("Label.disabledForeground"));
            }
        };
        PlainText.of(scope);
        scope.setName(panel.getName() + "Scope");
        scopeLabels.add(scope);
        JPanel bar = new JPanel(new FlowLayout(FlowLayout.LEFT, 6, 0));
        bar.setBorder(Padding.of(3, 2, 0, 2));
        bar.add(only);
        bar.add(scope);
        JPanel wrapper = new JPanel(new BorderLayout());
        wrapper.add(bar, BorderLayout.NORTH);
        wrapper.add(panel, BorderLayout.CENTER);
        return wrapper;
    }

    /** While another trace loads, the views drop the shown one (a stale profile would pass for the new one's). */
    private void loading(boolean on) {
        if (on) {
            for (View v : views) {
                v.apply(null, null);
            }
        } else {
            sync();
        }
    }

    private void traceChanged(Trace t) {
        trace = t;
        response = null;
        updateLabels();
        sync();
    }

    /** The model fires on every step of its work; only a different selected response matters here. */
    private void modelChanged() {
        Response r = model.selectedResponse();
        if (!Objects.equals(r, response)) {
            response = r;
            updateLabels();
            sync();
        }
    }

    private void scopeChanged() {
        updateLabels();
        sync();
    }

    private void updateLabels() {
        String text;
        if (trace == null) {
            text = "";
        } else if (response == null) {
            text = "whole trace (no response selected)";
        } else if (!follow.isSelected()) {
            text = "whole trace";
        } else {
            text = "#" + response.index() + " " + response.trigger() + " on " + response.threadName() + " · "
                    + TimeFormat.duration(response.durationNs());
        }
        for (JLabel l : scopeLabels) {
            l.setText(text);
        }
    }

    /** Brings the showing view up to date; hidden ones catch up when their tab is selected. */
    private void sync() {
        long[] range = wantedRange();
        for (View v : views) {
            if (tabs.getSelectedComponent() == v.tab) {
                v.apply(trace, range);
            }
        }
    }

    @FunctionalInterface
    private interface RangeSetter {
        void set(long startNs, long endNs);
    }

    /** One mounted view and what it was last told, so it is only told again when something changed. */
    private static final class View {
        private final String title;
        private final JComponent panel;
        private final Consumer<Trace> setTrace;
        private final RangeSetter setRange;
        private final Runnable clearRange;
        private Component tab;
        private boolean told;
        private Trace shownTrace;
        private long[] shownRange;

        View(String title, JComponent panel, Consumer<Trace> setTrace, RangeSetter setRange,
             Runnable clearRange) {
            this.title = title;
            this.panel = panel;
            this.setTrace = setTrace;
            this.setRange = setRange;
            this.clearRange = clearRange;
        }

        void apply(Trace trace, long[] range) {
            boolean newTrace = !told || trace != shownTrace;
            boolean newRange = !told || !Arrays.equals(range, shownRange);
            told = true;
            shownTrace = trace;
            shownRange = range;
            if (newTrace) {
                // the range first: the panels recompute on each call, and the trace call then
                // supersedes the (cancelled) computation on the old trace
                setRangeOrClear(range);
                setTrace.accept(trace);
            } else if (newRange) {
                setRangeOrClear(range);
            }
        }

        private void setRangeOrClear(long[] range) {
            if (range == null) {
                clearRange.run();
            } else {
                setRange.set(range[0], range[1]);
            }
        }
    }
}
