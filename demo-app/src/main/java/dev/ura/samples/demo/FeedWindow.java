package dev.ura.samples.demo;

import java.awt.BorderLayout;
import java.awt.FlowLayout;
import java.awt.image.BufferedImage;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import javax.swing.DefaultListModel;
import javax.swing.ImageIcon;
import javax.swing.JButton;
import javax.swing.JFrame;
import javax.swing.JLabel;
import javax.swing.JList;
import javax.swing.JPanel;
import javax.swing.JScrollPane;
import javax.swing.SwingUtilities;
import javax.swing.WindowConstants;

/** The reader's window: a Load button, a row of channel thumbnails, the items, a status line. EDT only. */
public final class FeedWindow {
    private final JFrame frame = new JFrame("ura demo: feed reader");
    private final JButton load = new JButton("Load feed");
    private final JLabel status = new JLabel("Click Load feed");
    private final JPanel thumbs = new JPanel(new FlowLayout(FlowLayout.LEFT));
    private final DefaultListModel<String> items = new DefaultListModel<>();
    private final AtomicInteger loads = new AtomicInteger();
    private final List<Long> loadTimesNs = new java.util.concurrent.CopyOnWriteArrayList<>();
    private long loadStartNs;

    public FeedWindow(Runnable onLoad) {
        load.setName("load");
        status.setName("status");
        thumbs.setName("thumbnails");
        JList<String> list = new JList<>(items);
        list.setName("items");
        load.addActionListener(e -> onLoad.run());
        JPanel top = new JPanel(new BorderLayout());
        top.add(load, BorderLayout.WEST);
        top.add(status, BorderLayout.CENTER);
        top.add(thumbs, BorderLayout.SOUTH);
        frame.getContentPane().add(top, BorderLayout.NORTH);
        frame.getContentPane().add(new JScrollPane(list), BorderLayout.CENTER);
        frame.setDefaultCloseOperation(WindowConstants.DISPOSE_ON_CLOSE);
        frame.setSize(720, 520);
    }

    public JFrame frame() {
        return frame;
    }

    public JButton loadButton() {
        return load;
    }

    /** Loads finished so far (any thread may read it). */
    public int loadsDone() {
        return loads.get();
    }

    /** Each finished load's time from the click's action to the first paint after the result is shown, ns. */
    public List<Long> loadTimesNs() {
        return List.copyOf(loadTimesNs);
    }

    void busy() {
        loadStartNs = System.nanoTime();
        load.setEnabled(false);
        status.setText("Loading…");
    }

    void show(Feed feed, List<BufferedImage> images) {
        items.clear();
        for (Feed.Item i : feed.items()) {
            items.addElement(i.title() + " — " + i.summary() + " (" + i.words() + " words)");
        }
        thumbs.removeAll();
        for (BufferedImage img : images) {
            thumbs.add(new JLabel(new ImageIcon(img)));
        }
        thumbs.revalidate();
        thumbs.repaint();
        status.setText("Loaded " + feed.items().size() + " items");
        load.setEnabled(true);
        finished();
    }

    private void finished() {
        long start = loadStartNs;
        // the repaint this load requested was queued before this, so this runs after it is painted
        SwingUtilities.invokeLater(() -> {
            loadTimesNs.add(System.nanoTime() - start);
            loads.incrementAndGet();
        });
    }

    void failed(String message) {
        status.setText("Failed: " + message);
        load.setEnabled(true);
        finished();
    }
}
