package dev.ura.trace.android;

import dev.ura.trace.io.TraceFormatException;

import java.nio.ByteBuffer;

/**
 * The 32-byte 'SLOW' header of a data section (legacy) or of a streaming file.
 *
 * @param at          byte offset of the header in the file
 * @param rawVersion  the u2 version field as written (0xF2 / 0xF3 for streaming)
 * @param version     the record version 1..3 ({@code rawVersion} without the streaming bits)
 * @param dataOffset  header length: records (or packets) start at {@code at + dataOffset}
 * @param startTimeUs the u8 start time, µs (CLOCK_MONOTONIC for ART, epoch for Dalvik)
 * @param recordSize  bytes per record: 9 for v1, 10 for v2, the u2 at +16 for v3
 */
record DataHeader(int at, int rawVersion, int version, int dataOffset, long startTimeUs, int recordSize) {
    static final int MAGIC = 0x574F4C53;

    /** Whether the u2 version marks the experimental ART V2 format (4, 5, 0xF4, 0xF5). */
    static boolean isV2Format(int rawVersion) {
        return rawVersion == 4 || rawVersion == 5 || rawVersion == 0xF4 || rawVersion == 0xF5;
    }

    /** Whether the u2 version marks a streaming file (0xF1..0xF3). */
    static boolean isStreaming(int rawVersion) {
        return rawVersion >= 0xF1 && rawVersion <= 0xF3;
    }

    /**
     * Reads and checks a header.
     *
     * @param buf little-endian content
     * @param at  where the header should start
     * @param what how to name it in messages ("data header", "streaming header")
     */
    static DataHeader read(String source, ByteBuffer buf, int at, String what) throws TraceFormatException {
        int limit = buf.limit();
        if (limit - at < 4) {
            throw TraceFormatException.atOffset(source, at, "no " + what + " (file ends at byte " + limit + ")");
        }
        int magic = buf.getInt(at);
        if (magic != MAGIC) {
            throw TraceFormatException.atOffset(source, at, what + " does not start with 'SLOW' (found "
                    + hex(buf, at, Math.min(4, limit - at)) + ")");
        }
        if (limit - at < 16) {
            throw TraceFormatException.atOffset(source, at, "truncated " + what + " (" + (limit - at)
                    + " of at least 16 bytes)");
        }
        int raw = buf.getShort(at + 4) & 0xFFFF;
        if (isV2Format(raw)) {
            throw TraceFormatException.atOffset(source, at + 4, "unsupported variant (ART V2 format, version "
                    + raw + ")");
        }
        int version = isStreaming(raw) ? raw & 0x0F : raw;
        if (version < 1 || version > 3) {
            throw TraceFormatException.atOffset(source, at + 4, what + " has unknown version " + raw
                    + " (0x" + Integer.toHexString(raw) + ")");
        }
        int offset = buf.getShort(at + 6) & 0xFFFF;
        int minOffset = version >= 3 ? 18 : 16;
        if (offset < minOffset) {
            throw TraceFormatException.atOffset(source, at + 6, what + " length " + offset + " is below "
                    + minOffset);
        }
        if (offset > limit - at) {
            throw TraceFormatException.atOffset(source, at + 6, "truncated " + what + " (length " + offset
                    + ", file ends at byte " + limit + ")");
        }
        long start = buf.getLong(at + 8);
        // ART fills the size field for 0xF2 too, but only version 3 defines it (as every reader does).
        int recordSize = version >= 3 ? buf.getShort(at + 16) & 0xFFFF : (version == 1 ? 9 : 10);
        return new DataHeader(at, raw, version, offset, start, recordSize);
    }

    /** Where records (or packets) begin. */
    int recordsStart() {
        return at + dataOffset;
    }

    static String hex(ByteBuffer buf, int at, int n) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < n; i++) {
            if (i > 0) {
                sb.append(' ');
            }
            sb.append(String.format("%02x", buf.get(at + i) & 0xFF));
        }
        return sb.toString();
    }
}
