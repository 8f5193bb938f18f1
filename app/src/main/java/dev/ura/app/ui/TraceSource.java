package dev.ura.app.ui;

import dev.ura.app.analysis.TraceSession;
import dev.ura.trace.io.Progress;
import dev.ura.trace.io.TraceFormatException;
import dev.ura.trace.model.Trace;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.file.Path;

/**
 * Where a trace comes from: a file, or a sample bundled on the class path.
 *
 * @param name     what the window shows
 * @param file     the file, or {@code null} for a bundled sample
 * @param resource the class-path resource of a sample, or {@code null}
 */
public record TraceSource(String name, Path file, String resource) {

    public static TraceSource ofFile(Path file) {
        return new TraceSource(file.getFileName().toString(), file, null);
    }

    public static TraceSource ofSample(String resource) {
        return new TraceSource(resource.substring(resource.lastIndexOf('/') + 1), null, resource);
    }

    public Trace read(Progress progress) throws TraceFormatException {
        if (file != null) {
            return TraceSession.load(file, progress);
        }
        try (InputStream in = TraceSource.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw TraceFormatException.ofFile(resource, "the sample is not bundled in this build", null);
            }
            return TraceSession.load(name, ByteBuffer.wrap(in.readAllBytes()), progress);
        } catch (IOException e) {
            throw TraceFormatException.ofFile(name, "cannot read the bundled sample: " + e.getMessage(), e);
        }
    }
}
