package dev.ura.agent;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

/**
 * Runs a class in a child JVM with the agent, as a user would with {@code -javaagent:ura.jar}.
 * Tests run before ura.jar is packaged, so the agent jar here is a manifest-only jar whose
 * {@code Class-Path} points at the compiled classes and Byte Buddy.
 */
public final class AgentJvm {
    private static Path agentJar;

    private AgentJvm() {
    }

    /** The result of a child run. */
    public record Run(int exitCode, String stdout, String stderr) {
    }

    /** The manifest-only agent jar (built once per test JVM). */
    public static synchronized Path agentJar() throws IOException {
        if (agentJar != null) {
            return agentJar;
        }
        Manifest m = new Manifest();
        Attributes a = m.getMainAttributes();
        a.put(Attributes.Name.MANIFEST_VERSION, "1.0");
        a.putValue("Premain-Class", AgentMain.class.getName());
        a.putValue("Agent-Class", AgentMain.class.getName());
        a.putValue("Can-Retransform-Classes", "true");
        a.putValue("Can-Redefine-Classes", "true");
        List<String> cp = new ArrayList<>();
        for (String e : System.getProperty("java.class.path").split(File.pathSeparator)) {
            if (e.endsWith("classes") || e.contains("byte-buddy")) {
                File f = new File(e);
                cp.add(f.toURI().toString());
            }
        }
        a.putValue("Class-Path", String.join(" ", cp));
        Path jar = Files.createTempFile("ura-test-agent", ".jar");
        jar.toFile().deleteOnExit();
        try (OutputStream out = Files.newOutputStream(jar); JarOutputStream j = new JarOutputStream(out, m)) {
            j.flush();
        }
        agentJar = jar;
        return jar;
    }

    /** Runs {@code mainClass args} with {@code -javaagent:agent=agentArgs} and the test class path. */
    public static Run run(String agentArgs, String mainClass, List<String> args, long timeoutSeconds)
            throws IOException, InterruptedException {
        return run(List.of(), agentArgs, mainClass, args, timeoutSeconds);
    }

    /** As {@link #run(String, String, List, long)}, with extra JVM options (e.g. {@code -Djava.io.tmpdir=}). */
    public static Run run(List<String> jvmOptions, String agentArgs, String mainClass, List<String> args, long timeoutSeconds)
            throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("-Xshare:off");
        cmd.addAll(jvmOptions);
        if (agentArgs != null) {
            cmd.add("-javaagent:" + agentJar() + "=" + agentArgs);
        }
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(mainClass);
        cmd.addAll(args);
        Path out = Files.createTempFile("ura-agent-out", ".txt");
        Path err = Files.createTempFile("ura-agent-err", ".txt");
        Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("child JVM did not end in " + timeoutSeconds + " s: " + Files.readString(err));
        }
        Run r = new Run(p.exitValue(), Files.readString(out), Files.readString(err));
        Files.deleteIfExists(out);
        Files.deleteIfExists(err);
        return r;
    }
}
