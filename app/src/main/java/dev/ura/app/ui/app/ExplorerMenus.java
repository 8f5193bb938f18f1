package dev.ura.app.ui.app;

import javax.swing.ButtonGroup;
import javax.swing.JCheckBoxMenuItem;
import dev.ura.app.ui.timeline.LaneMenu;
import dev.ura.app.ui.export.ExportActions;
import dev.ura.app.ui.export.ReportActions;
import dev.ura.app.ui.export.ResponseExportActions;
import dev.ura.app.ui.runs.RunsActions;
import dev.ura.app.ui.LoadedTrace;
import dev.ura.app.ui.PlainText;
import dev.ura.app.ui.TraceSource;
import javax.swing.JFileChooser;
import javax.swing.JMenu;
import javax.swing.JMenuBar;
import javax.swing.JMenuItem;
import javax.swing.JRadioButtonMenuItem;
import javax.swing.KeyStroke;
import javax.swing.event.MenuEvent;
import javax.swing.event.MenuListener;
import java.awt.Toolkit;
import java.awt.event.KeyEvent;
import java.nio.file.Path;
import java.util.List;

/** The menu bar: File (open, recent, samples, export), View (theme, fit, threads), Search. */
public final class ExplorerMenus {
    private final ExplorerFrame frame;
    private final int shortcut = Toolkit.getDefaultToolkit().getMenuShortcutKeyMaskEx();
    private Path lastDirectory;

    ExplorerMenus(ExplorerFrame frame) {
        this.frame = frame;
    }

    JMenuBar build() {
        JMenuBar bar = new JMenuBar();
        bar.add(fileMenu());
        bar.add(viewMenu());
        bar.add(helpMenu());
        return bar;
    }

    private JMenu fileMenu() {
        JMenu file = new JMenu("File");
        file.setMnemonic('F');
        file.add(item("Open…", KeyEvent.VK_O, this::chooseFile));
        JMenu recent = new JMenu("Open Recent");
        recent.setName("recentMenu");
        JMenu samples = new JMenu("Samples");
        samples.setName("samplesMenu");
        file.add(recent);
        file.add(samples);
        file.addMenuListener(new MenuListener() {
            @Override
            public void menuSelected(MenuEvent e) {
                fillRecent(recent);
            }

            @Override
            public void menuDeselected(MenuEvent e) {
                // nothing to undo: the submenus are rebuilt each time the menu opens
            }

            @Override
            public void menuCanceled(MenuEvent e) {
                // as above
            }
        });
        fillSamples(samples); // the bundled samples do not change while the window is open
        file.addSeparator();
        RunsActions.addTo(file, frame);
        dev.ura.app.ui.record.RecordActions.addTo(file, frame, new dev.ura.app.ui.record.RecordHost() {
            @Override
            public void open(Path log) {
                frame.open(log);
            }

            @Override
            public void status(String message) {
                frame.status().setMessage(message);
            }

            @Override
            public dev.ura.app.ui.record.RecordSettings lastRecording() {
                return frame.prefs().recordSettings();
            }

            @Override
            public void rememberRecording(dev.ura.app.ui.record.RecordSettings s) {
                frame.prefs().setRecordSettings(s);
            }
        });
        file.addSeparator();
        file.add(item("Export Image…", KeyEvent.VK_E, () -> ExportActions.exportImage(frame)));
        JMenuItem copy = new JMenuItem("Copy Image");
        copy.setAccelerator(KeyStroke.getKeyStroke(KeyEvent.VK_C, shortcut | KeyEvent.SHIFT_DOWN_MASK));
        copy.addActionListener(e -> ExportActions.copyImage(frame));
        file.add(copy);
        JMenuItem exportResponse = new JMenuItem("Export Response…");
        exportResponse.setName("exportResponse");
        exportResponse.setAccelerator(KeyStroke.getKeyStroke(KeyEvent.VK_E, shortcut | KeyEvent.SHIFT_DOWN_MASK));
        exportResponse.addActionListener(e -> ResponseExportActions.exportResponse(frame));
        file.add(exportResponse);
        JMenuItem copyResponse = new JMenuItem("Copy Response Image");
        copyResponse.addActionListener(e -> ResponseExportActions.copyResponseImage(frame));
        file.add(copyResponse);
        JMenuItem report = new JMenuItem("Save Report…");
        report.setName("saveReport");
        report.setAccelerator(KeyStroke.getKeyStroke(KeyEvent.VK_R, shortcut | KeyEvent.SHIFT_DOWN_MASK));
        report.addActionListener(e -> ReportActions.saveReport(frame));
        file.add(report);
        file.addSeparator();
        file.add(item("Close Window", KeyEvent.VK_W, () -> frame.dispatchEvent(
                new java.awt.event.WindowEvent(frame, java.awt.event.WindowEvent.WINDOW_CLOSING))));
        return file;
    }

    private JMenu viewMenu() {
        JMenu view = new JMenu("View");
        view.setMnemonic('V');
        JMenu theme = new JMenu("Theme");
        ButtonGroup group = new ButtonGroup();
        for (ThemeChoice t : ThemeChoice.values()) {
            JRadioButtonMenuItem i = new JRadioButtonMenuItem(t.label(), t == frame.theme());
            i.addActionListener(e -> frame.setTheme(t));
            group.add(i);
            theme.add(i);
        }
        view.add(theme);
        view.addSeparator();
        // plain-key shortcuts (0, F, W/A/S/D) belong to the timeline: as menu accelerators they
        // would also fire while typing in the search field
        JMenuItem fitAll = new JMenuItem("Fit All    0");
        fitAll.addActionListener(e -> frame.timeline().fitAll());
        view.add(fitAll);
        JMenuItem fit = new JMenuItem("Fit Selection or Response    F");
        fit.addActionListener(e -> frame.timeline().fitFocus());
        view.add(fit);
        view.add(item("Find Method…", KeyEvent.VK_F, () -> frame.search().focus()));
        JCheckBoxMenuItem wheel = new JCheckBoxMenuItem("Mouse Wheel Zooms (Ctrl+Wheel Scrolls)", frame.timeline().wheelZooms());
        wheel.setName("wheelZoomsItem");
        wheel.setToolTipText("Off: the wheel scrolls threads and Ctrl+wheel zooms, as in Perfetto and Android Studio");
        wheel.addActionListener(e -> {
            frame.timeline().setWheelZooms(wheel.isSelected());
            frame.prefs().setWheelZooms(wheel.isSelected());
        });
        view.add(wheel);
        view.add(arrowsMenu());
        view.addSeparator();
        JMenu hidden = new JMenu("Show Hidden Threads");
        view.add(hidden);
        view.addMenuListener(new MenuListener() {
            @Override
            public void menuSelected(MenuEvent e) {
                int at = view.getPopupMenu().getComponentIndex(view.getItem(view.getItemCount() - 1));
                view.remove(at);
                view.add(LaneMenu.hiddenMenu(frame.timeline()));
            }

            @Override
            public void menuDeselected(MenuEvent e) {
                // rebuilt on the next opening
            }

            @Override
            public void menuCanceled(MenuEvent e) {
                // rebuilt on the next opening
            }
        });
        return view;
    }

    /** View › Arrows: which arrows the timeline draws, remembered between sessions. */
    private JMenu arrowsMenu() {
        JMenu arrows = new JMenu("Arrows");
        arrows.setName("arrowsMenu");
        dev.ura.app.render.ArrowToggles now = frame.timeline().arrows();
        JCheckBoxMenuItem wakeups = new JCheckBoxMenuItem("Wakeups", now.wakeups());
        wakeups.setName("arrowWakeups");
        wakeups.setToolTipText("System traces: who woke the selected slice's thread (dashed)");
        JCheckBoxMenuItem handoffs = new JCheckBoxMenuItem("Binder Calls and Flows", now.handoffs());
        handoffs.setName("arrowHandoffs");
        handoffs.setToolTipText("System traces: the selected slice's binder transactions and replies, and trace flows");
        JCheckBoxMenuItem path = new JCheckBoxMenuItem("Critical Path Hand-offs", now.path());
        path.setName("arrowPath");
        path.setToolTipText("The selected response's critical path going from one thread to another");
        Runnable apply = () -> {
            var a = new dev.ura.app.render.ArrowToggles(wakeups.isSelected(), handoffs.isSelected(), path.isSelected());
            frame.timeline().setArrows(a);
            frame.prefs().setArrows(a);
        };
        for (JCheckBoxMenuItem i : List.of(wakeups, handoffs, path)) {
            i.addActionListener(e -> apply.run());
            arrows.add(i);
        }
        return arrows;
    }

    private JMenu helpMenu() {
        JMenu help = new JMenu("Help");
        JMenuItem keys = new JMenuItem("Keyboard and Mouse");
        keys.setName("keysHelpItem");
        keys.addActionListener(e -> KeysHelp.show(frame, frame.timeline().wheelZooms()));
        help.add(keys);
        JMenuItem about = new JMenuItem("About ura");
        about.setName("aboutItem");
        about.addActionListener(e -> {
            javax.swing.JOptionPane.showMessageDialog(frame, PlainText.message(dev.ura.app.cli.VersionProvider.current()
                    + "\nJava " + System.getProperty("java.version") + " · " + System.getProperty("os.name")
                    + "\n\nFinds each response to a user input in a trace, its critical path across threads,"
                    + " and what a change would save.\nDocumentation: the docs folder beside ura's README;"
                    + " on the command line, ura --help."), "About ura", javax.swing.JOptionPane.INFORMATION_MESSAGE);
            frame.focusTimeline();
        });
        help.add(about);
        return help;
    }

    private void fillRecent(JMenu recent) {
        recent.removeAll();
        List<Path> files = frame.prefs().recent();
        for (Path p : files) {
            JMenuItem i = PlainText.menuItem(p.getFileName() + "  —  " + p.getParent());
            i.addActionListener(e -> frame.open(p));
            recent.add(i);
        }
        if (files.isEmpty()) {
            JMenuItem none = new JMenuItem("No recent files");
            none.setEnabled(false);
            recent.add(none);
        } else {
            recent.addSeparator();
            JMenuItem clear = new JMenuItem("Clear Recent");
            clear.addActionListener(e -> frame.prefs().clearRecent());
            recent.add(clear);
        }
    }

    private void fillSamples(JMenu samples) {
        samples.removeAll();
        List<SampleCatalog.Entry> list = SampleCatalog.entries();
        for (SampleCatalog.Entry s : list) {
            TraceSource src = TraceSource.ofSample(s.resource());
            JMenuItem i = new JMenuItem(src.name());
            i.setToolTipText(s.description());
            i.addActionListener(e -> frame.open(src));
            samples.add(i);
        }
        if (list.isEmpty()) {
            JMenuItem none = new JMenuItem("No samples in this build");
            none.setEnabled(false);
            samples.add(none);
        }
    }

    /** File › Open…: a file dialog in the open trace's folder. */
    void chooseFile() {
        JFileChooser chooser = new JFileChooser(LoadedTrace.dialogFolder(frame.loaded(), lastDirectory));
        chooser.setDialogTitle("Open trace");
        int answer = chooser.showOpenDialog(frame);
        frame.focusTimeline(); // shortcuts work again without a click
        if (answer == JFileChooser.APPROVE_OPTION) {
            Path p = chooser.getSelectedFile().toPath();
            lastDirectory = p.getParent();
            frame.open(p);
        }
    }

    private JMenuItem item(String text, int key, Runnable action) {
        JMenuItem i = new JMenuItem(text);
        i.setAccelerator(KeyStroke.getKeyStroke(key, shortcut));
        i.addActionListener(e -> action.run());
        return i;
    }
}
