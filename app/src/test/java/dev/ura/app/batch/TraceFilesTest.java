package dev.ura.app.batch;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class TraceFilesTest {
    @TempDir
    Path dir;

    @Test
    void foldersRecurseGlobsMatchAndSidecarsBundlesAndHiddenFilesAreSkipped() throws Exception {
        Path lab = Files.createDirectories(dir.resolve("lab/pixel7"));
        for (String n : List.of("a.trace", "a.trace.ura.json", "b.jsonl", ".hidden.trace", "r.ura.zip")) {
            Files.writeString(lab.resolve(n), "x");
        }
        Files.writeString(dir.resolve("lab/c.trace"), "x");
        TraceFiles.Found folder = TraceFiles.find(List.of(dir.resolve("lab").toString()));
        assertThat(folder.files()).containsExactly(dir.resolve("lab/c.trace"), lab.resolve("a.trace"),
                lab.resolve("b.jsonl"));
        TraceFiles.Found glob = TraceFiles.find(List.of(dir + "/lab/**/*.trace", dir + "/none/*.trace"));
        assertThat(glob.files()).containsExactly(lab.resolve("a.trace"));
        assertThat(glob.unmatched()).containsExactly(dir + "/none/*.trace");
        TraceFiles.Found twice = TraceFiles.find(List.of(lab.resolve("a.trace").toString(), lab.toString()));
        assertThat(twice.files()).as("once each, in argument order").containsExactly(lab.resolve("a.trace"),
                lab.resolve("b.jsonl"));
    }
}
