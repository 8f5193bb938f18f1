package dev.ura.app.ui.profile;

import dev.ura.app.ui.PlainText;
import dev.ura.app.analysis.callgraph.CallGraph;
import dev.ura.app.analysis.TraceSession;
import dev.ura.app.analysis.callgraph.CallGraphFilter;
import dev.ura.app.analysis.callgraph.CallGraphNode;
import dev.ura.app.analysis.callgraph.DotWriter;
import dev.ura.app.analysis.callgraph.GraphLayout;
import dev.ura.app.analysis.callgraph.GraphvizRunner;
import dev.ura.app.analysis.callgraph.LayeredLayoutAlgorithm;
import dev.ura.app.analysis.profile.CallScope;
import dev.ura.trace.model.Trace;

import javax.imageio.ImageIO;
import javax.swing.JLabel;
import javax.swing.JPanel;
import javax.swing.JScrollPane;
import javax.swing.JSpinner;
import javax.swing.SpinnerNumberModel;
import javax.swing.SwingWorker;
import java.awt.BorderLayout;
import java.awt.FlowLayout;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.ExecutionException;

/**
 * Call graph view: caller → callee edges with call counts for one thread or all, the whole trace
 * or a range, filtered by a minimum call count and cut to the heaviest methods. Laid out by
 * Graphviz {@code dot} when it is installed (run as a process off the EDT), else by the built-in
 * {@link LayeredLayoutAlgorithm}; a note says which. Self-contained: feed it with
 * {@link #setTrace}, {@link #setRange}, {@link #setThread}. Call every method on the EDT.
 */
public final class CallGraphPanel extends JPanel {
    /** The graph is cut to this many methods (by inclusive time) so the drawing stays readable. */
    public static final int DEFAULT_MAX_NODES = 60;

    private final ThreadChooser threads = new ThreadChooser();
    private final JSpinner minCalls = new JSpinner(new SpinnerNumberModel(1, 1, Integer.MAX_VALUE, 1));
    private final JSpinner maxNodes = new JSpinner(new SpinnerNumberModel(DEFAULT_MAX_NODES, 2, 2000, 10));
    private final JLabel note = PlainText.label(" ");
    private final CallGraphCanvas canvas = new CallGraphCanvas();
    private final GraphvizRunner graphviz;
    private Trace trace;
    private long fromNs = Long.MIN_VALUE;
    private long toNs = Long.MAX_VALUE;
    private SwingWorker<Drawn, Void> worker;
    private boolean filling;
    /** Set when a computation starts, cleared when the newest one has been shown (EDT only). */
    private boolean busy;

    /** What a worker produced: the graph and either an image (Graphviz) or a layout. */
    private record Drawn(CallGraph graph, int shown, BufferedImage image, GraphLayout layout, String how) {
    }

    /** An empty panel that uses {@code dot} from the PATH when it can. */
    public CallGraphPanel() {
        this(GraphvizRunner.standard());
    }

    /** A panel showing {@code trace}. */
    public CallGraphPanel(Trace trace) {
        this();
        setTrace(trace);
    }

    /** A panel with an explicit Graphviz runner (tests pass a missing executable to force the built-in layout). */
    public CallGraphPanel(GraphvizRunner graphviz) {
        super(new BorderLayout());
        this.graphviz = graphviz;
        setName("callGraphPanel");
        threads.setName("callGraphThread");
        minCalls.setName("callGraphMinCalls");
        maxNodes.setName("callGraphMaxNodes");
        note.setName("callGraphNote");
        // sized for a few digits, not for the model's Integer.MAX_VALUE bound
        ((JSpinner.DefaultEditor) minCalls.getEditor()).getTextField().setColumns(4);
        ((JSpinner.DefaultEditor) maxNodes.getEditor()).getTextField().setColumns(4);
        JPanel bar = new JPanel(new FlowLayout(FlowLayout.LEFT, 6, 2));
        bar.add(new JLabel("Thread:"));
        bar.add(threads);
        bar.add(new JLabel("Min calls:"));
        bar.add(minCalls);
        bar.add(new JLabel("Max methods:"));
        bar.add(maxNodes);
        bar.add(note);
        threads.addActionListener(e -> {
            if (!filling) {
                refresh();
            }
        });
        minCalls.addChangeListener(e -> refresh());
        maxNodes.addChangeListener(e -> refresh());
        add(bar, BorderLayout.NORTH);
        JScrollPane scroll = new JScrollPane(canvas);
        scroll.getVerticalScrollBar().setUnitIncrement(16);
        scroll.getHorizontalScrollBar().setUnitIncrement(16);
        add(scroll, BorderLayout.CENTER);
    }

    /** Shows {@code trace} (or nothing for {@code null}). */
    public void setTrace(Trace trace) {
        this.trace = trace;
        filling = true;
        threads.fill(trace);
        filling = false;
        refresh();
    }

    /** Limits the graph to calls in {@code [startNs, endNs]} (times clipped to it). */
    public void setRange(long startNs, long endNs) {
        fromNs = Math.min(startNs, endNs);
        toNs = Math.max(startNs, endNs);
        refresh();
    }

    /** Back to the whole trace. */
    public void clearRange() {
        setRange(Long.MIN_VALUE, Long.MAX_VALUE);
    }

    /** One thread by name, or all threads for {@code null}. */
    public void setThread(String thread) {
        filling = true;
        threads.select(thread);
        filling = false;
        refresh();
    }

    /** Sets the minimum call count an edge needs. */
    public void setMinCalls(int n) {
        minCalls.setValue(Math.max(1, n));
    }

    /** The note on the toolbar: how the graph was laid out, and how much of it is shown. */
    public String note() {
        return note.getText();
    }

    /** Whether a graph is still being computed or laid out. */
    public boolean isBusy() {
        return busy;
    }

    /** Whether the last drawing came from Graphviz (else the built-in layout, or nothing). */
    public boolean isGraphvizDrawing() {
        return canvas.showsImage();
    }

    /** Whether the last drawing is the built-in layered layout. */
    public boolean isBuiltInDrawing() {
        return canvas.showsLayout();
    }

    private void refresh() {
        if (worker != null) {
            worker.cancel(false);
        }
        if (trace == null) {
            canvas.clear();
            note.setText("No trace");
            return;
        }
        Trace t = trace;
        CallScope scope = new CallScope(threads.selectedThread(), fromNs, toNs);
        CallGraphFilter filter = new CallGraphFilter(((Number) minCalls.getValue()).longValue(), 0);
        int limit = ((Number) maxNodes.getValue()).intValue();
        java.awt.Font font = canvas.labelFont();
        String theme = com.formdev.flatlaf.FlatLaf.isLafDark() ? darkDot() : "";
        note.setText("Computing call graph…");
        worker = new SwingWorker<>() {
            @Override
            protected Drawn doInBackground() {
                CallGraph full = TraceSession.callGraph(t, scope, filter);
                return draw(full.heaviest(limit), full.graph().vertexSet().size(), font, theme);
            }

            @Override
            protected void done() {
                if (worker == this) {
                    busy = false;
                }
                if (isCancelled()) {
                    return;
                }
                try {
                    show(get());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                } catch (ExecutionException e) {
                    note.setText("Call graph failed: " + e.getCause());
                }
            }
        };
        busy = true;
        worker.execute();
    }

    /**
     * DOT defaults for the dark theme (read on the EDT): the window's background and text colours,
     * so Graphviz's picture does not glare white; the light node fills keep their dark text.
     */
    private static String darkDot() {
        return "  bgcolor=\"" + hex("Panel.background", "#2b2b2b") + "\"; fontcolor=\"" + hex("Label.foreground", "#dddddd")
                + "\";\n  edge [fontcolor=\"" + hex("Label.foreground", "#dddddd") + "\"];\n";
    }

    private static String hex(String key, String fallback) {
        java.awt.Color c = javax.swing.UIManager.getColor(key);
        return c == null ? fallback : String.format("#%02x%02x%02x", c.getRed(), c.getGreen(), c.getBlue());
    }

    /** Off the EDT: Graphviz when it runs, else the built-in layout. */
    private Drawn draw(CallGraph g, int all, java.awt.Font font, String theme) {
        int shown = g.graph().vertexSet().size();
        String version = graphviz.version();
        String layoutNote;
        if (version != null && shown > 0) {
            try {
                String dot = new DotWriter(g).toDot();
                // theme defaults go first in the graph, so DotWriter's own attributes still win
                int open = dot.indexOf('\n') + 1;
                byte[] png = graphviz.render(dot.substring(0, open) + theme + dot.substring(open), "png");
                BufferedImage img = ImageIO.read(new ByteArrayInputStream(png));
                if (img != null) {
                    return new Drawn(g, all, img, null, "Layout: Graphviz (" + version + ")");
                }
                layoutNote = "Graphviz gave no image; ";
                return builtIn(g, all, font, layoutNote);
            } catch (IOException e) {
                layoutNote = "Graphviz failed (" + e.getMessage() + "); ";
            }
        } else {
            layoutNote = version == null ? "Graphviz dot not found; " : "";
        }
        return builtIn(g, all, font, layoutNote);
    }

    private static Drawn builtIn(CallGraph g, int all, java.awt.Font font, String why) {
        GraphLayout layout = new LayeredLayoutAlgorithm(n -> CallGraphCanvas.boxWidth(font, n), CallGraphCanvas.NODE_HEIGHT)
                .layout(g.graph());
        return new Drawn(g, all, null, layout, "Layout: " + why + "built-in layered layout");
    }

    private void show(Drawn d) {
        if (d.image() != null) {
            canvas.showImage(d.image());
        } else {
            canvas.showLayout(d.layout(), d.graph().maxEdgeNs(), d.graph().eventOrder());
        }
        int shown = d.graph().graph().vertexSet().size();
        String size = shown < d.shown() ? shown + " of " + d.shown() + " methods (heaviest)" : shown + " methods";
        String order = d.graph().eventOrder() ? " · no timestamps: times are event order" : "";
        note.setText(d.how() + " · " + size + ", " + d.graph().graph().edgeSet().size() + " edges" + order);
    }
}
