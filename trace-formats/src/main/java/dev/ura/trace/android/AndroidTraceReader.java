package dev.ura.trace.android;

import dev.ura.trace.io.MappedInput;
import dev.ura.trace.io.Progress;
import dev.ura.trace.io.TraceFormatException;
import dev.ura.trace.io.TraceReader;
import dev.ura.trace.model.Trace;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * Reads Android method traces ({@code .trace}; {@code docs/android-trace-format.md}): legacy
 * files (text key section, then a 'SLOW' data section of version 1, 2 or 3 records, any clock,
 * ART or Dalvik) and streaming files (header version 0xF1..0xF3). The experimental ART V2 format
 * (versions 4, 5, 0xF4, 0xF5) is recognised and refused with a clear message.
 *
 * <p>Times in the result are ns on the file's own time base: a record's wall offset (µs since the
 * trace start) × 1000; thread-CPU µs × 1000 fill the CPU columns of dual-clock traces; in
 * thread-CPU-only traces the CPU time is the only time. Problems the reader can repair (unmatched
 * exits, open calls, unnamed threads, undefined methods, stray bytes, clock wrap-around...) become
 * one warning line each; anything else is a {@link TraceFormatException} with the byte offset.
 */
public final class AndroidTraceReader implements TraceReader {
    private static final byte[] VERSION_LINE = "*version\n".getBytes(StandardCharsets.US_ASCII);

    @Override
    public String formatName() {
        return "android-trace";
    }

    @Override
    public boolean canRead(byte[] head) {
        if (startsWith(head, VERSION_LINE)) {
            return true;
        }
        if (head.length < 6 || ByteBuffer.wrap(head).order(ByteOrder.LITTLE_ENDIAN).getInt(0) != DataHeader.MAGIC) {
            return false;
        }
        int version = (head[4] & 0xFF) | (head[5] & 0xFF) << 8;
        return DataHeader.isStreaming(version) || DataHeader.isV2Format(version) || (version >= 1 && version <= 3);
    }

    @Override
    public Trace read(String source, ByteBuffer data, Progress progress) throws TraceFormatException {
        return read(source, data, null, progress);
    }

    /** Records (and streaming packets) are copied from {@code file} rather than through its mapping {@code data}. */
    @Override
    public Trace read(String source, ByteBuffer data, MappedInput file, Progress progress)
            throws TraceFormatException {
        ByteBuffer buf = data.slice().order(ByteOrder.LITTLE_ENDIAN);
        if (buf.remaining() >= VERSION_LINE.length && buf.get(0) == '*') {
            // offsets in buf are file offsets only when data starts at the file's first byte
            return LegacyDecoder.decode(source, buf, data.position() == 0 ? file : null, progress);
        }
        if (buf.remaining() < 6) {
            throw TraceFormatException.atOffset(source, 0, "truncated header (" + buf.remaining() + " bytes)");
        }
        int version = buf.getShort(4) & 0xFFFF;
        if (DataHeader.isV2Format(version)) {
            throw TraceFormatException.atOffset(source, 4, "unsupported variant (ART V2 format, version " + version + ")");
        }
        if (!DataHeader.isStreaming(version)) {
            throw TraceFormatException.atOffset(source, 0, "a bare 'SLOW' data section (version " + version
                    + ") without the key section that names its threads and methods");
        }
        return StreamingDecoder.decode(source, buf, data.position() == 0 ? file : null, progress);
    }

    private static boolean startsWith(byte[] head, byte[] prefix) {
        if (head.length < prefix.length) {
            return false;
        }
        for (int i = 0; i < prefix.length; i++) {
            if (head[i] != prefix[i]) {
                return false;
            }
        }
        return true;
    }
}
