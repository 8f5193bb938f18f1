package dev.ura.app.ui.record;

import dev.ura.app.record.JvmAttach;
import dev.ura.app.ui.Background;
import dev.ura.app.ui.PlainText;

import javax.swing.BorderFactory;
import javax.swing.DefaultListCellRenderer;
import javax.swing.DefaultListModel;
import javax.swing.JButton;
import javax.swing.JComponent;
import javax.swing.JLabel;
import javax.swing.JList;
import javax.swing.JPanel;
import javax.swing.JScrollPane;
import javax.swing.JTabbedPane;
import javax.swing.JTextField;
import javax.swing.ListSelectionModel;
import java.awt.BorderLayout;
import java.awt.Component;
import java.awt.Dimension;
import java.awt.GridLayout;
import java.io.File;
import java.nio.file.Path;
import java.util.List;

/**
 * The form of File › Record…: a tab to launch a {@code java …} command with the agent, a tab to
 * attach to a running JVM picked from a list (pid and main class or jar, as {@code jps -l} shows
 * them; read off the EDT when the form opens and on Refresh), then the classes to record and the
 * log to write. It starts from the last settings.
 */
final class RecordDialog {
    private final JTabbedPane tabs = new JTabbedPane();
    private final JTextField command;
    private final JTextField include;
    private final JTextField duration;
    private final JTextField log;
    private final DefaultListModel<JvmAttach.RunningJvm> jvms = new DefaultListModel<>();
    private final JList<JvmAttach.RunningJvm> jvmList = new JList<>(jvms);
    private final JLabel jvmStatus = PlainText.label("Looking for running JVMs…");
    private final JPanel form = new JPanel(new BorderLayout(0, 8));

    RecordDialog(RecordSettings last, Path defaultLog) {
        command = field("recordCommand", last.command());
        include = field("recordInclude", last.include());
        duration = field("recordDuration", last.duration());
        log = field("recordLog", defaultLog.toString());
        tabs.setName("recordMode");
        JPanel launch = new JPanel(new GridLayout(0, 1, 4, 4));
        launch.add(PlainText.label("Command line (starts with java; runs in " + new File("").getAbsolutePath() + "):"));
        launch.add(command);
        launch.add(PlainText.label("The app runs with the agent; its log opens when it exits."));
        tabs.addTab("Launch a command", launch);
        tabs.addTab("Attach to a running JVM", attachTab());
        tabs.setSelectedIndex(last.attach() ? 1 : 0);
        JPanel common = new JPanel(new GridLayout(0, 1, 4, 4));
        common.add(PlainText.label("Record methods of classes (e.g. com.myapp.*; optional):"));
        common.add(include);
        common.add(PlainText.label("Agent log to write:"));
        common.add(log);
        form.add(tabs, BorderLayout.CENTER);
        form.add(common, BorderLayout.SOUTH);
    }

    private JPanel attachTab() {
        jvmList.setName("recordJvms");
        jvmList.setSelectionMode(ListSelectionModel.SINGLE_SELECTION);
        jvmList.setVisibleRowCount(6);
        jvmList.setCellRenderer(PlainText.of(new DefaultListCellRenderer() {
            @Override
            public Component getListCellRendererComponent(JList<?> list, Object value, int index, boolean selected,
                                                          boolean focus) {
                Object text = value instanceof JvmAttach.RunningJvm j ? j.pid() + "   " + j.name() : value;
                return super.getListCellRendererComponent(list, text, index, selected, focus);
            }
        }));
        JButton refresh = new JButton("Refresh");
        refresh.setName("recordRefresh");
        refresh.addActionListener(e -> refresh());
        jvmStatus.setName("recordJvmStatus");
        JPanel top = new JPanel(new BorderLayout(8, 0));
        top.add(jvmStatus, BorderLayout.CENTER);
        top.add(refresh, BorderLayout.EAST);
        JScrollPane scroll = new JScrollPane(jvmList);
        scroll.setPreferredSize(new Dimension(520, 130));
        JPanel howLong = new JPanel(new BorderLayout(8, 0));
        howLong.add(PlainText.label("Record for (500ms, 30s, 2m; it stops earlier if the JVM exits):"), BorderLayout.WEST);
        howLong.add(duration, BorderLayout.CENTER);
        JPanel tab = new JPanel(new BorderLayout(0, 6));
        tab.setBorder(BorderFactory.createEmptyBorder(4, 4, 4, 4));
        tab.add(top, BorderLayout.NORTH);
        tab.add(scroll, BorderLayout.CENTER);
        tab.add(howLong, BorderLayout.SOUTH);
        return tab;
    }

    private static JTextField field(String name, String text) {
        JTextField f = new JTextField(text, 40);
        f.setName(name);
        return f;
    }

    JComponent form() {
        return form;
    }

    /** Lists the running JVMs again, off the EDT, keeping the selected one selected. */
    void refresh() {
        jvmStatus.setText("Looking for running JVMs…");
        Background.run(JvmAttach::list, this::show, e -> jvmStatus.setText("Cannot list the JVMs: " + e.getMessage()));
    }

    private void show(List<JvmAttach.RunningJvm> list) {
        JvmAttach.RunningJvm was = jvmList.getSelectedValue();
        jvms.clear();
        list.forEach(jvms::addElement);
        for (int i = 0; was != null && i < list.size(); i++) {
            if (list.get(i).pid() == was.pid()) {
                jvmList.setSelectedIndex(i);
            }
        }
        jvmStatus.setText(list.isEmpty() ? "No other JVM of this user is running (Refresh looks again)"
                : list.size() + (list.size() == 1 ? " JVM" : " JVMs") + " of this user (pid, main class or jar):");
    }

    /** What the form says now, to remember. */
    RecordSettings settings() {
        return new RecordSettings(command.getText().strip(), include.getText().strip(), duration.getText().strip(),
                tabs.getSelectedIndex() == 1);
    }

    /** The JVM picked, or {@code null}. */
    JvmAttach.RunningJvm selectedJvm() {
        return jvmList.getSelectedValue();
    }

    Path log() {
        return Path.of(log.getText().strip()).toAbsolutePath();
    }
}
