package dev.ura.app.ui.runs;

import com.formdev.flatlaf.util.UIScale;
import dev.ura.app.ui.Padding;

import dev.ura.app.ui.PlainText;
import dev.ura.app.ui.SecondaryWindows;
import javax.swing.JButton;
import javax.swing.JFrame;
import javax.swing.JLabel;
import javax.swing.JOptionPane;
import javax.swing.JPanel;
import javax.swing.JProgressBar;
import javax.swing.JSplitPane;
import javax.swing.SwingWorker;
import java.awt.BorderLayout;
import java.awt.Component;
import java.awt.FlowLayout;
import dev.ura.app.store.RunStore;
import dev.ura.app.store.StoreException;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.function.Consumer;

/**
 * The "Runs" window: a run series (a folder of traces or a CSV) with its regression verdict above,
 * the comparison of two runs' critical paths below, and a status line with progress and Cancel while
 * the series is read. Clicking a run opens its trace in the explorer; Ctrl/⌘-clicking two and
 * "Compare" compares them. Use on the EDT only.
 */
public final class RunsWindow extends JFrame {
    private final RunsPanel runs = new RunsPanel();
    private final ComparisonView comparison = new ComparisonView();
    private final JLabel status = PlainText.label(" ");
    private final JProgressBar progress = new JProgressBar(0, 100);
    private final JButton cancel = new JButton("Cancel");
    private final Consumer<Path> openTrace;
    private final StoreBar storeBar = new StoreBar(this::queryStore);
    private RunsLoadWorker worker;
    private StoreLoadWorker storeWorker;
    private Path storeDir;
    private RunsLoadWorker.LoadedRuns loaded;

    /** @param openTrace opens a run's trace in the explorer */
    public RunsWindow(Consumer<Path> openTrace) {
        super("Runs — ura");
        this.openTrace = openTrace;
        setName("runsWindow");
        setDefaultCloseOperation(DISPOSE_ON_CLOSE);
        SecondaryWindows.closeOnEscape(this);
        runs.setName("runsPanel");
        status.setName("runsStatus");
        progress.setName("runsProgress");
        cancel.setName("runsCancel");
        runs.setRunsListener(new RunsListener() {
            @Override
            public void openRun(int index, String run) {
                RunsWindow.this.openRun(index, run);
            }

            @Override
            public void compareRuns(int older, String olderRun, int newer, String newerRun) {
                RunsWindow.this.compareRuns(older, olderRun, newer, newerRun);
            }
        });
        cancel.addActionListener(e -> {
            if (worker != null) {
                worker.cancel(true);
            }
        });
        storeBar.setName("storeBar");
        storeBar.setVisible(false);
        JPanel chart = new JPanel(new BorderLayout());
        chart.add(storeBar, BorderLayout.NORTH);
        chart.add(runs, BorderLayout.CENTER);
        JSplitPane split = new JSplitPane(JSplitPane.VERTICAL_SPLIT, chart, comparison);
        split.setResizeWeight(0.6);
        JPanel line = new JPanel(new FlowLayout(FlowLayout.LEFT, 6, 2));
        line.setBorder(Padding.of(0, 4, 0, 4));
        line.add(progress);
        line.add(cancel);
        line.add(status);
        progress.setVisible(false);
        cancel.setVisible(false);
        getContentPane().add(split, BorderLayout.CENTER);
        getContentPane().add(line, BorderLayout.SOUTH);
        setSize(UIScale.scale(1000), UIScale.scale(760));
    }

    /** Opens a window on {@code source} (a folder of traces or a CSV) beside {@code parent}. */
    public static RunsWindow open(Component parent, Path source, Consumer<Path> openTrace) {
        return open(parent, List.of(source), openTrace);
    }

    /** Opens a window on a folder, a CSV or several traces picked together. */
    public static RunsWindow open(Component parent, List<Path> sources, Consumer<Path> openTrace) {
        RunsWindow w = new RunsWindow(openTrace);
        w.setLocationRelativeTo(parent);
        w.setVisible(true);
        w.load(sources);
        return w;
    }

    public RunsPanel runsPanel() {
        return runs;
    }

    public ComparisonView comparison() {
        return comparison;
    }

    /** Whether the series is still being read. */
    public boolean isLoading() {
        return worker != null || storeWorker != null;
    }

    /** The status line's text (what was read, skipped or went wrong). */
    public String statusText() {
        return status.getText();
    }

    /** Reads {@code source} (replacing what is shown when it succeeds). */
    public void load(Path source) {
        load(List.of(source));
    }

    /** Reads a folder, a CSV, traces picked together or a run store (a folder with {@value RunStore#FILE}). */
    public void load(List<Path> sources) {
        if (worker != null) {
            worker.cancel(true);
        }
        Path store = StoreLoadWorker.storeDir(sources);
        if (store != null) {
            worker = null;
            storeDir = store;
            queryStore(null);
            return;
        }
        storeDir = null;
        storeWorker = null;
        storeBar.setVisible(false);
        RunsLoadWorker w = new RunsLoadWorker(sources);
        worker = w;
        setTitle(w.title() + " — Runs — ura");
        status.setText("Reading " + w.title() + "…");
        progress.setValue(0);
        progress.setVisible(true);
        cancel.setVisible(true);
        w.addPropertyChangeListener(e -> {
            if (w != worker) {
                return;
            }
            if ("progress".equals(e.getPropertyName())) {
                progress.setValue((Integer) e.getNewValue());
                status.setText("Measuring " + w.current() + "…");
            } else if ("state".equals(e.getPropertyName()) && e.getNewValue() == SwingWorker.StateValue.DONE) {
                finish(w);
            }
        });
        w.execute();
    }

    private void finish(RunsLoadWorker w) {
        worker = null;
        progress.setVisible(false);
        cancel.setVisible(false);
        try {
            RunsLoadWorker.LoadedRuns r = w.get();
            loaded = r;
            runs.setRegression(r.regression(), r.nanoseconds());
            showWarnings(r);
        } catch (CancellationException e) {
            status.setText("Reading " + w.title() + " was cancelled");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            status.setText("Reading " + w.title() + " was interrupted");
        } catch (ExecutionException e) {
            status.setText("Could not read " + w.title());
            JOptionPane.showMessageDialog(this, PlainText.message(ComparisonView.oneLine(e.getCause())), "Cannot read runs",
                    JOptionPane.ERROR_MESSAGE);
        }
    }

    /** The pickers of a store (for tests). */
    StoreBar storeBar() {
        return storeBar;
    }

    /**
     * Reads the open store's series for {@code choice} ({@code null}: the store's defaults, and the pickers
     * are filled from what it holds) off the EDT; the newest request wins.
     */
    private void queryStore(StoreChoice choice) {
        StoreLoadWorker w = new StoreLoadWorker(storeDir, choice);
        storeWorker = w;
        setTitle(storeDir.getFileName() + " — Runs — ura");
        status.setText("Reading the run store " + storeDir.getFileName() + "…");
        w.addPropertyChangeListener(e -> {
            if ("state".equals(e.getPropertyName()) && e.getNewValue() == SwingWorker.StateValue.DONE && w == storeWorker) {
                finishStore(w);
            }
        });
        w.execute();
    }

    private void finishStore(StoreLoadWorker w) {
        storeWorker = null;
        try {
            StoreLoadWorker.LoadedStore r = w.get();
            if (!storeBar.isVisible()) {
                storeBar.show(r.catalog(), r.choice());
                storeBar.setVisible(true);
            }
            loaded = r.runs();
            runs.setRegression(r.runs().regression(), r.runs().nanoseconds());
            if (r.runs().regression() == null) {
                status.setText("No stored run has " + r.choice().metric()
                        + (r.choice().filterKey() == null ? "" : " with " + r.choice().filterKey() + "=" + r.choice().filterValue())
                        + (r.runs().warnings().isEmpty() ? "" : " (" + String.join("; ", r.runs().warnings()) + ")"));
            } else {
                showWarnings(r.runs(), "the store");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            status.setText("Reading the run store was interrupted");
        } catch (ExecutionException e) {
            // e.g. DuckDB missing beside ura.jar: StoreException says what to put where, in one line
            Throwable c = e.getCause();
            status.setText(c instanceof StoreException || c instanceof IllegalArgumentException
                    ? c.getMessage() : ComparisonView.oneLine(c));
        }
    }

    private void showWarnings(RunsLoadWorker.LoadedRuns r) {
        showWarnings(r, r.files().isEmpty() ? "a CSV" : "traces");
    }

    private void showWarnings(RunsLoadWorker.LoadedRuns r, String from) {
        String base = r.regression().series().size() + " runs from " + from
                + (r.files().isEmpty() ? "" : " · click a point to open its trace, Ctrl/⌘-click two to compare");
        List<String> w = r.warnings();
        if (w.isEmpty()) {
            status.setText(base);
            status.setToolTipText(null);
        } else {
            status.setText(base + " · " + w.size() + " skipped or noted (hover for details)");
            status.setToolTipText("<html>" + String.join("<br>", w.stream().map(RunsWindow::escape).toList()) + "</html>");
        }
    }

    private void openRun(int index, String run) {
        if (loaded == null || loaded.files().isEmpty()) {
            status.setText(run + ": a CSV series has no trace to open");
            return;
        }
        Path file = loaded.files().get(index);
        if (!Files.isRegularFile(file)) {
            status.setText(run + ": its trace " + file.toAbsolutePath() + " is not there any more (moved or deleted?)");
            return;
        }
        openTrace.accept(file);
    }

    private void compareRuns(int older, String olderRun, int newer, String newerRun) {
        if (loaded == null || loaded.files().isEmpty()) {
            status.setText("A CSV series has no traces to compare");
            return;
        }
        comparison.compare(olderRun, ComparisonView.analysisOf(loaded.files().get(older)),
                newerRun, ComparisonView.analysisOf(loaded.files().get(newer)));
    }

    private static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;");
    }
}
