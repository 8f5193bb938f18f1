package dev.ura.app.ui.profile;

import dev.ura.app.ui.Padding;

import dev.ura.app.ui.PlainText;
import dev.ura.app.ui.TableFit;
import dev.ura.app.analysis.TraceSession;
import dev.ura.app.analysis.model.DurationText;
import dev.ura.app.analysis.profile.CallScope;
import dev.ura.app.analysis.profile.Profile;
import dev.ura.app.analysis.profile.ProfileAnalyzer;
import dev.ura.app.analysis.profile.ProfileNode;
import dev.ura.trace.io.Progress;
import dev.ura.trace.model.Trace;

import javax.swing.JLabel;
import javax.swing.JPanel;
import javax.swing.JScrollPane;
import javax.swing.JTabbedPane;
import javax.swing.JTable;
import javax.swing.JTree;
import javax.swing.SortOrder;
import javax.swing.SwingWorker;
import javax.swing.RowSorter;
import javax.swing.table.TableRowSorter;
import java.awt.BorderLayout;
import java.awt.FlowLayout;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Profile view: a flat, sortable table of methods (and checkpoint blocks) with calls, inclusive,
 * exclusive, mean, min and max, plus top-down and bottom-up call trees, for one thread or all and
 * for the whole trace or a time range. Self-contained: mount it anywhere and feed it with
 * {@link #setTrace}, {@link #setRange} and {@link #setThread}; the analysis runs off the EDT and a
 * newer request cancels an older one. Call every method on the EDT.
 */
public final class ProfilePanel extends JPanel {
    private final ThreadChooser threads = new ThreadChooser();
    private final JLabel status = PlainText.label(" ");
    private final ProfileTableModel tableModel = new ProfileTableModel();
    private final JTable table = PlainText.table(new JTable(tableModel));
    private final DurationCellRenderer durations = new DurationCellRenderer();
    private final JTree topDown = new JTree(new ProfileTreeModel(emptyRoot()));
    private final JTree bottomUp = new JTree(new ProfileTreeModel(emptyRoot()));
    private final ProfileTreeRenderer topDownRenderer = new ProfileTreeRenderer(false);
    private final ProfileTreeRenderer bottomUpRenderer = new ProfileTreeRenderer(true);
    /** On by default: parked, sleeping, polling and queue waits are not work. */
    private final javax.swing.JCheckBox excludeIdle = new javax.swing.JCheckBox("Exclude idle", true);
    private Trace trace;
    private long fromNs = Long.MIN_VALUE;
    private long toNs = Long.MAX_VALUE;
    private Profile profile;
    private SwingWorker<Profile, Void> worker;
    private AtomicBoolean cancelFlag = new AtomicBoolean();
    private boolean filling;
    /** Set when a computation starts, cleared when the newest one has been shown (EDT only). */
    private boolean busy;

    /** An empty panel; call {@link #setTrace} to show something. */
    public ProfilePanel() {
        super(new BorderLayout());
        setName("profilePanel");
        threads.setName("profileThread");
        table.setName("profileTable");
        topDown.setName("profileTopDown");
        bottomUp.setName("profileBottomUp");
        status.setName("profileStatus");
        for (int c = ProfileTableModel.CALLS; c <= ProfileTableModel.MAX; c++) {
            if (c != ProfileTableModel.CALLS) {
                table.getColumnModel().getColumn(c).setCellRenderer(durations);
            }
        }
        TableFit.fit(table, ProfileTableModel.NAME);
        table.setAutoCreateRowSorter(false);
        TableRowSorter<ProfileTableModel> sorter = new TableRowSorter<>(tableModel);
        sorter.setSortKeys(List.of(new RowSorter.SortKey(ProfileTableModel.INCLUSIVE, SortOrder.DESCENDING)));
        table.setRowSorter(sorter);
        topDown.setCellRenderer(topDownRenderer);
        bottomUp.setCellRenderer(bottomUpRenderer);
        topDown.setRootVisible(true);
        bottomUp.setRootVisible(true);

        JTabbedPane tabs = new JTabbedPane();
        tabs.setName("profileTabs");
        tabs.addTab("Flat", new JScrollPane(table));
        tabs.addTab("Top-down", new JScrollPane(topDown));
        tabs.addTab("Bottom-up", new JScrollPane(bottomUp));

        JPanel bar = new JPanel(new FlowLayout(FlowLayout.LEFT, 6, 2));
        bar.add(new JLabel("Thread:"));
        bar.add(threads);
        excludeIdle.setName("profileExcludeIdle");
        excludeIdle.setToolTipText("Leave out time spent parked, sleeping, waiting on a queue or monitor, or polling"
                + " for the next message");
        excludeIdle.addActionListener(e -> refresh());
        bar.add(excludeIdle);
        bar.add(status);
        bar.setBorder(Padding.of(2, 2, 2, 2));
        threads.addActionListener(e -> {
            if (!filling) {
                refresh();
            }
        });
        add(bar, BorderLayout.NORTH);
        add(tabs, BorderLayout.CENTER);
    }

    /** A panel showing {@code trace}. */
    public ProfilePanel(Trace trace) {
        this();
        setTrace(trace);
    }

    /** Shows {@code trace} (or nothing for {@code null}); keeps the thread choice when it exists there. */
    public void setTrace(Trace trace) {
        this.trace = trace;
        filling = true;
        threads.fill(trace);
        filling = false;
        refresh();
    }

    /** Limits the profile to {@code [startNs, endNs]} on the trace's time base (calls clipped to it). */
    public void setRange(long startNs, long endNs) {
        this.fromNs = Math.min(startNs, endNs);
        this.toNs = Math.max(startNs, endNs);
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

    /** The profile on screen, or {@code null} while none has been computed. */
    public Profile profile() {
        return profile;
    }

    /** Whether an analysis is still running (for tests and busy indicators). */
    public boolean isBusy() {
        return busy;
    }

    private void refresh() {
        if (worker != null) {
            cancelFlag.set(true);
            worker.cancel(false);
        }
        if (trace == null) {
            profile = null;
            tableModel.setRows(List.of());
            status.setText("No trace");
            return;
        }
        Trace t = trace;
        CallScope scope = new CallScope(threads.selectedThread(), fromNs, toNs, !excludeIdle.isSelected());
        AtomicBoolean cancelled = new AtomicBoolean();
        cancelFlag = cancelled;
        status.setText("Computing profile…");
        worker = new SwingWorker<>() {
            @Override
            protected Profile doInBackground() {
                Progress progress = new Progress() {
                    @Override
                    public void update(long done, long total) {
                        // the status line says "computing"; per-thread steps are too coarse for a bar
                    }

                    @Override
                    public boolean isCancelled() {
                        return cancelled.get();
                    }
                };
                return TraceSession.treeProfile(t, scope, progress);
            }

            @Override
            protected void done() {
                if (worker == this) {
                    busy = false;
                }
                if (cancelled.get() || isCancelled()) {
                    return;
                }
                try {
                    show(get());
                } catch (CancellationException e) {
                    status.setText("Cancelled");
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                } catch (ExecutionException e) {
                    status.setText("Profile failed: " + e.getCause());
                }
            }
        };
        busy = true;
        worker.execute();
    }

    private void show(Profile p) {
        profile = p;
        durations.setEventOrder(p.eventOrder());
        tableModel.setRows(p.rows());
        topDownRenderer.setRoot(p.topDown(), p.eventOrder());
        bottomUpRenderer.setRoot(p.bottomUp(), p.eventOrder());
        topDown.setModel(new ProfileTreeModel(p.topDown()));
        bottomUp.setModel(new ProfileTreeModel(p.bottomUp()));
        expandFirstLevels(topDown);
        StringBuilder s = new StringBuilder();
        s.append(String.format("%,d rows", p.rows().size()));
        if (!p.scope().unbounded()) {
            // from the trace's first timestamp, as the timeline's axis counts
            long origin = trace == null ? 0 : trace.firstTimeNs();
            s.append(" · range ").append(DurationText.format(p.scope().fromNs() - origin)).append(" – ")
                    .append(DurationText.format(p.scope().toNs() - origin));
        }
        if (p.eventOrder()) {
            s.append(" · no timestamps: times are event order");
        }
        if (p.treesTruncated()) {
            s.append(" · trees cut at ").append(String.format("%,d", ProfileAnalyzer.MAX_TREE_NODES)).append(" nodes");
        }
        status.setText(s.toString());
    }

    private static void expandFirstLevels(JTree tree) {
        for (int row = 0; row < Math.min(tree.getRowCount(), 3); row++) {
            tree.expandRow(row);
        }
    }

    private static ProfileNode emptyRoot() {
        return ProfileNode.empty("no profile");
    }
}
