package dev.ura.app.record;

import com.sun.tools.attach.AgentInitializationException;
import com.sun.tools.attach.AgentLoadException;
import com.sun.tools.attach.AttachNotSupportedException;
import com.sun.tools.attach.VirtualMachine;
import com.sun.tools.attach.VirtualMachineDescriptor;
import dev.ura.agent.AgentMain;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Loading ura.jar's agent into a running JVM with the attach API, shared by {@code ura record --pid}
 * and the window's Record…: the list of JVMs to pick from, the agent jar, and the load itself.
 * Callers check the target with {@link JvmCheck} first (attaching signals the process).
 */
public final class JvmAttach {
    private JvmAttach() {
    }

    /** A running JVM: its pid and what {@code jps -l} shows (main class or jar, with arguments). */
    public record RunningJvm(long pid, String name) {
    }

    /** Why loading the agent failed, in one line. */
    public static final class AttachFailure extends Exception {
        public AttachFailure(String message) {
            super(message);
        }
    }

    /**
     * The JVMs this user can attach to (the attach API's list: those that published a HotSpot
     * performance file), by pid, without this one.
     */
    public static List<RunningJvm> list() {
        long self = ProcessHandle.current().pid();
        List<RunningJvm> out = new ArrayList<>();
        for (VirtualMachineDescriptor d : VirtualMachine.list()) {
            long pid;
            try {
                pid = Long.parseLong(d.id());
            } catch (NumberFormatException e) {
                continue;
            }
            if (pid != self) {
                String name = d.displayName() == null ? "" : d.displayName().strip();
                out.add(new RunningJvm(pid, name.isEmpty() || name.equals(d.id()) ? "(main class unknown)" : name));
            }
        }
        out.sort(Comparator.comparingLong(RunningJvm::pid));
        return out;
    }

    /**
     * ura.jar, which holds the agent, or {@code null} when ura runs from its build folders. The
     * system property {@code ura.agent.jar} names another agent jar (tests run before ura.jar exists).
     */
    public static Path agentJar() {
        String override = System.getProperty("ura.agent.jar");
        if (override != null) {
            return Path.of(override);
        }
        try {
            Path p = Path.of(AgentMain.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            return Files.isRegularFile(p) ? p : null;
        } catch (URISyntaxException | SecurityException e) {
            return null;
        }
    }

    /** The agent's options to record into {@code log} ({@code include} and {@code tag} may be blank or null). */
    public static String recordOptions(Path log, String include, String tag) {
        StringBuilder args = new StringBuilder("out=").append(log);
        if (include != null && !include.isBlank()) {
            args.append(",include=").append(include.strip());
        }
        if (tag != null) {
            args.append(",tag=").append(tag.replace(',', ' '));
        }
        return args.toString();
    }

    /** {@code 500ms}, {@code 30s}, {@code 2m}, {@code 1h}, or plain seconds; -1 when not a duration. */
    public static long durationMillis(String text) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("(\\d{1,9})(ms|s|m|h)?").matcher(text.trim());
        if (!m.matches()) {
            return -1;
        }
        long n = Long.parseLong(m.group(1));
        String unit = m.group(2) == null ? "s" : m.group(2);
        return switch (unit) {
            case "ms" -> n;
            case "s" -> n * 1000;
            case "m" -> n * 60_000;
            default -> n * 3_600_000;
        };
    }

    /** Loads the agent jar into process {@code pid} with {@code args} ({@code stop} ends a recording). */
    public static void load(long pid, String jar, String args) throws AttachFailure {
        VirtualMachine vm;
        try {
            vm = VirtualMachine.attach(Long.toString(pid));
        } catch (AttachNotSupportedException | IOException e) {
            throw new AttachFailure("cannot attach to process " + pid + ": " + e.getMessage());
        }
        try {
            vm.loadAgent(jar, args);
        } catch (AgentLoadException | AgentInitializationException | IOException e) {
            throw new AttachFailure("process " + pid + " could not load the agent: " + e.getMessage());
        } finally {
            try {
                vm.detach();
            } catch (IOException e) {
                // the agent is loaded or not; a failed detach changes neither
            }
        }
    }
}
