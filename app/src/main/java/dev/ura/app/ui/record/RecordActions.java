package dev.ura.app.ui.record;

import dev.ura.app.ui.PlainText;

import dev.ura.app.record.JvmAttach;
import java.awt.Component;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.function.Consumer;
import javax.swing.JMenu;
import javax.swing.JMenuItem;
import javax.swing.JOptionPane;
import javax.swing.SwingWorker;

/**
 * File › Record…: launches a {@code java …} command line with ura's agent and opens the log when
 * the app exits, or attaches to a running JVM picked from a list ({@link AttachWorker}) and opens
 * the log after the chosen duration. The app runs in a background worker; the window stays usable.
 * The last settings are kept in the preferences.
 */
public final class RecordActions {
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");
    /** The app's output kept for a failure message: its last lines, not all of a chatty app's log. */
    static final int OUTPUT_TAIL = 4_000;

    private RecordActions() {
    }

    /** Adds the menu item. */
    public static void addTo(JMenu menu, Component parent, RecordHost host) {
        JMenuItem item = new JMenuItem("Record…");
        item.setName("recordItem");
        item.addActionListener(e -> ask(parent, host));
        menu.add(item);
    }

    private static void ask(Component parent, RecordHost host) {
        Path jar = JvmAttach.agentJar();
        if (jar == null) {
            JOptionPane.showMessageDialog(parent, "Recording needs ura.jar (the agent); this ura runs from its build folders.",
                    "Record", JOptionPane.WARNING_MESSAGE);
            return;
        }
        Path defaultLog = Path.of(System.getProperty("user.home"), "ura-record-" + LocalDateTime.now().format(STAMP) + ".jsonl");
        RecordDialog dialog = new RecordDialog(host.lastRecording(), defaultLog);
        dialog.refresh();
        if (JOptionPane.showConfirmDialog(parent, dialog.form(), "Record an App", JOptionPane.OK_CANCEL_OPTION,
                JOptionPane.PLAIN_MESSAGE) != JOptionPane.OK_OPTION) {
            return;
        }
        RecordSettings s = dialog.settings();
        host.rememberRecording(s);
        Path out = dialog.log();
        if (s.attach()) {
            JvmAttach.RunningJvm jvm = dialog.selectedJvm();
            long ms = JvmAttach.durationMillis(s.duration());
            if (jvm == null || ms <= 0) {
                JOptionPane.showMessageDialog(parent, jvm == null ? "Pick the JVM to attach to in the list."
                        : "'" + s.duration() + "' is not a duration (e.g. 30s, 2m, 500ms).", "Record",
                        JOptionPane.WARNING_MESSAGE);
                return;
            }
            new AttachWorker(parent, host, jvm.pid(), jar, out, s.include(), ms, s.duration()).execute();
            return;
        }
        List<String> cmd;
        try {
            cmd = RecordCommandLine.withAgent(RecordCommandLine.split(s.command()), jar.toString(), out.toString(),
                    s.include());
        } catch (IllegalArgumentException ex) {
            JOptionPane.showMessageDialog(parent, ex.getMessage(), "Record", JOptionPane.WARNING_MESSAGE);
            return;
        }
        new RecordWorker(parent, cmd, out, host::open).execute();
    }

    /** What a failed recording says: the status, the log not written, and the end of the app's own output. */
    static String failure(int exit, Path log, String output) {
        String said = output.strip();
        return "The app exited (status " + exit + ") without writing " + log + "."
                + (said.isEmpty() ? " It printed nothing; check the command line."
                : "\nIts output" + (output.length() >= OUTPUT_TAIL ? " (the end)" : "") + ":\n" + said);
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
