package dev.ura.trace.io;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * Reads UTF-8 text line by line, strictly: a byte that is not UTF-8 (a Latin-1 {@code é}) is an
 * error naming its line and column instead of a whole-file "malformed input", and a line longer
 * than a limit is refused instead of filling the heap. Lines end at LF; a CR before it is dropped.
 */
public final class Utf8Lines implements AutoCloseable {
    private final String name;
    private final InputStream in;
    private final int maxLineBytes;
    private final CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
    private final ByteArrayOutputStream line = new ByteArrayOutputStream(256);
    private long lineNo;
    private boolean eof;

    /** @param name the file, for messages; {@code maxLineBytes} the longest line accepted */
    public Utf8Lines(String name, InputStream in, int maxLineBytes) {
        this.name = name;
        this.in = new BufferedInputStream(in, 1 << 16);
        this.maxLineBytes = maxLineBytes;
    }

    /** The next line without its end, or {@code null} at the end of the input. */
    public String next() throws TraceFormatException {
        if (eof) {
            return null;
        }
        line.reset();
        lineNo++;
        try {
            int b;
            while ((b = in.read()) >= 0 && b != '\n') {
                if (line.size() >= maxLineBytes) {
                    throw TraceFormatException.atLine(name, lineNo, "line longer than " + maxLineBytes + " bytes");
                }
                line.write(b);
            }
            if (b < 0) {
                eof = true;
                if (line.size() == 0) {
                    return null;
                }
            }
        } catch (IOException e) {
            throw TraceFormatException.atLine(name, lineNo, "cannot read: " + e.getMessage());
        }
        byte[] bytes = line.toByteArray();
        int len = bytes.length > 0 && bytes[bytes.length - 1] == '\r' ? bytes.length - 1 : bytes.length;
        try {
            return decoder.reset().decode(ByteBuffer.wrap(bytes, 0, len)).toString();
        } catch (CharacterCodingException e) {
            int bad = firstInvalid(bytes, len);
            throw TraceFormatException.atLine(name, lineNo, String.format("not UTF-8 text: byte 0x%02X at column %d"
                    + " (save the file as UTF-8)", bytes[bad] & 0xFF, bad + 1));
        }
    }

    /** The 1-based number of the line {@link #next} returned last. */
    public long lineNumber() {
        return lineNo;
    }

    /** The index of the first byte that does not start or continue a valid UTF-8 sequence. */
    static int firstInvalid(byte[] b, int len) {
        int i = 0;
        while (i < len) {
            int c = b[i] & 0xFF;
            int n = c < 0x80 ? 0 : c >= 0xC2 && c <= 0xDF ? 1 : c >= 0xE0 && c <= 0xEF ? 2 : c >= 0xF0 && c <= 0xF4 ? 3 : -1;
            if (n < 0 || i + n >= len) {
                return i;
            }
            CharsetDecoder d = StandardCharsets.UTF_8.newDecoder();
            try {
                d.decode(ByteBuffer.wrap(b, i, n + 1));
            } catch (CharacterCodingException e) {
                return i;
            }
            i += n + 1;
        }
        return Math.max(0, len - 1);
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
