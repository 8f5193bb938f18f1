package dev.ura.app.cli;

import dev.ura.app.record.JvmAttach;
import dev.ura.app.record.JvmCheck;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * {@code ura record --pid N -o LOG [--duration D] [--include GLOBS] [--tag T]}: loads ura.jar's
 * agent into a running JVM (the attach API) and records an agent log until the duration is over
 * (then tells the agent to stop and finish the file) or the process exits.
 */
@Command(name = "record", mixinStandardHelpOptions = true,
        description = "Records an agent log from a running JVM (attach); or launch an app with -javaagent:ura.jar=out=LOG.")
final class RecordCommand implements Callable<Integer> {
    @Option(names = "--pid", required = true, paramLabel = "N", description = "The JVM's process id.")
    long pid;

    @Option(names = {"-o", "--output"}, required = true, paramLabel = "LOG", description = "The agent log to write.")
    Path output;

    @Option(names = "--duration", paramLabel = "D", description = "How long to record: 30s, 2m, 500ms (default: until the process exits).")
    String duration;

    @Option(names = "--include", paramLabel = "GLOBS", description = "Classes whose methods become METHOD intervals, e.g. 'com.myapp.*' (';' separates globs).")
    String include;

    @Option(names = "--tag", paramLabel = "TEXT", description = "Free text stored in the log's META line.")
    String tag;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        long durationMs = duration == null ? -1 : parseMillis(duration);
        if (duration != null && durationMs <= 0) {
            throw new CommandFailure(UraCommand.EXIT_USAGE, "--duration '" + duration + "' is not a duration (e.g. 30s, 2m, 500ms)");
        }
        if (pid <= 0) {
            throw new CommandFailure(UraCommand.EXIT_USAGE, "--pid must be a process id (1 or more), got " + pid);
        }
        if (pid == ProcessHandle.current().pid()) {
            throw new CommandFailure(UraCommand.EXIT_USAGE, "--pid " + pid + " is ura itself");
        }
        Optional<ProcessHandle> target = ProcessHandle.of(pid);
        if (target.isEmpty() || !target.get().isAlive()) {
            throw new CommandFailure(UraCommand.EXIT_BAD_INPUT, "no running process " + pid);
        }
        String notJvm = JvmCheck.whyNotAJvm(pid);
        if (notJvm != null) {
            throw new CommandFailure(UraCommand.EXIT_USAGE, "--pid " + pid + ": " + notJvm + "; nothing was sent to it");
        }
        Path log = output.toAbsolutePath();
        if (Files.exists(log) && !Files.isRegularFile(log, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            // the agent streams into LOG as it records; a FIFO, device, folder or link is not ours to remove
            throw new CommandFailure(UraCommand.EXIT_USAGE, "-o " + log + " is not a regular file; not replaced");
        }
        Files.deleteIfExists(log);
        String jar = agentJar();
        load(jar, JvmAttach.recordOptions(log, include, tag));
        if (!Files.exists(log)) {
            throw new CommandFailure(UraCommand.EXIT_BAD_INPUT, "process " + pid
                    + " did not start recording (its stderr says why, e.g. " + log + " cannot be written)");
        }
        PrintWriter out = spec.commandLine().getOut();
        out.printf("recording process %d to %s%s%n", pid, log,
                durationMs > 0 ? " for " + duration : " until it exits (Ctrl-C stops the recording)");
        out.flush();
        Thread stopOnCtrlC = new Thread(() -> stopQuietly(jar), "ura-record-stop");
        Runtime.getRuntime().addShutdownHook(stopOnCtrlC);
        try {
            target.get().onExit().get(durationMs > 0 ? durationMs : Long.MAX_VALUE, TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            load(jar, "stop");
        } catch (ExecutionException e) {
            throw new CommandFailure(UraCommand.EXIT_BAD_INPUT, "waiting for process " + pid + ": " + e.getCause());
        } finally {
            Runtime.getRuntime().removeShutdownHook(stopOnCtrlC);
        }
        out.printf("%s: %,d bytes%n", log, Files.size(log));
        out.flush();
        return UraCommand.EXIT_OK;
    }

    private void stopQuietly(String jar) {
        try {
            if (ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
                load(jar, "stop");
            }
        } catch (Exception e) {
            System.err.println("ura record: could not stop the recording in " + pid + ": " + e.getMessage());
        }
    }

    private void load(String jar, String args) throws CommandFailure {
        try {
            JvmAttach.load(pid, jar, args);
        } catch (JvmAttach.AttachFailure e) {
            throw new CommandFailure(UraCommand.EXIT_BAD_INPUT, e.getMessage());
        }
    }

    /** {@code 500ms}, {@code 30s}, {@code 2m}, {@code 1h}, or plain seconds; -1 when not a duration. */
    static long parseMillis(String text) {
        return JvmAttach.durationMillis(text);
    }

    private static String agentJar() throws CommandFailure {
        Path jar = JvmAttach.agentJar();
        if (jar == null) {
            throw new CommandFailure(UraCommand.EXIT_USAGE, "record needs ura.jar (the agent); this ura runs from "
                    + "its build folders");
        }
        return jar.toString();
    }
}
