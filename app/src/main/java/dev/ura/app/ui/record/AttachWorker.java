package dev.ura.app.ui.record;

import dev.ura.app.record.JvmAttach;
import dev.ura.app.record.JvmCheck;
import dev.ura.app.ui.PlainText;

import javax.swing.JOptionPane;
import javax.swing.SwingWorker;
import java.awt.Component;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Records a running JVM from the window, as {@code ura record --pid} does and with its checks:
 * never this ura, only a live process that shows it is a JVM ({@link JvmCheck}: attaching signals
 * the process, which ends any other), a log path that is a regular file or nothing. Loads the agent,
 * records for the duration (or until the JVM exits), tells the agent to stop, and opens the log.
 * Everything but the final message runs off the EDT.
 */
final class AttachWorker extends SwingWorker<Void, String> {
    private final Component parent;
    private final RecordHost host;
    private final long pid;
    private final String jar;
    private final Path log;
    private final String include;
    private final long durationMs;
    private final String durationText;

    AttachWorker(Component parent, RecordHost host, long pid, Path jar, Path log, String include, long durationMs,
                 String durationText) {
        this.parent = parent;
        this.host = host;
        this.pid = pid;
        this.jar = jar.toString();
        this.log = log;
        this.include = include;
        this.durationMs = durationMs;
        this.durationText = durationText;
    }

    @Override
    protected Void doInBackground() throws Exception {
        if (pid == ProcessHandle.current().pid()) {
            throw new JvmAttach.AttachFailure("process " + pid + " is this ura");
        }
        ProcessHandle target = ProcessHandle.of(pid).filter(ProcessHandle::isAlive)
                .orElseThrow(() -> new JvmAttach.AttachFailure("no running process " + pid + " (it has exited)"));
        String notJvm = JvmCheck.whyNotAJvm(pid);
        if (notJvm != null) {
            throw new JvmAttach.AttachFailure(notJvm + "; nothing was sent to it");
        }
        if (Files.exists(log, LinkOption.NOFOLLOW_LINKS) && !Files.isRegularFile(log, LinkOption.NOFOLLOW_LINKS)) {
            throw new JvmAttach.AttachFailure(log + " is not a regular file; not replaced");
        }
        Files.deleteIfExists(log);
        publish("Attaching to process " + pid + "…");
        JvmAttach.load(pid, jar, JvmAttach.recordOptions(log, include, null));
        if (!Files.exists(log)) {
            throw new JvmAttach.AttachFailure("process " + pid + " did not start recording (its own error output"
                    + " says why, e.g. " + log + " cannot be written)");
        }
        publish("Recording process " + pid + " for " + durationText + " to " + log.getFileName() + "…");
        try {
            target.onExit().get(durationMs, TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            JvmAttach.load(pid, jar, "stop");
        }
        return null;
    }

    @Override
    protected void process(List<String> messages) {
        host.status(messages.get(messages.size() - 1));
    }

    @Override
    protected void done() {
        try {
            get();
            if (Files.isRegularFile(log) && Files.size(log) > 0) {
                host.open(log);
            } else {
                fail("Process " + pid + " wrote nothing to " + log + ".");
            }
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            fail("Cannot record process " + pid + ": " + (cause instanceof JvmAttach.AttachFailure
                    ? cause.getMessage() : String.valueOf(cause)));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (java.io.IOException e) {
            fail("Cannot read " + log + ": " + e.getMessage());
        }
    }

    private void fail(String message) {
        host.status("Recording failed");
        JOptionPane.showMessageDialog(parent, PlainText.message(message), "Record", JOptionPane.WARNING_MESSAGE);
    }
}
