package dev.ura.app.report;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * Writes pictures and text to files with one-line errors. ImageIO's own {@code write(File)} prints
 * a stack trace of its own when the file cannot be created; opening the stream here avoids that.
 */
public final class ImageFiles {
    private ImageFiles() {
    }

    /** A PNG's bytes. */
    public static byte[] pngBytes(BufferedImage img) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        if (!ImageIO.write(img, "png", out)) {
            throw new IOException("no PNG writer in this Java runtime");
        }
        return out.toByteArray();
    }

    /** Writes a PNG; the message of a failure says why in words. */
    public static void writePng(BufferedImage img, Path out) throws IOException {
        write(out, pngBytes(img));
    }

    /** Writes UTF-8 text (an SVG, Markdown, HTML). */
    public static void writeText(String text, Path out) throws IOException {
        write(out, text.getBytes(StandardCharsets.UTF_8));
    }

    /** Writes bytes; the message of a failure is one line naming the file and the reason. */
    public static void write(Path out, byte[] bytes) throws IOException {
        OutputStream os;
        try {
            os = Files.newOutputStream(out);
        } catch (IOException e) {
            throw new IOException("cannot write " + out + ": " + reason(e), e); // not opened: left as it is
        }
        try (os) {
            os.write(bytes);
        } catch (IOException e) {
            discardPartial(out);
            throw new IOException("cannot write " + out + ": " + reason(e), e);
        }
    }

    /**
     * Deletes what a failed write left of {@code out} (a full disk cuts a PNG or a JSON file short,
     * and a cut file looks whole to the next tool), but only a regular file: never a device such as
     * /dev/full or a FIFO given as the output. Call it only once {@code out} was opened for writing
     * (its old content is gone then), never when opening it failed.
     */
    public static void discardPartial(Path out) {
        try {
            if (Files.isRegularFile(out, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                Files.deleteIfExists(out);
            }
        } catch (IOException | SecurityException e) {
            // best effort: the failure that brought us here is what the user is told
        }
    }

    /** A short reason for a failed file operation. */
    public static String reason(IOException e) {
        if (e instanceof NoSuchFileException) {
            return "its folder does not exist";
        }
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof FileSystemException f && f.getReason() != null) {
            return f.getReason();
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }
}
