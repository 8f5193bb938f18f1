package dev.ura.app.report;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.concurrent.TimeUnit;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Issue 23 items 5 and 12: bundle headers are not trusted, and extraction folders do not outlive ura. */
class BundleSafetyTest {
    private static final String MANIFEST = "{\"version\":1,\"trace\":\"a.trace\"}";

    @TempDir
    Path dir;

    private Path zip(String name, Object... entries) throws IOException {
        Path z = dir.resolve(name);
        try (ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(z))) {
            for (int i = 0; i < entries.length; i += 2) {
                out.putNextEntry(new ZipEntry((String) entries[i]));
                Object v = entries[i + 1];
                out.write(v instanceof String s ? s.getBytes(StandardCharsets.UTF_8) : (byte[]) v);
                out.closeEntry();
            }
        }
        return z;
    }

    /** Overwrites a 4-byte field of {@code entry}'s central directory header (offset 16: CRC, 20: compressed size). */
    private static void patchCentral(Path zip, String entry, int offset, long value) throws IOException {
        byte[] b = Files.readAllBytes(zip);
        byte[] name = entry.getBytes(StandardCharsets.UTF_8);
        ByteBuffer bb = ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i + 46 + name.length <= b.length; i++) {
            if (bb.getInt(i) == 0x02014b50 && (bb.getShort(i + 28) & 0xFFFF) == name.length
                    && java.util.Arrays.equals(b, i + 46, i + 46 + name.length, name, 0, name.length)) {
                bb.putInt(i + offset, (int) value);
                Files.write(zip, b);
                return;
            }
        }
        throw new AssertionError("no central header for " + entry);
    }

    private Path into() throws IOException {
        return Files.createDirectory(dir.resolve("x" + System.nanoTime()));
    }

    /**
     * A 20 MB trace of zeros deflates to about 20 KB (1000:1); declared as 3 GiB compressed it
     * passed the 200:1 check (3 GiB x 200) and was inflated whole. The declared size is more than
     * the whole file, so it is refused before a byte is inflated.
     */
    @Test
    void anEntryThatLiesAboutItsCompressedSizeIsRefusedBeforeInflating() throws IOException {
        Path z = zip("lie.ura.zip", "bundle.json", MANIFEST, "a.trace", new byte[20 << 20]);
        patchCentral(z, "a.trace", 20, 3L << 30);
        Path out = into();
        assertThatThrownBy(() -> BundleReader.extract(z, out)).isInstanceOf(IOException.class)
                .hasMessageStartingWith("lie.ura.zip: entry 'a.trace' declares 3221225472 compressed bytes, more than the "
                        + Files.size(z) + "-byte bundle holds");
        assertThat(out.resolve("a.trace")).doesNotExist();
    }

    @Test
    void aBadCrcIsRefused() throws IOException {
        Path z = zip("crc.ura.zip", "bundle.json", MANIFEST, "a.trace", "the trace's bytes");
        patchCentral(z, "a.trace", 16, 0x12345678L);
        assertThatThrownBy(() -> BundleReader.extract(z, into())).isInstanceOf(IOException.class)
                .hasMessageStartingWith("crc.ura.zip: entry 'a.trace' is corrupt (CRC ")
                .hasMessageContaining("the bundle says 12345678");
    }

    @Test
    void imageAndSummaryMustBePlainNamesOfEntries() throws IOException {
        for (String[] bad : new String[][]{{"image", "/etc/passwd"}, {"summary", "../report.md"}, {"image", "missing.png"}}) {
            Path z = zip(bad[0] + System.nanoTime() + ".ura.zip", "bundle.json",
                    "{\"version\":1,\"trace\":\"a.trace\",\"" + bad[0] + "\":\"" + bad[1] + "\"}", "a.trace", "t");
            assertThatThrownBy(() -> BundleReader.extract(z, into())).as(bad[1]).isInstanceOf(IOException.class)
                    .hasMessageEndingWith("bundle.json names " + bad[0] + " '" + bad[1] + "', which is not an entry of the bundle");
        }
        Path good = zip("good.ura.zip", "bundle.json",
                "{\"version\":1,\"trace\":\"a.trace\",\"image\":\"response.png\",\"summary\":\"report.md\"}",
                "a.trace", "t", "response.png", "png", "report.md", "md");
        assertThat(BundleReader.extract(good, into()).manifest().image()).isEqualTo("response.png");
    }

    @Test
    void theVersionMustBeAWholeNumberFromOne() throws IOException {
        String[][] cases = {
                {"1.5", "bundle.json version must be a whole number, got 1.5"},
                {"\"1\"", "bundle.json version must be a whole number, got \"1\""},
                {"-1", "bundle.json version -1 is not valid (versions start at 1)"},
                {"0", "bundle.json version 0 is not valid (versions start at 1)"},
                {"null", "bundle.json has no version"},
                {"99999999999", "bundle.json version must be a whole number, got 99999999999"}};
        for (String[] c : cases) {
            Path z = zip("v" + System.nanoTime() + ".ura.zip", "bundle.json",
                    "{\"version\":" + c[0] + ",\"trace\":\"a.trace\"}", "a.trace", "t");
            assertThatThrownBy(() -> BundleReader.extract(z, into())).as(c[0]).hasMessage(z.getFileName() + ": " + c[1]);
        }
    }

    /** Folders of processes killed with kill -9 (pid gone, or an old name a day old) are removed by the next open. */
    @Test
    void staleExtractionFoldersAreRemovedAtTheNextOpen() throws Exception {
        Process gone = new ProcessBuilder("true").start();
        gone.waitFor();
        Path tmp = Files.createDirectory(dir.resolve("tmp"));
        Path dead = Files.createDirectory(tmp.resolve("ura-bundle-" + gone.pid() + "-123"));
        Files.writeString(dead.resolve("a.trace"), "left by kill -9");
        Path old = Files.createDirectory(tmp.resolve("ura-bundle-8812345"));
        Files.setLastModifiedTime(old, FileTime.fromMillis(System.currentTimeMillis() - 2 * 24 * 3_600_000L));
        Path recentOld = Files.createDirectory(tmp.resolve("ura-bundle-99123"));
        Path live = Files.createDirectory(tmp.resolve("ura-bundle-" + ProcessHandle.current().parent().orElseThrow().pid() + "-9"));
        Path z = zip("ok.ura.zip", "bundle.json", MANIFEST, "a.trace", "t");
        String before = System.getProperty("java.io.tmpdir");
        System.setProperty("java.io.tmpdir", tmp.toString());
        try {
            BundleReader.Opened opened = BundleReader.open(z);
            assertThat(opened.dir().getParent()).isEqualTo(tmp);
            assertThat(opened.dir().getFileName().toString()).startsWith("ura-bundle-" + ProcessHandle.current().pid() + "-");
            BundleReader.delete(opened.dir());
        } finally {
            System.setProperty("java.io.tmpdir", before);
        }
        assertThat(dead).doesNotExist();
        assertThat(old).doesNotExist();
        assertThat(recentOld).as("an old-style name younger than a day may be in use").exists();
        assertThat(live).as("a running process's folder is kept").exists();
    }

    /** SIGTERM (what the OS sends a window at logout) runs the shutdown hook, which removes the extracted copy. */
    @Test
    void theExtractionFolderIsRemovedWhenTheProcessIsTerminated() throws Exception {
        Path tmp = Files.createDirectory(dir.resolve("tmp"));
        Path z = zip("ok.ura.zip", "bundle.json", MANIFEST, "a.trace", "t");
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Djava.io.tmpdir=" + tmp, "-cp", System.getProperty("java.class.path"), BundleOpenMain.class.getName(),
                z.toString()).redirectErrorStream(true).start();
        try {
            String line = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8)).readLine();
            Path extracted = Path.of(line);
            assertThat(extracted.resolve("a.trace")).exists();
            p.destroy(); // SIGTERM
            assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
            assertThat(extracted).doesNotExist();
        } finally {
            p.destroyForcibly();
        }
    }
}
