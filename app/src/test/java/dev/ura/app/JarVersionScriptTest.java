package dev.ura.app;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code src/dist/jar-version.sh} gives the packages the version the jar itself reports (its
 * Implementation-Version, which {@code ura --version} prints too), and refuses one that is not a
 * release version, so a package and the program it holds cannot name two versions.
 */
class JarVersionScriptTest {
    private static final Path SCRIPT = Path.of("src", "dist", "jar-version.sh");

    @Test
    void aReleaseVersionIsPrintedAsTheJarSaysIt(@TempDir Path dir) throws Exception {
        Result r = run(jar(dir, "0.1.0"));
        assertThat(r.exit).as(r.err).isZero();
        assertThat(r.out).isEqualTo("0.1.0\n");
        assertThat(run(jar(dir, "12.3.4.5")).out).isEqualTo("12.3.4.5\n");
    }

    @Test
    void aSnapshotOrOddVersionIsRefusedWithTheReason(@TempDir Path dir) throws Exception {
        for (String v : new String[] {"0.2.0-SNAPSHOT", "1.0 beta", "1..2", "1.2.3.4.5", "v1"}) {
            Result r = run(jar(dir, v));
            assertThat(r.exit).as(v).isEqualTo(1);
            assertThat(r.out).as(v).isEmpty();
            assertThat(r.err).as(v).contains("'" + v + "'").contains("release version");
        }
    }

    @Test
    void aJarWithoutAVersionIsRefused(@TempDir Path dir) throws Exception {
        Result r = run(jar(dir, null));
        assertThat(r.exit).isEqualTo(1);
        assertThat(r.err).contains("no Implementation-Version");
    }

    private static Path jar(Path dir, String version) throws IOException {
        Manifest m = new Manifest();
        m.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        m.getMainAttributes().put(Attributes.Name.IMPLEMENTATION_TITLE, "ura");
        if (version != null) {
            m.getMainAttributes().put(Attributes.Name.IMPLEMENTATION_VERSION, version);
        }
        Path jar = Files.createTempFile(dir, "ura", ".jar");
        try (OutputStream out = Files.newOutputStream(jar); JarOutputStream j = new JarOutputStream(out, m)) {
            j.flush();
        }
        return jar;
    }

    private record Result(int exit, String out, String err) {}

    private static Result run(Path jar) throws Exception {
        ProcessBuilder pb = new ProcessBuilder("sh", SCRIPT.toString(), jar.toString());
        pb.environment().put("JAVA_HOME", System.getProperty("java.home")); // its bin/jar reads the manifest
        Process p = pb.start();
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        return new Result(p.exitValue(), out, err);
    }
}
