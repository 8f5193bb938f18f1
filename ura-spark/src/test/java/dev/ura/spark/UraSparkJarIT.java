package dev.ura.spark;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code target/ura-spark.jar}, the one jar spark-submit is given (failsafe, after {@code package}): nothing
 * the cluster provides (Spark, Scala, Hadoop, which would clash with the cluster's own), nothing of the
 * window, and every class the job reaches: from the job's own classes, each class they name, transitively,
 * and the implementations of each service they use ({@link ClassReferences}), is in the jar, in the JDK or
 * in Spark's jars. What code loads by a name in a string no such check sees; SparkClusterIT runs the jar
 * on a cluster with each kind of sample trace.
 */
class UraSparkJarIT {
    private static final Path TARGET = Path.of(System.getProperty("ura.target", "target"));
    /** Window, charts, look and feel, agent, byte-code library, sample traces. */
    private static final List<String> UI = List.of("dev/ura/app/ui/", "dev/ura/app/render/", "dev/ura/agent/",
            "org/jfree/", "com/formdev/", "net/bytebuddy/", "dev/ura/shaded/bytebuddy/", "samples/");

    /** The jar's entries, with each class file's bytes. */
    private static Set<String> names;
    private static Map<String, byte[]> classes;

    @BeforeAll
    static void read() throws IOException {
        Path jar = TARGET.resolve("ura-spark.jar");
        assertThat(jar).as("%s is built (mvn package)", jar).isRegularFile();
        names = new HashSet<>();
        classes = new HashMap<>();
        try (JarFile j = new JarFile(jar.toFile())) {
            for (ZipEntry e : j.stream().toList()) {
                names.add(e.getName());
                if (e.getName().endsWith(".class") && !e.getName().startsWith("META-INF/")) {
                    try (var in = j.getInputStream(e)) {
                        classes.put(e.getName().substring(0, e.getName().length() - ".class".length()), in.readAllBytes());
                    }
                }
            }
            assertThat(j.getManifest().getMainAttributes().getValue("Main-Class")).isEqualTo(UraSparkJob.class.getName());
        }
    }

    @Test
    void carriesNoSparkScalaOrHadoopClassAndNoUnrelocatedJackson() {
        assertThat(names).as("Spark, Scala, Hadoop, zstd-jni: provided by the cluster")
                .noneMatch(n -> n.startsWith("org/apache/spark/") || n.startsWith("scala/")
                        || n.startsWith("org/apache/hadoop/") || n.startsWith("org/apache/parquet/")
                        || n.startsWith("com/github/luben/"));
        assertThat(names).as("Jackson is relocated: Spark keeps its own on the class path")
                .noneMatch(n -> n.startsWith("com/fasterxml/jackson/"))
                .contains("dev/ura/shaded/jackson/databind/ObjectMapper.class");
        assertThat(names).as("benchmarks, test code").noneMatch(n -> n.startsWith("dev/ura/app/cli/bench/")
                || n.startsWith("org/junit/") || n.startsWith("org/assertj/") || n.startsWith("org/duckdb/")
                || n.startsWith("dev/ura/") && n.matches(".*(Test|IT)(\\$.*)?\\.class"));
    }

    /** The window's code and libraries are not in the jar, and no class in it uses Swing or AWT. */
    @Test
    void carriesNothingOfTheWindow() throws IOException {
        assertThat(names).as("the window, its charts and look and feel, the agent, the sample traces")
                .noneMatch(n -> UI.stream().anyMatch(n::startsWith));
        List<String> desktop = new ArrayList<>();
        for (Map.Entry<String, byte[]> c : classes.entrySet()) {
            for (String r : ClassReferences.of(c.getValue())) {
                if (r.startsWith("java/awt/") || r.startsWith("javax/swing/")) {
                    desktop.add(c.getKey() + " -> " + r);
                }
            }
        }
        assertThat(desktop).as("classes that use Swing or AWT").isEmpty();
    }

    @Test
    void everyClassTheJobReachesIsInTheJarTheJdkOrSpark() throws IOException {
        Set<String> provided = sparkClasses();
        Map<String, List<String>> services = services();
        Deque<String> todo = new ArrayDeque<>();
        classes.keySet().stream().filter(c -> c.startsWith("dev/ura/spark/")).forEach(todo::add);
        Set<String> reached = new HashSet<>(todo);
        Set<String> missing = new TreeSet<>();
        while (!todo.isEmpty()) {
            String c = todo.pop();
            List<String> next = new ArrayList<>(ClassReferences.of(classes.get(c)));
            next.addAll(services.getOrDefault(c, List.of())); // a service the job uses: ServiceLoader finds these
            for (String r : next) {
                if (classes.containsKey(r)) {
                    if (reached.add(r)) {
                        todo.push(r);
                    }
                } else if (!provided.contains(r) && ClassLoader.getPlatformClassLoader().getResource(r + ".class") == null) {
                    missing.add(c + " -> " + r);
                }
            }
        }
        assertThat(missing).as("classes the job reaches that no class path of an executor has").isEmpty();
        assertThat(reached).as("the trace readers, each found by ServiceLoader")
                .containsAll(services.get("dev/ura/trace/io/TraceReader"))
                .contains("dev/ura/app/cli/TraceRows", "org/jgrapht/traverse/TopologicalOrderIterator")
                .hasSizeGreaterThan(500);
    }

    /** Each service interface of the jar's {@code META-INF/services} with its implementations. */
    private static Map<String, List<String>> services() throws IOException {
        Map<String, List<String>> out = new HashMap<>();
        try (JarFile j = new JarFile(TARGET.resolve("ura-spark.jar").toFile())) {
            for (String n : names) {
                if (n.startsWith("META-INF/services/") && !n.endsWith("/")) {
                    List<String> impl = new ArrayList<>();
                    String text = new String(j.getInputStream(j.getEntry(n)).readAllBytes(), StandardCharsets.UTF_8);
                    text.lines().map(l -> l.replaceAll("#.*", "").strip()).filter(l -> !l.isEmpty())
                            .forEach(l -> impl.add(l.replace('.', '/')));
                    out.put(n.substring("META-INF/services/".length()).replace('.', '/'), impl);
                }
            }
        }
        return out;
    }

    /** Every class in SPARK_HOME/jars (which the build fills with Spark's dependencies): what an executor starts with. */
    private static Set<String> sparkClasses() throws IOException {
        Path jars = TARGET.resolve("spark-home/jars");
        assertThat(jars).as("made by mvn verify before this test").isDirectory();
        Set<String> out = new HashSet<>();
        try (Stream<Path> list = Files.list(jars)) {
            for (Path jar : list.toList()) {
                try (JarFile j = new JarFile(jar.toFile())) {
                    j.stream().map(ZipEntry::getName).filter(n -> n.endsWith(".class"))
                            .forEach(n -> out.add(n.substring(0, n.length() - ".class".length())));
                }
            }
        }
        assertThat(out).as("Spark's jars").contains("org/apache/spark/SparkContext", "com/github/luben/zstd/Zstd");
        return out;
    }
}
