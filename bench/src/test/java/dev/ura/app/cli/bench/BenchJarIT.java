package dev.ura.app.cli.bench;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarFile;
import java.util.jar.Manifest;
import java.util.zip.ZipEntry;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The built {@code bench/target/ura-bench.jar} (run by failsafe after {@code package}): ura plus the
 * benchmarks and the demo app they record, runnable as {@code java -jar ura-bench.jar bench …}.
 * ({@code app}'s ShippedJarIT checks that {@code ura.jar} holds none of them.)
 */
class BenchJarIT {
    private static final Path JAR = Path.of(System.getProperty("ura.target", "target")).resolve("ura-bench.jar");

    @Test
    void holdsUraTheBenchmarksAndTheDemoTheyRecord() throws IOException {
        assertThat(JAR).as("%s is built (mvn package)", JAR).isRegularFile();
        List<String> names = new ArrayList<>();
        Manifest manifest;
        try (JarFile j = new JarFile(JAR.toFile())) {
            j.stream().map(ZipEntry::getName).forEach(names::add);
            manifest = j.getManifest();
        }
        assertThat(names).contains("dev/ura/app/Main.class", "dev/ura/app/cli/bench/BenchCommand.class",
                "dev/ura/samples/demo/FeedReaderApp.class");
        assertThat(manifest.getMainAttributes().getValue("Main-Class")).isEqualTo(BenchMain.class.getName());
        // bench agent and bench accuracy use this jar as the agent.
        assertThat(manifest.getMainAttributes().getValue("Premain-Class")).isEqualTo("dev.ura.agent.AgentMain");
    }

    @Test
    void runsUrasCommandsAndBench() throws Exception {
        assertThat(run("bench", "--help")).contains("parse").contains("cli").contains("window");
        assertThat(run("--help")).contains("analyze"); // ura's own commands are there too
    }

    private static String run(String... args) throws Exception {
        List<String> c = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-jar", JAR.toAbsolutePath().toString()));
        c.addAll(List.of(args));
        Process p = new ProcessBuilder(c).redirectErrorStream(true).start();
        byte[] out = p.getInputStream().readAllBytes();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        String text = new String(out, StandardCharsets.UTF_8);
        assertThat(p.exitValue()).as(text).isZero();
        return text;
    }
}
