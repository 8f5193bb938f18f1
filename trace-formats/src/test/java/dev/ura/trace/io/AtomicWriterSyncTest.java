package dev.ura.trace.io;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A save reaches the disk before it is taken as done: the temporary file is synced before it is
 * renamed over the old file, and the folder (which holds the new name) after. Seen from outside,
 * with strace on a JVM that saves once ({@code -y} prints the path behind each file descriptor);
 * skipped where strace is missing or may not trace (.ci/run installs it).
 */
class AtomicWriterSyncTest {
    @TempDir
    Path dir;

    @Test
    void theTemporaryIsSyncedBeforeTheRenameAndTheFolderAfter() throws Exception {
        Path file = Files.writeString(dir.resolve("a.ura.json"), "old");
        Path log = dir.resolve("strace.log");
        Process p;
        try {
            p = new ProcessBuilder("strace", "-f", "-y", "-qq", "-e", "trace=fsync,fdatasync,rename,renameat,renameat2",
                    "-o", log.toString(), Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-cp", System.getProperty("java.class.path"), SaveOnce.class.getName(), file.toString())
                    .redirectErrorStream(true).start();
        } catch (IOException e) {
            Assumptions.abort("no strace: " + e.getMessage());
            return;
        }
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        Assumptions.assumeTrue(p.exitValue() == 0 || !out.contains("ptrace"), "strace may not trace here: " + out);
        assertThat(p.exitValue()).as(out).isZero();
        assertThat(Files.readString(file)).isEqualTo("new");

        List<String> calls = Files.readAllLines(log).stream()
                .filter(l -> l.contains(dir.toString()) && !l.contains("strace.log")).toList();
        String folder = Pattern.quote(dir.toRealPath().toString());
        Pattern syncTmp = Pattern.compile(".*\\b(fsync|fdatasync)\\(\\d+<" + folder + "/\\.a\\.ura\\.json\\.\\d+\\.[0-9a-f]+\\.tmp>\\)\\s+= 0.*");
        Pattern rename = Pattern.compile(".*\\brename(at2?)?\\(.*\\.a\\.ura\\.json\\.\\d+\\.[0-9a-f]+\\.tmp.*a\\.ura\\.json\"?.*= 0.*");
        Pattern syncDir = Pattern.compile(".*\\b(fsync|fdatasync)\\(\\d+<" + folder + ">\\)\\s+= 0.*");
        int tmpSynced = indexOf(calls, syncTmp);
        int renamed = indexOf(calls, rename);
        int dirSynced = indexOf(calls, syncDir);
        assertThat(tmpSynced).as("the temporary file is synced: %s", calls).isNotNegative();
        assertThat(renamed).as("the temporary is renamed over the file: %s", calls).isGreaterThan(tmpSynced);
        assertThat(calls.subList(renamed, calls.size())).as("the folder is synced after the rename")
                .anyMatch(l -> syncDir.matcher(l).matches());
        assertThat(dirSynced).isNotNegative();
    }

    private static int indexOf(List<String> lines, Pattern p) {
        for (int i = 0; i < lines.size(); i++) {
            if (p.matcher(lines.get(i)).matches()) {
                return i;
            }
        }
        return -1;
    }

    /** Saves "new" to the file given, once. */
    public static final class SaveOnce {
        public static void main(String[] args) throws IOException {
            AtomicWriter.write(Path.of(args[0]), "new".getBytes(StandardCharsets.UTF_8));
        }
    }
}
