package dev.ura.app.report;

import dev.ura.app.annotations.ScenarioJson;
import dev.ura.app.analysis.model.Change;
import dev.ura.app.analysis.model.ResponseByHand;
import dev.ura.app.analysis.model.Scenario;
import dev.ura.app.analysis.model.SliceRef;
import dev.ura.app.analysis.model.SliceSelector;
import dev.ura.app.annotations.Anchor;
import dev.ura.app.annotations.Annotation;
import dev.ura.app.annotations.AnnotationStore;
import dev.ura.app.testing.TinyTraces;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class BundleReaderTest {
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

    private Path into() throws IOException {
        return Files.createDirectory(dir.resolve("x" + System.nanoTime()));
    }

    @Test
    void aBundleRoundTripsTraceAnnotationsResponseAndScenario() throws IOException {
        byte[] trace = "trace bytes".getBytes(StandardCharsets.UTF_8);
        List<Annotation> notes = List.of(Annotation.note(new Anchor(1, "main", 5), "look"));
        Scenario s = new Scenario(List.of(new Change.Defer(new SliceSelector.ByName("*Cache.write")),
                new Change.SpeedUp(new SliceSelector.Exact(new SliceRef(0, 1), "B.run"), 2.5)));
        Path out = dir.resolve("bug.ura.zip");
        ResponseByHand byHand = new ResponseByHand(100L, 900L, null, null);
        BundleWriter.write(out, "app.trace", () -> new ByteArrayInputStream(trace), notes, byHand, 2, s, new byte[]{1, 2},
                "# hi\n");
        BundleReader.Opened o = BundleReader.extract(out, into());
        assertThat(Files.readAllBytes(o.trace())).isEqualTo(trace);
        assertThat(o.trace().getFileName().toString()).isEqualTo("app.trace");
        assertThat(o.manifest().response()).isEqualTo(2);
        assertThat(AnnotationStore.beside(o.trace()).read().annotations()).isEqualTo(notes);
        assertThat(AnnotationStore.beside(o.trace()).readResponseByHand()).isEqualTo(byHand);
        var tiny = new TinyTraces().thread("main", true).call("a.A.run", 0, 0, 10).call("a.B.run", 1, 2, 5).build();
        assertThat(ScenarioJson.toScenario(o.manifest().scenario(), tiny)).isEqualTo(s);
        assertThat(Files.readString(o.dir().resolve(BundleWriter.SUMMARY))).isEqualTo("# hi\n");
    }

    @Test
    void entriesThatWouldLeaveTheFolderAreRefused() throws IOException {
        for (String evil : new String[]{"../evil", "/etc/evil", "sub/evil", "..\\evil", "C:evil", ".."}) {
            Path z = zip("slip.ura.zip", "bundle.json", MANIFEST, "a.trace", "t", evil, "x");
            Path target = into();
            assertThatThrownBy(() -> BundleReader.extract(z, target)).isInstanceOf(IOException.class)
                    .hasMessageStartingWith("slip.ura.zip: entry '")
                    .hasMessageContaining("not a plain file name");
            assertThat(Files.exists(dir.resolve("evil"))).isFalse();
        }
    }

    @Test
    void aZipBombIsRefusedWhileInflating() throws IOException {
        byte[] zeros = new byte[8 << 20]; // 8 MB of zeros deflates about 1000:1
        Path z = zip("bomb.ura.zip", "bundle.json", MANIFEST, "a.trace", zeros);
        assertThatThrownBy(() -> BundleReader.extract(z, into())).isInstanceOf(IOException.class)
                .hasMessageContaining("bomb.ura.zip: entry 'a.trace' inflates more than 200 times");
    }

    @Test
    void theTotalSizeLimitHolds() throws IOException {
        byte[] noise = new byte[3 << 20];
        new java.util.Random(1).nextBytes(noise);
        Path z = zip("big.ura.zip", "bundle.json", MANIFEST, "a.trace", noise);
        System.setProperty("ura.bundle.maxBytes", Long.toString(2 << 20));
        try {
            assertThatThrownBy(() -> BundleReader.extract(z, into())).hasMessageContaining("inflates beyond the bundle's limit");
        } finally {
            System.clearProperty("ura.bundle.maxBytes");
        }
    }

    @Test
    void missingOrWrongPartsAreOneLineErrors() throws IOException {
        Path notZip = dir.resolve("plain.ura.zip");
        Files.writeString(notZip, "not a zip");
        assertThatThrownBy(() -> BundleReader.extract(notZip, into())).hasMessageStartingWith("plain.ura.zip: not a readable zip");
        Path noManifest = zip("nm.ura.zip", "a.trace", "t");
        assertThatThrownBy(() -> BundleReader.extract(noManifest, into())).hasMessage("nm.ura.zip: no bundle.json; not a ura report bundle");
        Path noTrace = zip("nt.ura.zip", "bundle.json", MANIFEST);
        assertThatThrownBy(() -> BundleReader.extract(noTrace, into())).hasMessageContaining("trace named in bundle.json is not in the bundle");
        Path newer = zip("nv.ura.zip", "bundle.json", "{\"version\":9,\"trace\":\"a.trace\"}", "a.trace", "t");
        assertThatThrownBy(() -> BundleReader.extract(newer, into())).hasMessageContaining("newer ura (bundle version 9)");
        Path twice = zip("tw.ura.zip", "bundle.json", MANIFEST, "a.trace", "t");
        // a duplicate name cannot be written with ZipOutputStream; patch the second name's bytes instead
        Path dup = dir.resolve("dup.ura.zip");
        try (ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(dup))) {
            out.putNextEntry(new ZipEntry("bundle.json"));
            out.write(MANIFEST.getBytes(StandardCharsets.UTF_8));
            out.putNextEntry(new ZipEntry("a.trace"));
            out.write('t');
            out.putNextEntry(new ZipEntry("b.trace"));
            out.write('u');
        }
        byte[] bytes = Files.readAllBytes(dup);
        String latin = new String(bytes, StandardCharsets.ISO_8859_1).replace("b.trace", "a.trace");
        Files.write(dup, latin.getBytes(StandardCharsets.ISO_8859_1));
        assertThatThrownBy(() -> BundleReader.extract(dup, into())).hasMessageContaining("appears twice");
        assertThat(BundleReader.extract(twice, into()).manifest().trace()).isEqualTo("a.trace");
    }

    @Test
    void aScenarioNamingASliceTheTraceDoesNotHaveIsRefused() {
        var tiny = new TinyTraces().thread("main", true).call("a.A.run", 0, 0, 10).build();
        assertThatThrownBy(() -> ScenarioJson.toScenario(List.of(new ScenarioJson("defer", null, 0, 5, "x", null)), tiny))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ScenarioJson.toScenario(List.of(new ScenarioJson("speedup", "a*", null, null, null, -1.0)), tiny))
                .hasMessageContaining("positive factor");
        assertThatThrownBy(() -> ScenarioJson.toScenario(List.of(new ScenarioJson("explode", "a*", null, null, null, null)), tiny))
                .hasMessageContaining("unknown what-if change 'explode'");
    }
}
