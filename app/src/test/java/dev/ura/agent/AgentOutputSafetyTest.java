package dev.ura.agent;

import dev.ura.workload.AgentWorkload;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/** Issue 23 item 6: the agent's {@code out=} never blocks the app, and its runtime jar does not pile up. */
class AgentOutputSafetyTest {
    @TempDir
    Path dir;

    /**
     * A FIFO with no reader blocked the app in the agent's open, before {@code main()}, for good
     * (the child then timed out here). Now: one line on stderr and the app runs to its end.
     */
    @Test
    void aFifoWithNoReaderIsRefusedAndTheAppRuns() throws Exception {
        Path fifo = dir.resolve("log.fifo");
        Process mk = new ProcessBuilder("mkfifo", fifo.toString()).start();
        Assumptions.assumeTrue(mk.waitFor() == 0, "mkfifo not available");
        Path work = Files.createDirectory(dir.resolve("work"));
        AgentJvm.Run run = AgentJvm.run("out=" + fifo, AgentWorkload.class.getName(), List.of("throw", work.toString()), 60);
        assertThat(run.stderr()).contains("ura agent: out=" + fifo + " is a FIFO").contains("not recording");
        assertThat(run.stderr().lines().filter(l -> l.startsWith("ura agent:"))).hasSize(1);
        assertThat(run.stdout()).as("main() ran").contains("caught boom");
    }

    /**
     * {@code Runtime.halt} skips delete-on-exit, so each halted run left its own
     * {@code ura-agent-rt*.jar}. The jar is named by its content now and reused: two halted runs and
     * a normal one leave exactly one, and it is complete.
     */
    @Test
    void theRuntimeJarIsReusedNotLeftPerRun() throws Exception {
        Path tmp = Files.createDirectory(dir.resolve("tmp"));
        Path work = Files.createDirectory(dir.resolve("work"));
        List<String> opts = List.of("-Djava.io.tmpdir=" + tmp);
        for (String mode : List.of("halt", "halt", "throw")) {
            Path log = dir.resolve(mode + System.nanoTime() + ".jsonl");
            AgentJvm.Run run = AgentJvm.run(opts, "out=" + log, AgentWorkload.class.getName(), List.of(mode, work.toString()), 60);
            assertThat(run.stderr()).as(mode).doesNotContain("ura agent:");
            assertThat(log).as(mode + " recorded").exists();
        }
        try (Stream<Path> s = Files.list(tmp)) {
            List<String> jars = s.map(p -> p.getFileName().toString()).filter(n -> n.startsWith("ura-agent-rt")).toList();
            assertThat(jars).hasSize(1);
            assertThat(jars.get(0)).matches("ura-agent-rt-[0-9a-f]{24}\\.jar");
            try (java.util.jar.JarFile jar = new java.util.jar.JarFile(tmp.resolve(jars.get(0)).toFile())) {
                assertThat(jar.getEntry("dev/ura/agent/rt/Recorder.class")).isNotNull();
            }
        }
    }
}
