package dev.ura.app.annotations;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

import dev.ura.app.analysis.model.ResponseByHand;
import dev.ura.trace.io.AtomicWriter;
import dev.ura.trace.io.InputFiles;
import dev.ura.trace.io.TraceFormatException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;

/**
 * Reads and writes the annotations of a trace in its sidecar, {@code <trace>.ura.json}. Writes
 * go to a temporary file in the same directory, then replace the sidecar with an atomic rename,
 * so a crash leaves the old or the new file, never half of one. A sidecar that cannot be read is
 * never overwritten: it is renamed aside ({@code .corrupt-<time>}) and the problem reported.
 *
 * <p>Versions: 1 pinned points to a lane and a time; 2 adds a depth row and the slice a point is
 * on; 3 adds the what-if changes of each response ({@code whatIf}, docs/what-if.md), so that an
 * older ura, which would drop them on its next save, leaves the file alone. An older sidecar is
 * migrated when the trace is opened: the original is copied to {@code <sidecar>.v<N>.bak} and the
 * sidecar rewritten as the current version. A sidecar from a newer ura is never touched: its
 * annotations are shown read-only and saving refuses to replace it.
 */
public final class AnnotationStore {
    /** Sidecar format version written by this code. */
    public static final int VERSION = 3;
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
    /**
     * Each save reads the part of the sidecar it keeps (annotations keep the response set by hand,
     * and the other way round) and then replaces the file: the window saves annotations on the EDT
     * and the response set by hand from a worker, so one lock makes each read-and-replace whole
     * (else one save could drop what the other just wrote).
     */
    private static final Object WRITES = new Object();
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
     * @param problem     a one-line description of a corrupt or newer sidecar (and what was done), or {@code null}
     * @param readOnly    the sidecar comes from a newer ura: show, never save
     */
    public record Loaded(List<Annotation> annotations, String problem, boolean readOnly) {
        public Loaded {
            annotations = List.copyOf(annotations);
        }

        public Loaded(List<Annotation> annotations, String problem) {
            this(annotations, problem, false);
        }
    }

    /** What parsing found, before anything is done about it. */
    private record Parsed(List<Annotation> annotations, int version, String trace, String problem) {
    }

    /**
     * The on-disk shape; {@code responseByHand} is absent unless the user set a response by hand,
     * {@code whatIf} unless a response has what-if changes.
     */
    record SidecarFile(int version, String trace, List<Annotation> annotations,
                       @JsonInclude(JsonInclude.Include.NON_NULL) HandResponse responseByHand,
                       @JsonInclude(JsonInclude.Include.NON_EMPTY) List<WhatIf> whatIf) {
    }

    /** The what-if changes of one response (its index in the analysis), in order. */
    public record WhatIf(int response, List<ScenarioJson> changes) {
    }

    /**
     * A response set by hand on disk: a window ({@code fromNs}, {@code toNs}) or two patterns, and,
     * on a system trace, the process chosen (an addition: absent when none was).
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record HandResponse(Long fromNs, Long toNs, String startPattern, String endPattern, String process) {
        static HandResponse of(ResponseByHand r) {
            return r == null ? null : new HandResponse(r.fromNs(), r.toNs(), r.startPattern(), r.endPattern(),
                    r.process());
        }

        ResponseByHand toModel() {
            return new ResponseByHand(fromNs, toNs, startPattern, endPattern, process);
        }
    }

    /**
     * Loads the sidecar; a missing one is an empty list. An unreadable one is renamed aside so the
     * next save cannot overwrite it; a version 1 one is migrated (backup kept); a newer one is
     * left as it is and loaded read-only.
     */
    public Loaded load() throws IOException {
        Parsed p = parse();
        if (p == null) {
            return new Loaded(List.of(), null);
        }
        if (p.version() > VERSION) {
            return newer(p);
        }
        if (p.problem() == null) {
            if (p.version() < VERSION) {
                migrate(p);
            }
            return new Loaded(p.annotations(), null);
        }
        String stamp = sidecar.getFileName() + ".corrupt-"
                + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
        Path aside = sidecar.resolveSibling(stamp);
        for (int n = 2; Files.exists(aside); n++) {
            aside = sidecar.resolveSibling(stamp + "-" + n);
        }
        Files.move(sidecar, aside);
        return new Loaded(List.of(), p.problem() + "; it was kept as " + aside.getFileName()
                + " and a new one will be written");
    }

    /** Reads the sidecar without changing anything (for exports); problems are reported, not acted on. */
    public Loaded read() throws IOException {
        Parsed p = parse();
        if (p == null) {
            return new Loaded(List.of(), null);
        }
        if (p.version() > VERSION) {
            return newer(p);
        }
        return p.problem() == null ? new Loaded(p.annotations(), null)
                : new Loaded(List.of(), p.problem());
    }

    /** The backup a migration keeps of the version 1 sidecar. */
    public Path backup(int version) {
        return sidecar.resolveSibling(sidecar.getFileName() + ".v" + version + ".bak");
    }

    private void migrate(Parsed p) throws IOException {
        Path backup = backup(p.version());
        if (!Files.exists(backup)) {
            Files.copy(sidecar, backup);
        }
        save(p.trace() == null ? "" : p.trace(), p.annotations());
    }

    private Loaded newer(Parsed p) {
        String what = sidecar.getFileName() + " was written by a newer ura (version " + p.version() + ")";
        if (p.problem() != null) {
            return new Loaded(List.of(), what + " and cannot be shown; it is left untouched", true);
        }
        return new Loaded(p.annotations(), what + "; its annotations are shown read-only and it is left untouched",
                true);
    }

    /** The sidecar parsed, or {@code null} when there is none. */
    private Parsed parse() throws IOException {
        byte[] bytes = readGuarded();
        if (bytes == null) {
            return null;
        }
        int version = 0;
        try {
            JsonNode tree = JSON.readTree(bytes);
            if (tree != null && tree.path("version").isInt()) {
                version = tree.path("version").intValue();
            }
            SidecarFile f = JSON.treeToValue(tree, SidecarFile.class);
            if (f == null || f.annotations() == null) {
                return new Parsed(List.of(), version, null, unreadable("no annotation list"));
            }
            if (f.annotations().contains(null)) {
                return new Parsed(List.of(), version, null, unreadable("an empty annotation"));
            }
            return new Parsed(f.annotations(), version, f.trace(), null);
        } catch (JacksonException | IllegalArgumentException e) {
            // also covers records refusing a missing id or anchor (Jackson wraps their exceptions)
            return new Parsed(List.of(), version, null, unreadable(firstLine(e.getMessage())));
        }
    }

    private String unreadable(String why) {
        return sidecar.getFileName() + " could not be read (" + why + ")";
    }

    /** The sidecar's content for these annotations (what {@link #save} writes). */
    public static byte[] bytes(String traceName, List<Annotation> annotations) throws IOException {
        return bytes(traceName, annotations, (HandResponse) null);
    }

    /** The sidecar's content for these annotations and a response set by hand ({@code null}: none). */
    public static byte[] bytes(String traceName, List<Annotation> annotations, ResponseByHand byHand)
            throws IOException {
        return bytes(traceName, annotations, HandResponse.of(byHand));
    }

    private static byte[] bytes(String traceName, List<Annotation> annotations, HandResponse byHand)
            throws IOException {
        return bytes(traceName, annotations, byHand, List.of());
    }

    private static byte[] bytes(String traceName, List<Annotation> annotations, HandResponse byHand,
                                List<WhatIf> whatIf) throws IOException {
        return JSON.writeValueAsBytes(new SidecarFile(VERSION, traceName, SidecarLimits.readable(annotations),
                SidecarLimits.readable(byHand), whatIf));
    }

    /** Replaces the sidecar with these annotations, atomically (a response set by hand in it is kept). */
    public void save(String traceName, List<Annotation> annotations) throws IOException {
        synchronized (WRITES) {
            write(traceName, annotations, HandResponse.of(readResponseByHand()), readWhatIf());
        }
    }

    /**
     * The what-if changes saved for each response, or an empty list when there are none, or the
     * sidecar is missing or unreadable (loading reports that).
     */
    public List<WhatIf> readWhatIf() {
        try {
            byte[] bytes = readGuarded();
            JsonNode tree = bytes == null ? null : JSON.readTree(bytes);
            JsonNode w = tree == null ? null : tree.get("whatIf");
            if (w == null || !w.isArray()) {
                return List.of();
            }
            List<WhatIf> out = new java.util.ArrayList<>();
            for (JsonNode n : w) {
                WhatIf one = JSON.treeToValue(n, WhatIf.class);
                if (one != null && one.changes() != null && !one.changes().contains(null)) {
                    out.add(one);
                }
            }
            return out;
        } catch (IOException | IllegalArgumentException e) {
            return List.of();
        }
    }

    /**
     * Saves the what-if changes of every response (an empty list removes them) and keeps the
     * annotations and the response set by hand.
     *
     * @throws IOException when the sidecar cannot be written, or is unreadable or from a newer ura
     */
    public void saveWhatIf(String traceName, List<WhatIf> whatIf) throws IOException {
        synchronized (WRITES) {
            Loaded existing = read();
            if (existing.problem() != null) {
                throw new IOException(existing.problem() + "; the what-if changes were not saved");
            }
            write(traceName, existing.annotations(), HandResponse.of(readResponseByHand()), whatIf);
        }
    }

    /**
     * The response the user set by hand, or {@code null} when there is none, or the sidecar is
     * missing or unreadable (loading reports that).
     */
    public ResponseByHand readResponseByHand() {
        try {
            byte[] bytes = readGuarded();
            JsonNode tree = bytes == null ? null : JSON.readTree(bytes);
            JsonNode r = tree == null ? null : tree.get("responseByHand");
            return r == null || r.isNull() ? null : JSON.treeToValue(r, HandResponse.class).toModel();
        } catch (IOException | IllegalArgumentException e) {
            // missing, unreadable or invalid: as if none was set (load() reports a corrupt sidecar)
            return null;
        }
    }

    /**
     * Saves {@code byHand} (or removes it, when {@code null}) and keeps the annotations.
     *
     * @throws IOException when the sidecar cannot be written, or is unreadable or from a newer ura
     *                     (it is then left as it is)
     */
    public void saveResponseByHand(String traceName, ResponseByHand byHand) throws IOException {
        synchronized (WRITES) {
            Loaded existing = read();
            if (existing.problem() != null) {
                throw new IOException(existing.problem() + "; the response set by hand was not saved");
            }
            write(traceName, existing.annotations(), HandResponse.of(byHand), readWhatIf());
        }
    }

    private void write(String traceName, List<Annotation> annotations, HandResponse byHand, List<WhatIf> whatIf)
            throws IOException {
        int existing = existingVersion();
        if (existing > VERSION) {
            throw new IOException(sidecar.getFileName() + " was written by a newer ura (version " + existing
                    + ") and is not replaced");
        }
        // Atomic and durable, keeping the sidecar's permissions and writing through a symbolic link.
        AtomicWriter.write(sidecar, bytes(traceName, annotations, byHand, whatIf));
    }

    /**
     * The sidecar's bytes through the one input guard, or {@code null} when there is none. Not a
     * regular file (a FIFO, a device, a folder) or too large: an error, never opened and never moved
     * aside; a dangling link is reported too rather than silently replaced.
     */
    private byte[] readGuarded() throws IOException {
        if (Files.notExists(sidecar, LinkOption.NOFOLLOW_LINKS)) {
            return null;
        }
        try {
            return InputFiles.readAll(sidecar, MAX_SIDECAR_BYTES, "sidecar");
        } catch (TraceFormatException e) {
            if (e.getCause() instanceof NoSuchFileException && Files.notExists(sidecar, LinkOption.NOFOLLOW_LINKS)) {
                return null;
            }
            throw new IOException(e.problem(), e);
        }
    }

    /** The version of the sidecar on disk, or 0 when there is none or it has no readable version. */
    private int existingVersion() {
        try {
            byte[] bytes = readGuarded();
            JsonNode tree = bytes == null ? null : JSON.readTree(bytes);
            return tree != null && tree.path("version").isInt() ? tree.path("version").intValue() : 0;
        } catch (IOException e) {
            // missing or unreadable: nothing a save could destroy that load has not already set aside
            return 0;
        }
    }

    private static String firstLine(String s) {
        if (s == null) {
            return "unreadable";
        }
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }
}
