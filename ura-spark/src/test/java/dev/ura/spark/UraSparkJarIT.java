package dev.ura.spark;

import org.junit.jupiter.api.Test;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code target/ura-spark.jar}, the one jar spark-submit is given (failsafe, after {@code package}):
 * nothing the cluster provides (Spark, Scala, Hadoop, which would clash with the cluster's own), and
 * every class of every library ura needs at run time, so an executor needs nothing else. The library
 * list is Maven's ({@code target/ura-runtime-classpath.txt}, written by the build, pom.xml).
 */
class UraSparkJarIT {
    private static final Path TARGET = Path.of(System.getProperty("ura.target", "target"));

    @Test
    void carriesNoSparkScalaOrHadoopClassAndNoUnrelocatedJackson() throws IOException {
        Set<String> names = entries(TARGET.resolve("ura-spark.jar"));
        assertThat(names).as("Spark, Scala, Hadoop: provided by the cluster")
                .noneMatch(n -> n.startsWith("org/apache/spark/") || n.startsWith("scala/")
                        || n.startsWith("org/apache/hadoop/") || n.startsWith("org/apache/parquet/"));
        assertThat(names).as("Jackson is relocated: Spark keeps its own on the class path")
                .noneMatch(n -> n.startsWith("com/fasterxml/jackson/"))
                .contains("dev/ura/shaded/jackson/databind/ObjectMapper.class");
        assertThat(names).as("benchmarks, test code").noneMatch(n -> n.startsWith("dev/ura/app/cli/bench/")
                || n.startsWith("org/junit/") || n.startsWith("org/assertj/") || n.startsWith("org/duckdb/")
                || n.startsWith("dev/ura/") && n.matches(".*(Test|IT)(\\$.*)?\\.class"));
        try (JarFile j = new JarFile(TARGET.resolve("ura-spark.jar").toFile())) {
            assertThat(j.getManifest().getMainAttributes().getValue("Main-Class")).isEqualTo(UraSparkJob.class.getName());
        }
    }

    /**
     * Every class of ura's modules and of each library they need at run time (Maven's runtime class path of
     * this module, less what the shade configuration leaves out on purpose: the window's look and feel, the
     * agent's byte-code library and the demo app) is in the jar, Jackson's under its relocated name.
     */
    @Test
    void carriesEveryClassOfUraAndItsRuntimeLibraries() throws IOException {
        Set<String> names = entries(TARGET.resolve("ura-spark.jar"));
        List<String> missing = new ArrayList<>();
        int checked = 0;
        String classPath = Files.readString(TARGET.resolve("ura-runtime-classpath.txt")).strip();
        assertThat(classPath).as("Maven's runtime class path").contains("jgrapht-core");
        for (String entry : classPath.split(File.pathSeparator)) {
            String file = Path.of(entry).getFileName().toString();
            if (file.startsWith("flatlaf-") || file.startsWith("byte-buddy-") || file.startsWith("demo-app-")) {
                continue;
            }
            for (String c : classes(Path.of(entry))) {
                checked++;
                String inJar = c.startsWith("com/fasterxml/jackson/") ? "dev/ura/shaded/jackson/"
                        + c.substring("com/fasterxml/jackson/".length()) : c;
                // a library's module descriptor has no place in a jar of many libraries
                if (!names.contains(inJar) && !c.startsWith("META-INF/") && !c.equals("module-info.class")) {
                    missing.add(file + ": " + c);
                }
            }
        }
        assertThat(checked).as("classes checked").isGreaterThan(1000);
        assertThat(missing).as("classes the executors need that the jar lacks").isEmpty();
    }

    private static Set<String> entries(Path jar) throws IOException {
        assertThat(jar).as("%s is built (mvn package)", jar).isRegularFile();
        Set<String> names = new HashSet<>();
        try (JarFile j = new JarFile(jar.toFile())) {
            j.stream().map(ZipEntry::getName).forEach(names::add);
        }
        return names;
    }

    /** The class files of a jar, or of a folder of classes (a module of this build). */
    private static List<String> classes(Path entry) throws IOException {
        List<String> out = new ArrayList<>();
        if (Files.isDirectory(entry)) {
            try (Stream<Path> walk = Files.walk(entry)) {
                walk.filter(p -> p.toString().endsWith(".class"))
                        .forEach(p -> out.add(entry.relativize(p).toString().replace(File.separatorChar, '/')));
            }
        } else {
            entries(entry).stream().filter(n -> n.endsWith(".class")).forEach(out::add);
        }
        return out;
    }
}
