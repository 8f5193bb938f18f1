package dev.ura.app;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarFile;
import java.util.zip.ZipEntry;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The built {@code ura.jar} (run by failsafe after {@code package}) holds what users run and
 * nothing else: no sample generator, no demo app, no benchmark, no test class or test library;
 * the bundled samples are there with their catalogue, and the jar runs a command on one of them
 * by itself. The benchmarks and the demo app they record are in the bench module's
 * {@code bench/target/ura-bench.jar} (BenchJarIT there).
 */
class ShippedJarIT {
    private static final Path TARGET = Path.of(System.getProperty("ura.target", "target"));

    @Test
    void uraJarHoldsNoGeneratorDemoBenchmarkOrTestCode() throws IOException {
        List<String> names = entries(TARGET.resolve("ura.jar"));
        assertThat(names).contains("dev/ura/app/Main.class", "dev/ura/agent/AgentMain.class", "samples/catalog.json");
        assertThat(names).as("generator, scenarios and demo app (dev.ura.samples)")
                .noneMatch(n -> n.startsWith("dev/ura/samples/"));
        assertThat(names).as("benchmarks").noneMatch(n -> n.startsWith("dev/ura/app/cli/bench/"));
        assertThat(names).as("test writers and fixtures")
                .noneMatch(n -> n.startsWith("dev/ura/trace/testing/") || n.startsWith("golden/"));
        assertThat(names).as("test classes").noneMatch(n -> n.startsWith("dev/ura/") && n.matches(".*(Test|IT|Tests)(\\$.*)?\\.class"));
        assertThat(names).as("test libraries").noneMatch(n -> n.startsWith("org/junit/") || n.startsWith("org/assertj/")
                || n.startsWith("com/tngtech/archunit/") || n.startsWith("org/opentest4j/"));
        assertThat(names).as("expected analyses are test data").noneMatch(n -> n.startsWith("samples/expected/"));
    }

    /**
     * A class-data-sharing archive refuses class files older than Java 6 (major 50) and every class
     * linked against them; picocli ships Java 5 class files, which the build rewrites (app/pom.xml,
     * src/build/UpgradeClassFiles.java). JDK classes aside, nothing in the jar may be older.
     */
    @Test
    void everyClassFileCanGoIntoAClassDataSharingArchive() throws IOException {
        List<String> old = new ArrayList<>();
        int picocli = 0;
        try (JarFile j = new JarFile(TARGET.resolve("ura.jar").toFile())) {
            for (var e = j.entries(); e.hasMoreElements(); ) {
                ZipEntry entry = e.nextElement();
                if (!entry.getName().endsWith(".class")) {
                    continue;
                }
                byte[] head = j.getInputStream(entry).readNBytes(8);
                int major = (head[6] & 0xFF) << 8 | (head[7] & 0xFF);
                if (major < 50) {
                    old.add(entry.getName() + " (" + major + ")");
                }
                if (entry.getName().startsWith("picocli/")) {
                    picocli++;
                }
            }
        }
        assertThat(picocli).as("picocli is in the jar").isGreaterThan(100);
        assertThat(old).as("class files older than Java 6").isEmpty();
    }

    @Test
    void everyCataloguedSampleIsBundledAndTheDefaultOpensFromTheJarAlone(@TempDir Path dir) throws Exception {
        Path jar = TARGET.resolve("ura.jar");
        String first;
        try (JarFile j = new JarFile(jar.toFile())) {
            JsonNode catalog = new ObjectMapper().readTree(j.getInputStream(j.getEntry("samples/catalog.json")));
            assertThat(catalog.path("samples").size()).isGreaterThan(20);
            for (JsonNode s : catalog.path("samples")) {
                assertThat(j.getEntry("samples/" + s.path("file").asText())).as(s.toString()).isNotNull();
            }
            first = catalog.path("samples").get(0).path("file").asText();
            Files.write(dir.resolve(first), j.getInputStream(j.getEntry("samples/" + first)).readAllBytes());
        }
        // Only the shipped jar on the class path: a class the commands need that lives elsewhere fails here.
        String out = run(dir, "java", "-jar", jar.toAbsolutePath().toString(), "info", dir.resolve(first).toString());
        assertThat(out).contains("android-trace").contains("main").contains("1,309 calls");
    }

    /**
     * DuckDB (tens of MB of native libraries) stays out of ura.jar: the manifest names the driver jar
     * beside it, which the build puts there, and with it the run store works from ura.jar alone.
     */
    @Test
    void duckDbIsBesideUraJarNotInsideAndTheStoreWorks(@TempDir Path dir) throws Exception {
        Path jar = TARGET.resolve("ura.jar");
        assertThat(entries(jar)).as("DuckDB's classes and natives").noneMatch(n -> n.startsWith("org/duckdb/")
                || n.startsWith("libduckdb_java"));
        try (JarFile j = new JarFile(jar.toFile())) {
            assertThat(j.getManifest().getMainAttributes().getValue("Class-Path")).isEqualTo("duckdb_jdbc.jar");
        }
        assertThat(TARGET.resolve("duckdb_jdbc.jar")).isRegularFile();
        Path trace = dir.resolve("t.trace");
        try (JarFile j = new JarFile(jar.toFile())) {
            Files.write(trace, j.getInputStream(j.getEntry("samples/news-launch.trace")).readAllBytes());
        }
        String a = jar.toAbsolutePath().toString();
        assertThat(run(dir, "java", "-jar", a, "batch", trace.toString(), "--store", "s"))
                .contains("1 trace: 1 stored");
        assertThat(run(dir, "java", "-jar", a, "store", "sql", "s", "SELECT responses FROM runs")).contains("(1 row)");
    }

    /** One version everywhere: the pom's, the manifest's (the packages read it) and --version's. */
    @Test
    void versionIsThePomsInTheManifestAndOnTheVersionLine(@TempDir Path dir) throws Exception {
        String pomVersion = System.getProperty("ura.version");
        assertThat(pomVersion).as("failsafe passes the project version").isNotBlank();
        Path jar = TARGET.resolve("ura.jar");
        try (JarFile j = new JarFile(jar.toFile())) {
            assertThat(j.getManifest().getMainAttributes().getValue("Implementation-Version")).isEqualTo(pomVersion);
        }
        String out = run(dir, "java", "-jar", jar.toAbsolutePath().toString(), "--version").strip();
        assertThat(out).matches("ura " + java.util.regex.Pattern.quote(pomVersion)
                + "( \\(git [0-9a-f]{7,40}(-dirty)?, \\d{4}-\\d{2}-\\d{2}\\))?");
    }

    private static List<String> entries(Path jar) throws IOException {
        assertThat(jar).as("%s is built (mvn package)", jar).isRegularFile();
        List<String> names = new ArrayList<>();
        try (JarFile j = new JarFile(jar.toFile())) {
            j.stream().map(ZipEntry::getName).forEach(names::add);
        }
        return names;
    }

    private static String run(Path dir, String... cmd) throws Exception {
        List<String> c = new ArrayList<>(List.of(cmd));
        c.set(0, Path.of(System.getProperty("java.home"), "bin", "java").toString());
        Process p = new ProcessBuilder(c).directory(dir.toFile()).redirectErrorStream(true).start();
        byte[] out = p.getInputStream().readAllBytes();
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        String text = new String(out, StandardCharsets.UTF_8);
        assertThat(p.exitValue()).as(text).isZero();
        return text;
    }
}
