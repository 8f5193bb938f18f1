package dev.ura.app.ui.app;

import dev.ura.app.ui.Padding;
import com.formdev.flatlaf.util.UIScale;
import dev.ura.app.ui.PlainText;
import dev.ura.app.ui.StatusSink;
import javax.swing.Box;
import javax.swing.JButton;
import javax.swing.JLabel;
import javax.swing.JList;
import javax.swing.JOptionPane;
import javax.swing.JPanel;
import javax.swing.JProgressBar;
import javax.swing.JScrollPane;
import javax.swing.SwingWorker;
import java.awt.BorderLayout;
import java.awt.Dimension;
import java.awt.FlowLayout;
import java.util.List;

/** Bottom line: what is open, a progress bar with Cancel while loading, and a warnings badge. */
public final class StatusBar extends JPanel implements StatusSink {
    private final JLabel message = PlainText.label(" ");
    private final JProgressBar progress = new JProgressBar(0, 100);
    private final JButton cancel = new JButton("Cancel");
    private final JButton warnings = new JButton();
    private List<String> warningLines = List.of();
    private SwingWorker<?, ?> running;

    StatusBar() {
        super(new BorderLayout());
        setBorder(Padding.of(2, 8, 2, 4));
        add(message, BorderLayout.CENTER);
        JPanel right = new JPanel(new FlowLayout(FlowLayout.RIGHT, 6, 0));
        progress.setStringPainted(true);
        right.add(progress);
        right.add(cancel);
        right.add(Box.createHorizontalStrut(4));
        right.add(warnings);
        add(right, BorderLayout.EAST);
        cancel.setName("cancelLoad");
        warnings.setName("warningsBadge");
        warnings.putClientProperty("JButton.buttonType", "roundRect");
        cancel.addActionListener(e -> {
            if (running != null) {
                running.cancel(false);
            }
        });
        warnings.addActionListener(e -> showWarnings());
        showProgress(null);
        setWarnings(List.of());
    }

    @Override
    public void setMessage(String text) {
        message.setText(text);
    }

    String message() {
        return message.getText();
    }

    /** Shows the progress of a worker with a Cancel button, or hides both with {@code null}. */
    void showProgress(SwingWorker<?, ?> worker) {
        running = worker;
        progress.setVisible(worker != null);
        cancel.setVisible(worker != null);
        progress.setValue(0);
        if (worker != null) {
            worker.addPropertyChangeListener(e -> {
                if ("progress".equals(e.getPropertyName())) {
                    progress.setValue((Integer) e.getNewValue());
                }
            });
        }
    }

    void setWarnings(List<String> lines) {
        warningLines = List.copyOf(lines);
        warnings.setVisible(!lines.isEmpty());
        warnings.setText("⚠ " + lines.size() + (lines.size() == 1 ? " warning" : " warnings"));
        warnings.setToolTipText(lines.isEmpty() ? null : "The reader repaired the file, or the analysis had to guess: click to read the lines");
    }

    /** The lines the badge shows. */
    List<String> warningLines() {
        return warningLines;
    }

    private void showWarnings() {
        JList<String> list = PlainText.list(new JList<>(warningLines.toArray(new String[0])));
        JScrollPane sp = new JScrollPane(list, JScrollPane.VERTICAL_SCROLLBAR_AS_NEEDED,
                JScrollPane.HORIZONTAL_SCROLLBAR_AS_NEEDED);
        sp.setName("warningsList");
        // as large as the lines need, but never larger than the window it belongs to
        java.awt.Window owner = javax.swing.SwingUtilities.getWindowAncestor(this);
        int maxW = owner == null ? UIScale.scale(900) : Math.max(UIScale.scale(300), owner.getWidth() - UIScale.scale(120));
        int maxH = owner == null ? UIScale.scale(500) : Math.max(UIScale.scale(120), owner.getHeight() - UIScale.scale(220));
        Dimension want = list.getPreferredSize();
        sp.setPreferredSize(new Dimension(Math.min(maxW, want.width + UIScale.scale(30)),
                Math.min(maxH, want.height + UIScale.scale(10))));
        JOptionPane.showMessageDialog(this, sp, "Warnings", JOptionPane.WARNING_MESSAGE);
    }
}
