package dev.ura.app.ui.app;

import dev.ura.app.ui.Padding;
import dev.ura.app.ui.PlainText;
import dev.ura.app.ui.TraceSource;

import javax.swing.BoxLayout;
import javax.swing.JButton;
import javax.swing.JComponent;
import javax.swing.JLabel;
import javax.swing.JPanel;
import javax.swing.TransferHandler;
import java.awt.Component;
import java.awt.Cursor;
import java.awt.GridBagLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * What an empty window shows where the timeline goes: the first steps (Open…, a bundled sample,
 * the recent files that still exist, and that a file can be dropped anywhere in the window).
 */
final class WelcomePanel extends JPanel {
    /** Recent files listed at most. */
    static final int RECENT_SHOWN = 5;
    private final ExplorerFrame frame;
    private final JPanel recent = new JPanel();

    WelcomePanel(ExplorerFrame frame, Runnable chooseFile, TransferHandler drop) {
        super(new GridBagLayout());
        this.frame = frame;
        setName("welcome");
        setTransferHandler(drop);
        JPanel box = new JPanel();
        box.setLayout(new BoxLayout(box, BoxLayout.Y_AXIS));
        box.setOpaque(false);
        JLabel title = new JLabel("Open a trace to start");
        title.putClientProperty("FlatLaf.styleClass", "h2");
        stack(box, title);
        JLabel kinds = new JLabel("Android method traces (.trace), Perfetto and systrace captures, ura agent logs");
        kinds.setBorder(Padding.of(4, 0, 12, 0));
        stack(box, kinds);
        JPanel buttons = new JPanel();
        buttons.setOpaque(false);
        buttons.setAlignmentX(Component.LEFT_ALIGNMENT);
        JButton open = new JButton("Open…");
        open.setName("welcomeOpen");
        open.addActionListener(e -> chooseFile.run());
        buttons.add(open);
        List<SampleCatalog.Entry> samples = SampleCatalog.entries();
        if (!samples.isEmpty()) {
            TraceSource sample = TraceSource.ofSample(samples.get(0).resource());
            JButton s = PlainText.of(new JButton("Open Sample: " + sample.name()));
            s.setName("welcomeSample");
            s.setToolTipText(samples.get(0).description() + " (more in File › Samples)");
            s.addActionListener(e -> frame.open(sample));
            buttons.add(s);
        }
        stack(box, buttons);
        JLabel dropHint = new JLabel("…or drop a trace file anywhere in this window.");
        dropHint.setBorder(Padding.of(8, 0, 8, 0));
        stack(box, dropHint);
        recent.setLayout(new BoxLayout(recent, BoxLayout.Y_AXIS));
        recent.setOpaque(false);
        recent.setName("welcomeRecent");
        stack(box, recent);
        add(box);
        addHierarchyListener(e -> {
            if (isShowing()) {
                fillRecent();
            }
        });
    }

    private static void stack(JPanel box, JComponent c) {
        c.setAlignmentX(Component.LEFT_ALIGNMENT);
        box.add(c);
    }

    /** The recent files that still exist, each a link that opens it. */
    void fillRecent() {
        recent.removeAll();
        List<Path> files = frame.prefs().recent().stream().filter(Files::isRegularFile).limit(RECENT_SHOWN).toList();
        if (!files.isEmpty()) {
            JLabel head = new JLabel("Recent");
            head.putClientProperty("FlatLaf.styleClass", "h4");
            stack(recent, head);
        }
        for (Path p : files) {
            JButton link = PlainText.of(new JButton(p.getFileName() + "  —  " + p.getParent()));
            link.putClientProperty("JButton.buttonType", "borderless");
            link.setCursor(Cursor.getPredefinedCursor(Cursor.HAND_CURSOR));
            link.setBorder(Padding.of(2, 0, 2, 0));
            link.addActionListener(e -> frame.open(p));
            stack(recent, link);
        }
        recent.revalidate();
    }
}
