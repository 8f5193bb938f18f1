package dev.ura.app.annotations;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import dev.ura.trace.io.AtomicWriter;
import dev.ura.trace.io.InputFiles;
import dev.ura.trace.io.TraceFormatException;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;

/**
 * Reads and writes the annotations of a trace in its sidecar, {@code <trace>.ura.json}. Writes
 * go to a temporary file in the same directory, then replace the sidecar with an atomic rename,
 * so a crash leaves the old or the new file, never half of one. A sidecar that cannot be read is
 * never overwritten: it is renamed aside ({@code .corrupt-<time>}) and the problem reported.
 */
public final class AnnotationStore {
    /** Sidecar format version written by this code. */
    public static final int VERSION = 1;
    /**
     * Strings longer than an annotation's text limit are refused by the reader; the writer cannot
     * produce them because {@link Annotation} cuts text to the same limit.
     */
    private static final ObjectMapper JSON = new ObjectMapper(JsonFactory.builder()
            .streamReadConstraints(StreamReadConstraints.builder().maxStringLength(Annotation.MAX_TEXT_CHARS).build())
            .build())
            .enable(SerializationFeature.INDENT_OUTPUT)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
    /** Sidecars hold notes, arrows and boxes: a few kilobytes; far more is not ours to load. */
    static final long MAX_SIDECAR_BYTES = 64L << 20;
    private final Path sidecar;

    public AnnotationStore(Path sidecar) {
        this.sidecar = sidecar;
    }

    /** The store beside a trace file. */
    public static AnnotationStore beside(Path trace) {
        return new AnnotationStore(trace.resolveSibling(trace.getFileName() + ".ura.json"));
    }

    public Path sidecar() {
        return sidecar;
    }

    /**
     * What loading found.
     *
     * @param annotations the annotations (empty when there was no sidecar or it was corrupt)
     * @param problem     a one-line description of a corrupt sidecar and where it was moved, or {@code null}
     */
    public record Loaded(List<Annotation> annotations, String problem) {
        public Loaded {
            annotations = List.copyOf(annotations);
        }
    }

    /** The on-disk shape. */
    record SidecarFile(int version, String trace, List<Annotation> annotations) {
    }

    /**
     * Loads the sidecar; a missing one is an empty list. An unreadable one is renamed aside so the
     * next save cannot overwrite it.
     */
    public Loaded load() throws IOException {
        Loaded read = read();
        if (read.problem() == null) {
            return read;
        }
        String stamp = sidecar.getFileName() + ".corrupt-"
                + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
        Path aside = sidecar.resolveSibling(stamp);
        for (int n = 2; Files.exists(aside); n++) {
            aside = sidecar.resolveSibling(stamp + "-" + n);
        }
        Files.move(sidecar, aside);
        return new Loaded(List.of(), read.problem() + "; it was kept as " + aside.getFileName()
                + " and a new one will be written");
    }

    /** Reads the sidecar without changing anything (for exports); problems are reported, not acted on. */
    public Loaded read() throws IOException {
        if (Files.notExists(sidecar, LinkOption.NOFOLLOW_LINKS)) {
            return new Loaded(List.of(), null);
        }
        byte[] bytes;
        try {
            bytes = InputFiles.readAll(sidecar, MAX_SIDECAR_BYTES, "sidecar");
        } catch (TraceFormatException e) {
            if (e.getCause() instanceof NoSuchFileException && Files.notExists(sidecar, LinkOption.NOFOLLOW_LINKS)) {
                return new Loaded(List.of(), null);
            }
            // Not a regular file (a FIFO, a device, a directory) or too large: reported, never opened or
            // moved aside; a dangling link is reported too rather than silently replaced.
            throw new IOException(e.problem(), e);
        }
        String why;
        try {
            SidecarFile f = JSON.readValue(bytes, SidecarFile.class);
            if (f == null || f.annotations() == null) {
                why = "no annotation list";
            } else if (f.version() > VERSION) {
                why = "written by a newer ura (version " + f.version() + ")";
            } else {
                return new Loaded(f.annotations(), null);
            }
        } catch (JacksonException e) {
            // also covers records refusing a missing id or anchor (Jackson wraps their exceptions)
            why = firstLine(e.getMessage());
        }
        return new Loaded(List.of(), sidecar.getFileName() + " could not be read (" + why + ")");
    }

    /**
     * Replaces the sidecar with these annotations, atomically and durably, keeping its permissions
     * and writing through a symbolic link ({@link AtomicWriter}).
     */
    public void save(String traceName, List<Annotation> annotations) throws IOException {
        SidecarFile file = new SidecarFile(VERSION, traceName, annotations);
        AtomicWriter.write(sidecar, out -> JSON.writeValue(out, file));
    }

    private static String firstLine(String s) {
        if (s == null) {
            return "unreadable";
        }
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }
}
