package dev.ura.app.record;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Whether a process is a Java VM before {@code record} (or the window's Record…) attaches to it. Attaching on Linux sends
 * the target SIGQUIT to wake its attach listener; a JVM handles that signal, any other process
 * dies of it (status 131). So nothing is sent until the process shows it is a JVM: its memory map
 * holds {@code libjvm}, or it published a HotSpot performance file
 * ({@code /tmp/hsperfdata_USER/PID}) or an attach socket ({@code /tmp/.java_pidPID}).
 */
public final class JvmCheck {
    private JvmCheck() {
    }

    /** Why {@code pid} is not a JVM that can be attached to, or {@code null} when it is (or when this OS cannot tell). */
    public static String whyNotAJvm(long pid) {
        return whyNotAJvm(pid, Path.of("/proc"), Path.of(System.getProperty("java.io.tmpdir", "/tmp")));
    }

    static String whyNotAJvm(long pid, Path proc, Path tmp) {
        if (!Files.isDirectory(proc.resolve("self"))) {
            return null; // no /proc (macOS, Windows): the attach API's own checks are all there is
        }
        Path dir = proc.resolve(Long.toString(pid));
        if (!Files.isDirectory(dir)) {
            return "no running process " + pid;
        }
        if (mapsJvm(dir.resolve("maps")) || Files.exists(tmp.resolve(".java_pid" + pid)) || hasPerfData(tmp, pid)) {
            return null;
        }
        return "process " + pid + " (" + command(dir) + ") is not a Java VM (no libjvm in its memory map, no"
                + " hsperfdata or attach socket)";
    }

    private static boolean mapsJvm(Path maps) {
        try (BufferedReader r = Files.newBufferedReader(maps, StandardCharsets.ISO_8859_1)) {
            for (String line; (line = r.readLine()) != null; ) {
                if (line.endsWith("/libjvm.so") || line.contains("/libjvm.so ") || line.endsWith("/libjvm.dylib")) {
                    return true;
                }
            }
        } catch (IOException | SecurityException e) {
            // another user's process: its map is not readable, the published files decide
        }
        return false;
    }

    private static boolean hasPerfData(Path tmp, long pid) {
        try (DirectoryStream<Path> users = Files.newDirectoryStream(tmp, "hsperfdata_*")) {
            for (Path u : users) {
                if (Files.isRegularFile(u.resolve(Long.toString(pid)))) {
                    return true;
                }
            }
        } catch (IOException | SecurityException e) {
            // no temporary folder to look in: not a JVM we could attach to either
        }
        return false;
    }

    private static String command(Path dir) {
        try {
            String comm = Files.readString(dir.resolve("comm"), StandardCharsets.UTF_8).strip();
            return comm.isEmpty() ? "?" : comm;
        } catch (IOException | SecurityException e) {
            return "?";
        }
    }
}
