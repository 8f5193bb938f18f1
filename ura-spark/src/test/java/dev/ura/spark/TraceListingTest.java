package dev.ura.spark;

import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** What the driver lists; an input that names nothing is a failure of its own, not the job's (SparkClusterIT: on S3). */
class TraceListingTest {
    @TempDir
    Path dir;

    @Test
    void anInputThatNamesNothingIsAFailureNamingItAndTheOthersAreListed() throws Exception {
        Files.writeString(Files.createDirectories(dir.resolve("lab")).resolve("b.trace"), "x");
        Files.writeString(dir.resolve("lab/a.trace"), "x");
        Files.writeString(dir.resolve("lab/a.trace.ura.json"), "{}"); // a sidecar: no trace
        Files.createDirectories(dir.resolve("empty"));
        String lab = dir.resolve("lab").toString();
        String missing = dir.resolve("gone/night.trace").toString();
        String empty = dir.resolve("empty").toString();
        String noMatch = dir.resolve("lab/*.perfetto-trace").toString();

        TraceListing l = TraceListing.of(List.of(missing, lab, empty, noMatch), new Configuration());

        assertThat(l.files()).containsExactly(lab + "/a.trace", lab + "/b.trace");
        assertThat(l.failures()).containsExactly(missing + ": no such file or folder", empty + ": no trace file here",
                noMatch + ": no such file or folder");
    }

    @Test
    void aSchemeWithoutAFileSystemIsAFailureNamingTheUri() {
        TraceListing l = TraceListing.of(List.of("nofs://lab/a.trace"), new Configuration());

        assertThat(l.files()).isEmpty();
        assertThat(l.failures()).singleElement().asString().startsWith("nofs://lab/a.trace: cannot list (");
    }
}
