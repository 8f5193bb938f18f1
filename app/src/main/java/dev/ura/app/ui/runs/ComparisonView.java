package dev.ura.app.ui.runs;

import dev.ura.app.ui.Padding;

import dev.ura.app.ui.PlainText;
import dev.ura.app.analysis.Analysis;
import dev.ura.app.analysis.AnalysisOptions;
import dev.ura.app.analysis.TraceSession;
import dev.ura.app.analysis.model.FirstAction;
import dev.ura.app.analysis.model.Response;
import dev.ura.app.analysis.model.Segment;
import dev.ura.app.analysis.regression.CriticalPathDiff;
import dev.ura.app.annotations.AnnotationStore;
import dev.ura.trace.io.TraceFormatException;
import dev.ura.trace.io.Progress;

import javax.swing.JButton;
import javax.swing.JLabel;
import javax.swing.JOptionPane;
import javax.swing.JPanel;
import javax.swing.JProgressBar;
import javax.swing.SwingWorker;
import java.awt.BorderLayout;
import java.awt.FlowLayout;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;

/**
 * A {@link CriticalPathDiffPanel} that computes its comparison itself: two analyses are made off the
 * EDT (loading traces as needed) and response 0's critical paths compared, with a busy bar and Cancel
 * while that runs and a one-line dialog when it fails. Use on the EDT only.
 */
public final class ComparisonView extends JPanel {
    /** Segments closer than this are the same (0.1 ms), so timer jitter does not read as change. */
    static final long TOLERANCE_NS = CriticalPathDiff.DEFAULT_TOLERANCE_NS;

    private final CriticalPathDiffPanel diff = new CriticalPathDiffPanel();
    private final JLabel status = PlainText.label(" ");
    private final JProgressBar busyBar = new JProgressBar();
    private final JButton cancel = new JButton("Cancel");
    private SwingWorker<CriticalPathDiff, Void> worker;

    public ComparisonView() {
        super(new BorderLayout());
        setName("comparison");
        diff.setName("criticalPathDiff");
        status.setName("comparisonStatus");
        busyBar.setIndeterminate(true);
        busyBar.setVisible(false);
        cancel.setVisible(false);
        cancel.addActionListener(e -> {
            if (worker != null) {
                worker.cancel(true);
            }
        });
        JPanel line = new JPanel(new FlowLayout(FlowLayout.LEFT, 6, 2));
        line.setBorder(Padding.of(0, 2, 0, 2));
        line.add(status);
        line.add(busyBar);
        line.add(cancel);
        add(diff, BorderLayout.CENTER);
        add(line, BorderLayout.SOUTH);
    }

    /** The diff panel (for tests). */
    public CriticalPathDiffPanel diffPanel() {
        return diff;
    }

    /** Whether a comparison is being computed. */
    public boolean isBusy() {
        return worker != null;
    }

    /**
     * The analysis of a trace file, read off the EDT (for {@link #compare}): as {@code ura diff}
     * makes it, with the response set by hand in its sidecar when there is one.
     */
    public static Callable<Analysis> analysisOf(Path file) {
        return () -> TraceSession.analyse(TraceSession.load(file, Progress.NONE), AnalysisOptions.defaults(),
                AnnotationStore.beside(file).readResponseByHand());
    }

    /**
     * Compares response 0's critical path of A (before) with B's (after), replacing any comparison
     * still running.
     */
    public void compare(String labelA, Callable<Analysis> a, String labelB, Callable<Analysis> b) {
        if (worker != null) {
            worker.cancel(true);
        }
        status.setText("Comparing " + labelA + " with " + labelB + "…");
        busyBar.setVisible(true);
        cancel.setVisible(true);
        SwingWorker<CriticalPathDiff, Void> w = new SwingWorker<>() {
            @Override
            protected CriticalPathDiff doInBackground() throws Exception {
                Analysis before = a.call();
                Analysis after = b.call();
                return TraceSession.diff(pathOf(before, labelA), pathOf(after, labelB), TOLERANCE_NS);
            }

            @Override
            protected void done() {
                if (worker != this) {
                    return;
                }
                worker = null;
                busyBar.setVisible(false);
                cancel.setVisible(false);
                finish(this, labelA, labelB);
            }
        };
        worker = w;
        w.execute();
    }

    private void finish(SwingWorker<CriticalPathDiff, Void> w, String labelA, String labelB) {
        try {
            diff.setDiff(w.get(), labelA, labelB);
            status.setText("Response 0's critical path; segments within 0.1 ms count as unchanged");
        } catch (CancellationException e) {
            status.setText("Comparison cancelled");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            status.setText("Comparison interrupted");
        } catch (ExecutionException e) {
            status.setText("Comparison failed");
            JOptionPane.showMessageDialog(this, PlainText.message(oneLine(e.getCause())), "Cannot compare", JOptionPane.ERROR_MESSAGE);
        }
    }

    private static List<Segment> pathOf(Analysis a, String label) throws TraceFormatException {
        List<Response> responses = a.responses();
        if (responses.isEmpty()) {
            throw TraceFormatException.ofFile(label, "no response to compare"
                    + a.noResponseReason().map(r -> " (" + r + ")").orElse(""), null);
        }
        return a.criticalPath(FirstAction.index(responses)).segments();
    }

    /** What a failure says in one line: a format error names file and place; anything else its type. */
    static String oneLine(Throwable t) {
        if (t instanceof TraceFormatException) {
            return t.getMessage();
        }
        if (t instanceof OutOfMemoryError) {
            return "Not enough memory (start ura with a larger -Xmx)";
        }
        return t.getMessage() == null ? t.toString() : t.getClass().getSimpleName() + ": " + t.getMessage();
    }
}
