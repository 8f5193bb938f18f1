package dev.ura.app.ui.runs;

import com.formdev.flatlaf.util.UIScale;
import dev.ura.app.analysis.Analysis;
import dev.ura.app.ui.LoadedTrace;
import dev.ura.app.ui.SecondaryWindows;

import javax.swing.JFileChooser;
import javax.swing.JFrame;
import javax.swing.JMenu;
import javax.swing.JMenuItem;
import javax.swing.JOptionPane;
import javax.swing.filechooser.FileNameExtensionFilter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * File › Open Runs… (a folder of traces or a run-series CSV, shown in a separate "Runs" window)
 * and File › Compare With… (the open trace's response 0 critical path against another trace's,
 * in a separate window). The explorer window itself stays as it is.
 */
public final class RunsActions {
    private final RunsHost host;
    private Path lastDirectory;

    private RunsActions(RunsHost host) {
        this.host = host;
    }

    /** Adds both items to the File menu. */
    public static void addTo(JMenu file, RunsHost host) {
        RunsActions a = new RunsActions(host);
        JMenuItem runs = new JMenuItem("Open Runs…");
        runs.setName("openRunsItem");
        runs.setToolTipText("Several traces, a folder of traces (one per build or run), a run-series CSV or a run store (ura batch --store)");
        runs.addActionListener(e -> a.chooseRuns());
        JMenuItem compare = new JMenuItem("Compare With…");
        compare.setName("compareWithItem");
        compare.setToolTipText("Compare this trace's response 0 critical path with another trace's");
        compare.addActionListener(e -> a.chooseComparison());
        file.add(runs);
        file.add(compare);
    }

    /** Opens the Runs window on a folder or CSV (menu and tests). */
    RunsWindow openRuns(Path source) {
        return RunsWindow.open(host.window(), source, p -> {
            host.open(p);
            host.window().toFront();
        });
    }

    public static RunsWindow openRuns(RunsHost host, Path source) {
        return new RunsActions(host).openRuns(source);
    }

    /** Compares the open trace with {@code other} in a new window (menu and tests); null when no trace is open. */
    public static ComparisonView compareWith(RunsHost host, Path other) {
        LoadedTrace current = host.loaded();
        if (current == null) {
            JOptionPane.showMessageDialog(host.window(), "Open a trace first: it is compared with the one you pick.",
                    "Compare", JOptionPane.INFORMATION_MESSAGE);
            return null;
        }
        // the window's analysis carries the user's link edits; use it when it is ready
        Analysis ready = host.currentAnalysis();
        Callable<Analysis> a = ready != null && ready.trace() == current.trace() ? () -> ready
                : () -> Analysis.of(current.trace());
        ComparisonView view = new ComparisonView();
        JFrame window = new JFrame(current.source().name() + " vs " + other.getFileName() + " — ura");
        window.setName("compareWindow");
        window.setDefaultCloseOperation(JFrame.DISPOSE_ON_CLOSE);
        SecondaryWindows.closeOnEscape(window);
        window.getContentPane().add(view);
        window.setSize(UIScale.scale(900), UIScale.scale(520));
        window.setLocationRelativeTo(host.window());
        window.setVisible(true);
        view.compare(current.source().name(), a, other.getFileName().toString(), ComparisonView.analysisOf(other));
        return view;
    }

    private void chooseRuns() {
        JFileChooser chooser = chooser("Open runs: several traces, a folder of traces or a CSV");
        chooser.setFileSelectionMode(JFileChooser.FILES_AND_DIRECTORIES);
        chooser.setMultiSelectionEnabled(true);
        chooser.addChoosableFileFilter(new FileNameExtensionFilter("Run series CSV", "csv"));
        if (chooser.showOpenDialog(host.window()) == JFileChooser.APPROVE_OPTION) {
            java.io.File[] picked = chooser.getSelectedFiles();
            List<Path> sources = picked.length == 0 ? List.of(chosen(chooser))
                    : java.util.Arrays.stream(picked).map(java.io.File::toPath).toList();
            lastDirectory = sources.get(0).getParent();
            openRuns(sources);
        }
    }

    /** Opens the Runs window on several traces, a folder or a CSV (menu and tests). */
    RunsWindow openRuns(List<Path> sources) {
        return RunsWindow.open(host.window(), sources, p -> {
            host.open(p);
            host.window().toFront();
        });
    }

    public static RunsWindow openRuns(RunsHost host, List<Path> sources) {
        return new RunsActions(host).openRuns(sources);
    }

    private void chooseComparison() {
        if (host.loaded() == null) {
            compareWith(host, null);
            return;
        }
        JFileChooser chooser = chooser("Compare " + host.loaded().source().name() + " with…");
        if (chooser.showOpenDialog(host.window()) == JFileChooser.APPROVE_OPTION) {
            compareWith(host, chosen(chooser));
        }
    }

    private JFileChooser chooser(String title) {
        JFileChooser chooser = new JFileChooser(LoadedTrace.dialogFolder(host.loaded(), lastDirectory));
        chooser.setDialogTitle(title);
        return chooser;
    }

    private Path chosen(JFileChooser chooser) {
        Path p = chooser.getSelectedFile().toPath();
        lastDirectory = p.getParent();
        return p;
    }
}
