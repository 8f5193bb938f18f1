package dev.ura.app.analysis.callgraph;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Runs Graphviz {@code dot} as a process (an argument list, never a shell): DOT text in on stdin,
 * the rendered image out on stdout. Blocking; call it off the UI thread.
 */
public final class GraphvizRunner {
    private static final long TIMEOUT_SECONDS = 60;
    private final String executable;
    /** {@code dot -V} is asked once per runner; views call {@link #version()} on every redraw. */
    private volatile boolean probed;
    private volatile String version;

    /** @param executable {@code dot}, or a path to it */
    public GraphvizRunner(String executable) {
        this.executable = executable;
    }

    /** A runner for {@code dot} on the PATH, or the {@code ura.dot} system property when set. */
    public static GraphvizRunner standard() {
        return new GraphvizRunner(System.getProperty("ura.dot", "dot"));
    }

    /**
     * {@code dot -V}'s answer (e.g. {@code dot - graphviz version 2.43.0 (0)}), or {@code null}
     * when it cannot run. Asked once, then remembered.
     */
    public String version() {
        if (!probed) {
            version = probe();
            probed = true;
        }
        return version;
    }

    private String probe() {
        try {
            Process p = new ProcessBuilder(List.of(executable, "-V")).redirectErrorStream(true).start();
            p.getOutputStream().close();
            String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            if (!p.waitFor(10, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return null;
            }
            return p.exitValue() == 0 ? text : null;
        } catch (IOException e) {
            return null; // not installed: callers fall back to the built-in layout
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    /**
     * Renders {@code dot} text.
     *
     * @param format a Graphviz output format: {@code png}, {@code svg}, {@code plain}, ...
     * @return the output bytes
     * @throws IOException when dot cannot be started, fails, or takes longer than a minute
     */
    public byte[] render(String dot, String format) throws IOException {
        Process p = new ProcessBuilder(List.of(executable, "-T" + format)).start();
        AtomicReference<IOException> writeFailure = new AtomicReference<>();
        Thread writer = new Thread(() -> {
            try (OutputStream in = p.getOutputStream()) {
                in.write(dot.getBytes(StandardCharsets.UTF_8));
            } catch (IOException e) {
                writeFailure.set(e); // dot exited early; its stderr says why
            }
        }, "dot-input");
        writer.setDaemon(true);
        writer.start();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Thread errors = drain(p.getErrorStream(), err);
        byte[] out = p.getInputStream().readAllBytes();
        try {
            if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IOException(executable + " did not finish within " + TIMEOUT_SECONDS + " s");
            }
            writer.join();
            errors.join();
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while waiting for " + executable, e);
        }
        if (p.exitValue() != 0) {
            String why = err.toString(StandardCharsets.UTF_8).trim();
            throw new IOException(executable + " failed (exit " + p.exitValue() + "): "
                    + (why.isEmpty() && writeFailure.get() != null ? writeFailure.get().getMessage() : why));
        }
        return out;
    }

    private static Thread drain(InputStream in, ByteArrayOutputStream sink) {
        Thread t = new Thread(() -> {
            try {
                in.transferTo(sink);
            } catch (IOException e) {
                sink.writeBytes(("(stderr unreadable: " + e.getMessage() + ")").getBytes(StandardCharsets.UTF_8));
            }
        }, "dot-stderr");
        t.setDaemon(true);
        t.start();
        return t;
    }
}
