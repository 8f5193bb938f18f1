package dev.ura.app.ui.app;

import dev.ura.app.analysis.Analysis;
import dev.ura.app.ui.timeline.TimelineView;
import dev.ura.app.ui.timeline.TimelinePanel;
import dev.ura.app.ui.timeline.SearchBar;
import dev.ura.app.ui.timeline.DetailsPanel;
import dev.ura.app.ui.response.ResponseModel;
import dev.ura.app.ui.response.ResponseController;
import dev.ura.app.ui.response.ResponsesPanel;
import dev.ura.app.ui.response.CriticalPathPanel;
import dev.ura.app.ui.response.FindingsPanel;
import dev.ura.app.ui.response.WhatIfPanel;
import dev.ura.app.ui.response.StatsPanel;
import dev.ura.app.ui.annotate.AnnotationTool;
import dev.ura.app.ui.export.BundleOpener;
import dev.ura.app.ui.export.ExportHost;
import dev.ura.app.ui.runs.RunsHost;
import dev.ura.app.annotations.Annotation;
import dev.ura.app.render.ExportHeader;
import dev.ura.app.annotations.ScenarioJson;
import dev.ura.app.analysis.model.Scenario;
import dev.ura.app.ui.profile.ProfileTabs;
import dev.ura.app.ui.system.SystemTraceTool;
import dev.ura.app.ui.LoadedTrace;
import dev.ura.app.ui.Words;
import dev.ura.app.ui.OpenTrace;
import dev.ura.app.ui.TraceSource;
import com.formdev.flatlaf.util.UIScale;
import dev.ura.app.analysis.model.CriticalPath;
import dev.ura.app.analysis.model.SliceRef;
import dev.ura.app.render.TimeFormat;
import dev.ura.app.render.TimelineScene;
import dev.ura.trace.model.Trace;

import javax.swing.JFrame;
import javax.swing.JOptionPane;
import javax.swing.JPanel;
import javax.swing.JSplitPane;
import javax.swing.JTabbedPane;
import java.awt.BorderLayout;
import java.awt.Dimension;
import java.awt.Frame;
import java.awt.Rectangle;
import java.awt.event.WindowAdapter;
import java.awt.event.WindowEvent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.prefs.BackingStoreException;

/**
 * The explorer window: search bar, timeline, side and bottom panels, status bar. Owns the open
 * trace; panels learn about a new trace through {@link #addTraceListener}.
 */
public final class ExplorerFrame extends JFrame implements OpenTrace, ExportHost, RunsHost {
    private final UiPrefs prefs;
    private final TimelineView timeline = new TimelineView();
    private final StatusBar status = new StatusBar();
    private final DetailsPanel details = new DetailsPanel();
    private final SearchBar search = new SearchBar(timeline);
    private final JTabbedPane bottom = new JTabbedPane();
    private final JPanel side = new JPanel(new BorderLayout());
    private final TraceOpener opener;
    private final List<Consumer<LoadedTrace>> traceListeners = new ArrayList<>();
    private final List<Consumer<Boolean>> loadingListeners = new ArrayList<>();
    private final AnnotationTool annotations;
    private final ResponseModel model = new ResponseModel();
    private final ResponseController responses;
    private final SystemTraceTool systemTool;
    private ThemeChoice theme;
    private LoadedTrace loaded;

    ExplorerFrame(UiPrefs prefs, ThemeChoice theme) {
        super("ura");
        this.prefs = prefs;
        this.theme = theme;
        this.opener = new TraceOpener(this, status, this::show, on -> loadingListeners.forEach(l -> l.accept(on)));
        timeline.setWheelZooms(prefs.wheelZooms());
        timeline.setArrows(prefs.arrows());
        setName("explorer");
        setDefaultCloseOperation(DISPOSE_ON_CLOSE);
        bottom.addTab("Details", details);
        JPanel center = new JPanel(new BorderLayout());
        JPanel north = new JPanel(new BorderLayout());
        north.add(search, BorderLayout.CENTER);
        systemTool = SystemTraceTool.create(timeline);
        north.add(systemTool.component(), BorderLayout.EAST);
        traceListeners.add(systemTool::show);
        model.addListener(() -> systemTool.setPathThreads(model.path() == null ? List.of()
                : model.path().segments().stream().map(s -> s.thread()).distinct().toList()));
        center.add(north, BorderLayout.NORTH);
        TimelinePanel timelinePanel = new TimelinePanel(timeline);
        center.add(timelinePanel, BorderLayout.CENTER);
        center.add(systemTool.legend(), BorderLayout.SOUTH);
        side.setPreferredSize(new Dimension(UIScale.scale(340), UIScale.scale(200)));
        JSplitPane horizontal = new JSplitPane(JSplitPane.HORIZONTAL_SPLIT, side, center);
        horizontal.setResizeWeight(0);
        JSplitPane vertical = new JSplitPane(JSplitPane.VERTICAL_SPLIT, horizontal, bottom);
        vertical.setResizeWeight(0.75);
        bottom.setPreferredSize(new Dimension(UIScale.scale(400), UIScale.scale(220)));
        getContentPane().add(vertical, BorderLayout.CENTER);
        getContentPane().add(status, BorderLayout.SOUTH);
        ExplorerMenus menus = new ExplorerMenus(this);
        setJMenuBar(menus.build());
        FileDropHandler drop = new FileDropHandler(f -> open(f.toPath()));
        timelinePanel.setWelcome(new WelcomePanel(this, menus::chooseFile, drop));
        setTransferHandler(drop);
        timeline.setTransferHandler(drop);
        timeline.addSelectionListener(s -> showDetails());
        annotations = new AnnotationTool(timeline, this, status, this);
        responses = new ResponseController(timeline, model, status::setMessage, this);
        model.addListener(this::pathMaybeChanged);
        model.addListener(this::analysisMaybeChanged);
        side.add(new ResponsesPanel(model), BorderLayout.CENTER);
        bottom.addTab("Critical path", new CriticalPathPanel(model, responses::show));
        bottom.addTab("Findings", new FindingsPanel(model, responses::show, f -> {
            model.addChange(f.suggestion());
            bottom.setSelectedIndex(bottom.indexOfTab("What-if"));
        }));
        bottom.addTab("What-if", new WhatIfPanel(model));
        bottom.addTab("Statistics", new StatsPanel(model));
        ProfileTabs.install(bottom, model, this);
        restoreBounds();
        addWindowListener(new WindowAdapter() {
            @Override
            public void windowClosing(WindowEvent e) {
                saveBounds();
                flushAnnotations();
            }
        });
    }

    @Override
    public TimelineView timeline() {
        return timeline;
    }

    @Override
    public StatusBar status() {
        return status;
    }

    @Override
    public ExplorerFrame window() {
        return this;
    }

    @Override
    public ExportHeader viewHeader() {
        return responses.header();
    }

    @Override
    public List<Annotation> annotationList() {
        return annotations.annotations();
    }

    @Override
    public Analysis currentAnalysis() {
        return model.analysis();
    }

    UiPrefs prefs() {
        return prefs;
    }

    /**
     * Gives the keyboard back to the timeline after a file dialog. When the dialog closes, the
     * window is not always made active again (no window manager, some desktops), and then every
     * shortcut was dead until the user clicked the window; asking for focus (not just "in window")
     * activates it. Later, so the dialog is gone first.
     */
    @Override
    public void focusTimeline() {
        javax.swing.SwingUtilities.invokeLater(() -> {
            toFront();
            timeline.requestFocus();
        });
    }

    /** The width of the last response export, remembered between sessions. */
    @Override
    public int exportWidth() {
        return prefs.exportWidth();
    }

    @Override
    public void setExportWidth(int px) {
        prefs.setExportWidth(px);
    }

    @Override
    public ResponseModel responseModel() {
        return model;
    }

    public ResponseController responses() {
        return responses;
    }

    public AnnotationTool annotations() {
        return annotations;
    }

    /** The process picker and state legend of system traces. */
    public SystemTraceTool systemTool() {
        return systemTool;
    }

    SearchBar search() {
        return search;
    }

    public JTabbedPane bottomTabs() {
        return bottom;
    }

    JPanel side() {
        return side;
    }

    ThemeChoice theme() {
        return theme;
    }

    void setTheme(ThemeChoice t) {
        theme = t;
        prefs.setTheme(t);
        ThemeSupport.switchTo(t.isDark());
        timeline.repaint();
    }

    /** The open trace, or {@code null}. */
    @Override
    public LoadedTrace loaded() {
        return loaded;
    }

    @Override
    public void addTraceListener(Consumer<LoadedTrace> l) {
        traceListeners.add(l);
    }

    @Override
    public void addLoadingListener(Consumer<Boolean> l) {
        loadingListeners.add(l);
    }

    @Override
    public void open(Path file) {
        if (BundleOpener.isBundle(file)) {
            BundleOpener.open(file, this, status, this::openView);
            return;
        }
        opener.open(file);
    }

    /** A view to restore when a given trace file has loaded: a reopened report bundle's. */
    private record PendingView(Path trace, Path bundle, Integer response, List<ScenarioJson> scenario) {
    }

    private PendingView pendingView;

    /**
     * Opens an extracted report bundle's trace and, once loaded, shows its response and what-if.
     *
     * @param bundle the bundle, for the title and the recent list
     */
    public void openView(Path trace, Path bundle, Integer response, List<ScenarioJson> scenario) {
        pendingView = new PendingView(trace, bundle, response, scenario);
        opener.open(trace);
    }

    public void open(TraceSource source) {
        opener.open(source);
    }

    /** With a file, opens it; without, the last trace if it still exists, else the first bundled sample. */
    public void openInitial(Path file) {
        if (file != null) {
            open(file);
            return;
        }
        for (Path p : prefs.recent()) {
            if (Files.isRegularFile(p)) {
                open(p);
                return;
            }
        }
        List<String> samples = SampleCatalog.list();
        if (!samples.isEmpty()) {
            open(TraceSource.ofSample(samples.get(0)));
        }
    }

    /** Shows a loaded trace (the opener calls it; tests may too). */
    public void show(LoadedTrace t) {
        PendingView view = pendingView != null && pendingView.trace().equals(t.source().file()) ? pendingView : null;
        pendingView = null;
        loaded = t;
        Trace trace = t.trace();
        TimelineScene scene = new TimelineScene(t.index());
        timeline.setScene(scene);
        details.show(null, null);
        search.clear();
        if (t.source().file() != null) {
            prefs.addRecent(view != null ? view.bundle() : t.source().file());
        }
        setTitle((view != null ? view.bundle().getFileName() + " · " : "") + t.source().name() + " — ura");
        status.setMessage(t.source().name() + " · " + trace.metadata().format() + " · "
                + Words.count(trace.threads().size(), "thread", "threads") + " · "
                + Words.count(trace.callCount(), "call", "calls") + " · "
                + TimeFormat.duration(t.index().endNs() - t.index().startNs())
                + (timeline.emptyThreadsHidden() == 0 ? "" : " · " + timeline.emptyThreadsHidden()
                + " threads without calls hidden (View › Show Hidden Threads)"));
        readerWarnings = trace.warnings();
        warnedAnalysis = null;
        status.setWarnings(readerWarnings);
        for (Consumer<LoadedTrace> l : traceListeners) {
            l.accept(t);
        }
        if (view != null) {
            Scenario scenario = Scenario.BASELINE;
            try {
                scenario = ScenarioJson.toScenario(view.scenario(), trace);
            } catch (IllegalArgumentException e) {
                List<String> warnings = new ArrayList<>(trace.warnings());
                warnings.add(view.bundle().getFileName() + ": what-if not restored: " + e.getMessage());
                readerWarnings = warnings;
                status.setWarnings(warnings);
            }
            model.open(t, view.response() == null ? 0 : view.response(), scenario);
        } else {
            model.open(t);
        }
        timeline.requestFocusInWindow();
    }

    private CriticalPath detailedPath;
    /** What the reader (and a reopened report) said about the open trace. */
    private List<String> readerWarnings = List.of();
    /** The analysis whose warnings the status bar shows, so each is added once. */
    private Analysis warnedAnalysis;

    /**
     * The analysis had to guess too (hand-offs linked by inference, implausible input times):
     * its lines join the reader's in the status bar's badge once it is done.
     */
    private void analysisMaybeChanged() {
        Analysis a = model.analysis();
        if (a == null || a == warnedAnalysis) {
            return;
        }
        warnedAnalysis = a;
        List<String> all = new ArrayList<>(readerWarnings);
        all.addAll(a.warnings());
        status.setWarnings(all);
    }

    private void showDetails() {
        detailedPath = model.path();
        details.show(loaded == null ? null : loaded.index(), selection(), detailedPath);
    }

    /** The details say whether the slice is on the critical path: refresh them when the path changes. */
    private void pathMaybeChanged() {
        if (model.path() != detailedPath && selection() != null) {
            showDetails();
        }
    }

    /** The selected slice, or {@code null}. */
    SliceRef selection() {
        return timeline.scene() == null ? null : timeline.scene().selection();
    }

    /**
     * Waits (a few seconds at most) for annotation edits still queued for their sidecar: the
     * writer's thread would keep the JVM alive for them anyway, but an exit that does not wait
     * for threads must not lose them either.
     */
    private void flushAnnotations() {
        try {
            if (!annotations.writer().flush(5_000)) {
                status.setMessage("Annotations are still being saved");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void restoreBounds() {
        Rectangle r = prefs.bounds();
        if (r != null && getGraphicsConfiguration().getBounds().intersects(r)) {
            setBounds(r);
        } else {
            setSize(UIScale.scale(1400), UIScale.scale(860));
            setLocationByPlatform(true);
        }
        if (prefs.maximized()) {
            setExtendedState(Frame.MAXIMIZED_BOTH);
        }
    }

    private void saveBounds() {
        boolean max = (getExtendedState() & Frame.MAXIMIZED_BOTH) != 0;
        if (!max) {
            prefs.setBounds(getBounds(), false);
        } else {
            prefs.setBounds(prefs.bounds() == null ? getBounds() : prefs.bounds(), true);
        }
        try {
            prefs.flush();
        } catch (BackingStoreException e) {
            JOptionPane.showMessageDialog(this, "Window settings could not be saved: " + e.getMessage(),
                    "ura", JOptionPane.WARNING_MESSAGE);
        }
    }
}
