package dev.ura.app.ui.record;

import dev.ura.app.ui.PlainText;

import dev.ura.agent.AgentMain;

import java.awt.Component;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.function.Consumer;
import javax.swing.JLabel;
import javax.swing.JMenu;
import javax.swing.JMenuItem;
import javax.swing.JOptionPane;
import javax.swing.JPanel;
import javax.swing.JTextField;
import javax.swing.SwingWorker;

/**
 * File › Record…: asks for a {@code java …} command line, runs it with ura's agent, and opens the
 * log when the app exits. The app runs in a background worker; the window stays usable.
 */
public final class RecordActions {
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");
    /** The app's output kept for a failure message: its last lines, not all of a chatty app's log. */
    static final int OUTPUT_TAIL = 4_000;
    /** What the user typed last time in this session: recording again is the common case. */
    private static String lastCommand = "java -jar myapp.jar";
    private static String lastInclude = "";

    private RecordActions() {
    }

    /** Adds the menu item; {@code open} opens a log (on the EDT). */
    public static void addTo(JMenu menu, Component parent, Consumer<Path> open) {
        JMenuItem item = new JMenuItem("Record…");
        item.setName("recordItem");
        item.addActionListener(e -> ask(parent, open));
        menu.add(item);
    }

    private static void ask(Component parent, Consumer<Path> open) {
        Path jar = agentJar();
        if (jar == null) {
            JOptionPane.showMessageDialog(parent, "Recording needs ura.jar (the agent); this ura runs from its build folders.",
                    "Record", JOptionPane.WARNING_MESSAGE);
            return;
        }
        JTextField command = new JTextField(lastCommand, 40);
        command.setName("recordCommand");
        JTextField include = new JTextField(lastInclude, 40);
        include.setName("recordInclude");
        Path defaultLog = Path.of(System.getProperty("user.home"), "ura-record-" + LocalDateTime.now().format(STAMP) + ".jsonl");
        JTextField log = new JTextField(defaultLog.toString(), 40);
        log.setName("recordLog");
        JPanel form = new JPanel(new java.awt.GridLayout(0, 1, 4, 4));
        form.add(new JLabel("Command line (starts with java; runs in " + new File("").getAbsolutePath() + "):"));
        form.add(command);
        form.add(new JLabel("Record methods of classes (e.g. com.myapp.*; optional):"));
        form.add(include);
        form.add(new JLabel("Agent log to write:"));
        form.add(log);
        if (JOptionPane.showConfirmDialog(parent, form, "Record an App", JOptionPane.OK_CANCEL_OPTION,
                JOptionPane.PLAIN_MESSAGE) != JOptionPane.OK_OPTION) {
            return;
        }
        lastCommand = command.getText().trim();
        lastInclude = include.getText().trim();
        List<String> cmd;
        Path out = Path.of(log.getText().trim()).toAbsolutePath();
        try {
            cmd = RecordCommandLine.withAgent(RecordCommandLine.split(command.getText().trim()), jar.toString(),
                    out.toString(), include.getText());
        } catch (IllegalArgumentException ex) {
            JOptionPane.showMessageDialog(parent, ex.getMessage(), "Record", JOptionPane.WARNING_MESSAGE);
            return;
        }
        new RecordWorker(parent, cmd, out, open).execute();
    }

    /** What a failed recording says: the status, the log not written, and the end of the app's own output. */
    static String failure(int exit, Path log, String output) {
        String said = output.strip();
        return "The app exited (status " + exit + ") without writing " + log + "."
                + (said.isEmpty() ? " It printed nothing; check the command line."
                : "\nIts output" + (output.length() >= OUTPUT_TAIL ? " (the end)" : "") + ":\n" + said);
    }

    private static Path agentJar() {
        try {
            Path p = Path.of(AgentMain.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            return Files.isRegularFile(p) ? p : null;
        } catch (Exception e) {
            return null;
        }
    }

    /** Runs the app and waits for it off the EDT; opens the log (or says why not) on the EDT. */
    private static final class RecordWorker extends SwingWorker<Integer, Void> {
        private final StringBuilder tail = new StringBuilder();
        private final Component parent;
        private final List<String> command;
        private final Path log;
        private final Consumer<Path> open;

        RecordWorker(Component parent, List<String> command, Path log, Consumer<Path> open) {
            this.parent = parent;
            this.command = command;
            this.log = log;
            this.open = open;
        }

        @Override
        protected Integer doInBackground() throws Exception {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            // read (never let the pipe fill and block the app), keeping only the end for a failure message
            try (java.io.Reader in = new java.io.InputStreamReader(p.getInputStream(),
                    java.nio.charset.Charset.defaultCharset())) {
                char[] buf = new char[8192];
                for (int n; (n = in.read(buf)) >= 0; ) {
                    synchronized (tail) {
                        tail.append(buf, 0, n);
                        if (tail.length() > 2 * OUTPUT_TAIL) {
                            tail.delete(0, tail.length() - OUTPUT_TAIL);
                        }
                    }
                }
            }
            return p.waitFor();
        }

        private String output() {
            synchronized (tail) {
                return tail.length() <= OUTPUT_TAIL ? tail.toString() : tail.substring(tail.length() - OUTPUT_TAIL);
            }
        }

        @Override
        protected void done() {
            try {
                int exit = get();
                if (Files.isRegularFile(log) && Files.size(log) > 0) {
                    open.accept(log);
                } else {
                    JOptionPane.showMessageDialog(parent, PlainText.message(failure(exit, log, output())), "Record",
                            JOptionPane.WARNING_MESSAGE);
                }
            } catch (java.util.concurrent.ExecutionException ex) {
                JOptionPane.showMessageDialog(parent, "Cannot run " + command.get(0) + ": " + ex.getCause().getMessage(),
                        "Record", JOptionPane.WARNING_MESSAGE);
            } catch (InterruptedException ex) {
                Thread.currentThread().interrupt();
            } catch (java.io.IOException ex) {
                JOptionPane.showMessageDialog(parent, "Cannot read " + log + ": " + ex.getMessage(), "Record",
                        JOptionPane.WARNING_MESSAGE);
            }
        }
    }
}
