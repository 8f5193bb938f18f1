package dev.ura.agent;

import dev.ura.app.cli.UraCommand;
import dev.ura.trace.io.TraceFiles;
import dev.ura.trace.model.EventKind;
import dev.ura.trace.model.Trace;
import dev.ura.workload.AgentWorkload;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code ura record --pid}: attaches to a running JVM, records for the duration, and leaves a finished log. */
class RecordCommandTest {
    @TempDir
    Path dir;

    private static int ura(StringWriter out, StringWriter err, String... args) {
        return UraCommand.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
    }

    @Test
    void recordsARunningJvmForTheDurationThenStops() throws Exception {
        Process app = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xshare:off",
                "-cp", System.getProperty("java.class.path"), AgentWorkload.class.getName(), "serve", dir.toString())
                .redirectErrorStream(true).start();
        try {
            BufferedReader lines = new BufferedReader(new InputStreamReader(app.getInputStream(), StandardCharsets.UTF_8));
            assertThat(lines.readLine()).isEqualTo("ready");
            Path log = dir.resolve("attached.jsonl");
            System.setProperty("ura.agent.jar", AgentJvm.agentJar().toString());
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            int exit;
            try {
                exit = ura(out, err, "record", "--pid", Long.toString(app.pid()), "-o", log.toString(), "--duration", "1500ms",
                        "--tag", "attached");
            } finally {
                System.clearProperty("ura.agent.jar");
            }
            assertThat(exit).as(err.toString()).isZero();
            assertThat(out.toString()).contains("recording process " + app.pid());
            long size = Files.size(log);
            Thread.sleep(300);
            assertThat(Files.size(log)).as("the agent stopped writing").isEqualTo(size);
            Trace trace = TraceFiles.read(log);
            long writes = 0;
            for (int e = 0; e < trace.events().size(); e++) {
                if (trace.events().kind(e) == EventKind.WRITE) {
                    writes++;
                }
            }
            // one file write every ~20 ms for 1.5 s, on an unloaded machine about 70
            assertThat(writes).isGreaterThan(5);
            assertThat(List.of(trace.events().kind(0))).isNotEmpty();
        } finally {
            Files.writeString(dir.resolve("stop"), "");
            if (!app.waitFor(30, TimeUnit.SECONDS)) {
                app.destroyForcibly();
            }
        }
    }

    @Test
    void aProcessThatIsNotThereIsAOneLineError() {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        assertThat(ura(out, err, "record", "--pid", "999999999", "-o", dir.resolve("x.jsonl").toString())).isEqualTo(1);
        assertThat(err.toString()).contains("no running process 999999999").doesNotContain("Exception");
        assertThat(ura(out, err, "record", "--pid", "1", "-o", "x.jsonl", "--duration", "soon")).isEqualTo(2);
    }

    /**
     * Issue 23 item 1: attaching sends SIGQUIT, which kills a process that is not a JVM (status
     * 131). A real {@code sleep} is refused in one line (exit 2) and is still alive afterwards, and
     * the -o file is not created.
     */
    @Test
    void aProcessThatIsNotAJvmIsRefusedAndLeftAlive() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isDirectory(Path.of("/proc/self")), "needs /proc");
        Process sleep = new ProcessBuilder("sleep", "60").start();
        try {
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            Path log = dir.resolve("sleep.jsonl");
            int code = ura(out, err, "record", "--pid", Long.toString(sleep.pid()), "-o", log.toString(), "--duration", "1s");
            assertThat(code).as(err.toString()).isEqualTo(2);
            assertThat(err.toString()).startsWith("ura: --pid " + sleep.pid() + ": process " + sleep.pid() + " (sleep) is not a Java VM")
                    .contains("nothing was sent to it");
            assertThat(err.toString().strip().lines()).hasSize(1);
            // SIGQUIT would have ended it at once; give a late signal time to land
            assertThat(sleep.waitFor(1, TimeUnit.SECONDS)).as("sleep was killed").isFalse();
            assertThat(sleep.isAlive()).isTrue();
            assertThat(log).doesNotExist();
        } finally {
            sleep.destroy();
            sleep.waitFor(10, TimeUnit.SECONDS);
        }
    }

    /** A FIFO given as the log is not removed or replaced (the agent would block on it). */
    @Test
    void aFifoAsTheLogIsRefusedAndKept() throws Exception {
        Path fifo = dir.resolve("log.fifo");
        Process mk = new ProcessBuilder("mkfifo", fifo.toString()).start();
        org.junit.jupiter.api.Assumptions.assumeTrue(mk.waitFor() == 0, "mkfifo not available");
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        // our own parent is a JVM (the test runner's launcher may not be): use a child JVM instead
        Process app = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), AgentWorkload.class.getName(), "serve", dir.toString())
                .redirectErrorStream(true).start();
        try {
            BufferedReader lines = new BufferedReader(new InputStreamReader(app.getInputStream(), StandardCharsets.UTF_8));
            assertThat(lines.readLine()).isEqualTo("ready");
            int code = ura(out, err, "record", "--pid", Long.toString(app.pid()), "-o", fifo.toString());
            assertThat(code).as(err.toString()).isEqualTo(2);
            assertThat(err.toString()).contains("is not a regular file; not replaced");
            assertThat(Files.exists(fifo, java.nio.file.LinkOption.NOFOLLOW_LINKS)).isTrue();
            assertThat(Files.isRegularFile(fifo)).isFalse();
        } finally {
            Files.writeString(dir.resolve("stop"), "");
            if (!app.waitFor(30, TimeUnit.SECONDS)) {
                app.destroyForcibly();
            }
        }
    }
}
