package dev.ura.app.report;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * Writes pictures and text to files with one-line errors, through {@link OutputFile}. ImageIO's own
 * {@code write(File)} prints a stack trace of its own when the file cannot be created, so a
 * picture is encoded in memory first.
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

    /** Writes bytes through {@link OutputFile}: the previous file survives any failure. */
    public static void write(Path out, byte[] bytes) throws IOException {
        OutputFile.write(out, bytes);
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
