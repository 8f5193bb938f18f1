package dev.ura.app.report;

import dev.ura.app.annotations.ScenarioJson;
import dev.ura.app.analysis.model.ResponseByHand;
import dev.ura.app.analysis.model.Scenario;
import dev.ura.app.annotations.Annotation;
import dev.ura.app.annotations.AnnotationStore;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/**
 * Writes a report bundle: the trace as it was read, its annotations, the manifest (response,
 * what-if), the picture and the Markdown summary, through {@link OutputFile}: a failed write never
 * leaves half a bundle under the name, and an older bundle stays.
 */
public final class BundleWriter {
    public static final String IMAGE = "response.png";
    public static final String SUMMARY = "report.md";

    private BundleWriter() {
    }

    /** Opens the trace's bytes (a file, or a sample on the class path). */
    @FunctionalInterface
    public interface TraceBytes {
        InputStream open() throws IOException;
    }

    /**
     * @param traceName the trace's file name (becomes its entry name)
     * @param response  the response shown, or {@code null}
     * @param png       the picture, or {@code null}
     * @param markdown  the summary, or {@code null}
     */
    public static void write(Path out, String traceName, TraceBytes trace, List<Annotation> annotations, Integer response,
                             Scenario scenario, byte[] png, String markdown) throws IOException {
        write(out, traceName, trace, annotations, null, response, scenario, png, markdown);
    }

    /**
     * @param byHand the response the user set by hand in the trace's sidecar, or {@code null}: kept
     *               in the bundle's sidecar so the response numbers mean the same when it is reopened
     */
    public static void write(Path out, String traceName, TraceBytes trace, List<Annotation> annotations,
                             ResponseByHand byHand, Integer response, Scenario scenario, byte[] png, String markdown)
            throws IOException {
        String entry = BundleReader.plainName(traceName) ? traceName : "trace" + extension(traceName);
        String sidecar = annotations.isEmpty() && byHand == null ? null : entry + ".ura.json";
        ReportBundle manifest = new ReportBundle(ReportBundle.VERSION, entry, sidecar, response, ScenarioJson.of(scenario),
                png == null ? null : IMAGE, markdown == null ? null : SUMMARY);
        // Through the one output writer: an older bundle survives a failed write, a link is
        // written through, a FIFO is refused and a killed write's temporary is cleaned next time.
        OutputFile.write(out, file -> {
            ZipOutputStream zip = new ZipOutputStream(file);
            put(zip, ReportBundle.MANIFEST, ReportBundle.JSON.writeValueAsBytes(manifest));
            zip.putNextEntry(new ZipEntry(entry));
            try (InputStream in = trace.open()) {
                in.transferTo(zip);
            }
            zip.closeEntry();
            if (sidecar != null) {
                put(zip, sidecar, AnnotationStore.bytes(entry, annotations, byHand));
            }
            if (png != null) {
                put(zip, IMAGE, png);
            }
            if (markdown != null) {
                put(zip, SUMMARY, markdown.getBytes(StandardCharsets.UTF_8));
            }
            zip.finish();
        });
    }

    private static void put(ZipOutputStream zip, String name, byte[] bytes) throws IOException {
        zip.putNextEntry(new ZipEntry(name));
        zip.write(bytes);
        zip.closeEntry();
    }

    private static String extension(String name) {
        int dot = name.lastIndexOf('.');
        String ext = dot < 0 ? "" : name.substring(dot);
        return BundleReader.plainName("x" + ext) ? ext : "";
    }
}
