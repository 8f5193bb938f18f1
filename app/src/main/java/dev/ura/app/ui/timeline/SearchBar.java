package dev.ura.app.ui.timeline;

import dev.ura.app.ui.Padding;

import dev.ura.app.analysis.model.SliceRef;
import dev.ura.app.render.TimelineScene;
import dev.ura.app.ui.Background;
import dev.ura.trace.model.CallTable;

import javax.swing.JLabel;
import javax.swing.JPanel;
import javax.swing.JTextField;
import javax.swing.Timer;
import javax.swing.event.DocumentEvent;
import javax.swing.event.DocumentListener;
import java.awt.BorderLayout;
import java.awt.event.KeyAdapter;
import java.awt.event.KeyEvent;

/** Type part of a method name: matches light up across threads; Enter / Shift+Enter step through them. */
public final class SearchBar extends JPanel {
    private final JTextField field = new JTextField(28);
    private final JLabel count = new JLabel(" ");
    private final TimelineView view;
    private final Timer debounce;
    private boolean[] matches;
    private SliceSearch.Hits hits;
    private long total;
    /** The query and scene the matches were computed for: Enter only steps when neither changed. */
    private String appliedQuery;
    private TimelineScene appliedScene;
    /** Counts queries applied, so the hits of a query typed over are dropped when they arrive. */
    private int generation;

    public SearchBar(TimelineView view) {
        super(new BorderLayout(6, 0));
        this.view = view;
        setBorder(Padding.of(4, 8, 4, 8)); // survives a theme switch (Padding)
        field.setName("search");
        field.putClientProperty("JTextField.placeholderText", "Search methods (Ctrl+F) — Enter: next, Shift+Enter: previous");
        field.putClientProperty("JTextField.showClearButton", true);
        add(field, BorderLayout.CENTER);
        add(count, BorderLayout.EAST);
        count.setName("searchCount");
        view.addSelectionListener(sel -> showCount());
        debounce = new Timer(120, e -> update());
        debounce.setRepeats(false);
        field.getDocument().addDocumentListener(new DocumentListener() {
            @Override
            public void insertUpdate(DocumentEvent e) {
                debounce.restart();
            }

            @Override
            public void removeUpdate(DocumentEvent e) {
                debounce.restart();
            }

            @Override
            public void changedUpdate(DocumentEvent e) {
                debounce.restart();
            }
        });
        field.addKeyListener(new KeyAdapter() {
            @Override
            public void keyPressed(KeyEvent e) {
                if (e.getKeyCode() == KeyEvent.VK_ENTER) {
                    // a pass over every call: only when the query or the trace changed since it ran
                    if (debounce.isRunning() || !field.getText().equals(appliedQuery) || view.scene() != appliedScene) {
                        debounce.stop();
                        update();
                    }
                    step(!e.isShiftDown());
                    e.consume();
                } else if (e.getKeyCode() == KeyEvent.VK_ESCAPE) {
                    field.setText("");
                    view.requestFocusInWindow();
                }
            }
        });
    }

    public void focus() {
        field.requestFocusInWindow();
        field.selectAll();
    }

    /**
     * Forgets the query (a new trace opened): a search typed for the last file would dim every
     * slice of the new one that happens not to match it.
     */
    public void clear() {
        debounce.stop();
        field.setText("");
        debounce.stop(); // setText fired the document listener
        update();
    }

    /** The query shown. */
    public String query() {
        return field.getText();
    }

    /**
     * Re-applies the query. The matching methods are found at once (a pass over the method table)
     * and light up; the matching calls, a pass over every call of the trace, are collected off the
     * EDT and counted when they arrive.
     */
    public void update() {
        TimelineScene s = view.scene();
        appliedQuery = field.getText();
        appliedScene = s;
        int g = ++generation;
        hits = null;
        if (s == null) {
            matches = null;
            count.setText(" ");
            return;
        }
        matches = SliceSearch.matches(s.index().trace().methods(), field.getText());
        s.setMatches(matches);
        view.repaint();
        if (matches == null) {
            count.setText(" ");
            return;
        }
        count.setText("searching…");
        boolean[] m = matches;
        Background.run(() -> SliceSearch.Hits.of(s.index().trace(), m), h -> {
            if (g == generation) {
                setHits(h);
            }
        }, e -> count.setText("search failed: " + e));
    }

    private void setHits(SliceSearch.Hits h) {
        hits = h;
        total = java.util.Arrays.stream(h.byThread()).mapToLong(x -> x.length).sum();
        showCount();
    }

    /** "k of n" while a match is selected, else "n matches". */
    private void showCount() {
        TimelineScene s = view.scene();
        if (s == null || matches == null) {
            count.setText(" ");
            return;
        }
        if (hits == null) {
            return; // still searching: the count comes with the hits
        }
        long k = SliceSearch.rank(s.index().trace(), matches, hits, s.selection());
        count.setText(k > 0 ? k + " of " + total : total == 1 ? "1 match" : total + " matches");
    }

    private void step(boolean forward) {
        TimelineScene s = view.scene();
        if (s == null || matches == null) {
            return;
        }
        if (hits == null) {
            // Enter before the calls were collected in the background: collect them now, once
            generation++;
            setHits(SliceSearch.Hits.of(s.index().trace(), matches));
        }
        SliceRef next = SliceSearch.step(s.index().trace(), hits, s.selection(), forward);
        if (next == null) {
            return;
        }
        view.select(next);
        showCount();
        CallTable c = s.index().trace().threads().get(next.thread()).calls();
        long a = c.start(next.call());
        long b = c.end(next.call());
        if (s.axis().toPx(b) - s.axis().toPx(a) < 2 || b - a > s.axis().spanNs()) {
            view.fitRange(a, b);
        } else if (a < s.axis().startNs() || b > s.axis().endNs()) {
            long span = s.axis().spanNs();
            long mid = a + (b - a) / 2;
            view.fitRange(mid - span * 9 / 20, mid + span * 9 / 20);
        }
        view.revealLane(next.thread());
    }
}
