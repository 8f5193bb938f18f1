package dev.ura.app.report;

import dev.ura.trace.io.AtomicWriter;

import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.CharsetEncoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * The one way ura writes a file the user named (every command's {@code -o}, the window's exports
 * and saved reports): through {@link AtomicWriter}, so the new content goes to a hidden temporary
 * beside the target, is synced and renamed over it. A failure at any point (a full disk, a killed
 * process, a permission taken away) leaves the previous file as it was and removes the temporary;
 * a symbolic link is written through, a FIFO, device or folder at the target is refused, and
 * temporaries a killed write left behind are deleted by the next write of that file. Every failure
 * is an {@link IOException} whose message is one line: {@code cannot write FILE: REASON}.
 */
public final class OutputFile {
    /** Writes text to a writer (closing it is the caller's job). */
    @FunctionalInterface
    public interface TextBody {
        void writeTo(Writer out) throws IOException;
    }

    private OutputFile() {
    }

    /** Replaces {@code out} with what {@code body} writes. */
    public static void write(Path out, AtomicWriter.Body body) throws IOException {
        try {
            AtomicWriter.write(out, body);
        } catch (IOException e) {
            throw new IOException("cannot write " + out + ": " + ImageFiles.reason(e), e);
        }
    }

    /** Replaces {@code out} with {@code bytes}. */
    public static void write(Path out, byte[] bytes) throws IOException {
        write(out, os -> os.write(bytes));
    }

    /**
     * Replaces {@code out} with UTF-8 text. A lone surrogate (a name cut in the middle of a pair, as
     * traces hold) cannot be encoded; it becomes U+FFFD instead of failing the whole write, as
     * {@link String#getBytes} would replace it too.
     */
    public static void writeText(Path out, TextBody body) throws IOException {
        write(out, os -> {
            Writer w = new OutputStreamWriter(os, utf8Replacing());
            body.writeTo(w);
            w.flush();
        });
    }

    /** A UTF-8 encoder that writes U+FFFD for what it cannot encode (unpaired surrogates). */
    public static CharsetEncoder utf8Replacing() {
        return StandardCharsets.UTF_8.newEncoder()
                .onMalformedInput(CodingErrorAction.REPLACE)
                .onUnmappableCharacter(CodingErrorAction.REPLACE)
                .replaceWith(new byte[]{(byte) 0xEF, (byte) 0xBF, (byte) 0xBD});
    }
}
