package dev.ura.app.cli.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Records the demo feed reader ({@code dev.ura.samples.demo.FeedReaderApp}) with the agent: one
 * JVM per run, clicking its own Load button {@code clicks} times with {@link java.awt.Robot}. Needs
 * a display (Xvfb on a headless machine).
 *
 * @param agentJar  the agent jar ({@code ura.jar})
 * @param classPath the class path holding the demo (ura.jar itself, or the build's classes)
 * @param clicks    clicks per run; the first is a warm-up (class loading, JIT) and is not measured
 * @param dir       where the logs go
 */
public record DemoRecorder(Path agentJar, String classPath, int clicks, Path dir) {
    /** The demo's own classes whose methods become METHOD intervals (the what-if patterns name them). */
    public static final String INCLUDE =
            "dev.ura.samples.demo.CacheStore;dev.ura.samples.demo.ThumbnailLoader;dev.ura.samples.demo.FeedParser";
    private static final long TIMEOUT_S = 300;

    /**
     * Runs the demo once with {@code switches} and returns its log.
     *
     * @throws IOException the run failed (its exit status and last stderr line say why)
     */
    public Path record(String name, List<String> switches) throws IOException, InterruptedException {
        Path log = dir.resolve(name + ".jsonl");
        Path err = dir.resolve(name + ".stderr.txt");
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("-Xshare:off");
        cmd.add("-javaagent:" + agentJar + "=out=" + log + ",include=" + INCLUDE + ",tag=" + name);
        cmd.add("-cp");
        cmd.add(classPath);
        cmd.add("dev.ura.samples.demo.FeedReaderApp");
        cmd.add("--clicks");
        cmd.add(Integer.toString(clicks));
        cmd.addAll(switches);
        Process p = new ProcessBuilder(cmd).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(err.toFile()).start();
        if (!p.waitFor(TIMEOUT_S, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IOException(name + ": the demo did not finish in " + TIMEOUT_S + " s");
        }
        if (p.exitValue() != 0) {
            List<String> lines = Files.readAllLines(err);
            throw new IOException(name + ": the demo exited with " + p.exitValue()
                    + (lines.isEmpty() ? "" : ": " + lines.get(lines.size() - 1)));
        }
        return log;
    }
}
