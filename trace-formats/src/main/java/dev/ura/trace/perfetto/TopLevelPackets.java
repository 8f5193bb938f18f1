package dev.ura.trace.perfetto;

import java.nio.ByteBuffer;

/**
 * The file's top level ({@code key 0x0A, varint length, packet} to the end), header by header,
 * without looking inside packets: where each packet ends, where the file stops being readable and
 * why, and how it splits into chunks of whole packets for decoding threads.
 */
final class TopLevelPackets {
    /** The last header read: field number, packet length, end of the packet. */
    long field;
    int length;
    int end;
    /** Where and why the top-level packets stop being readable (null: they do not). */
    int badAt;
    String bad;
    /** Where {@link #nextChunk} goes on from. */
    private int scanned;

    /**
     * Reads the header at {@code pos}; false, with {@link #badAt} and {@link #bad} set, when it is
     * corrupt or its packet runs past the end {@code n}.
     */
    boolean read(ByteBuffer d, int pos, int n) {
        int keyAt = pos;
        long key = 0;
        int shift = 0;
        int b0;
        do {
            if (pos >= n || shift > 63) {
                return bad(keyAt, pos >= n ? "truncated packet header at the end of the file" : "bad varint");
            }
            b0 = d.get(pos++);
            key |= (long) (b0 & 0x7F) << shift;
            shift += 7;
        } while (b0 < 0);
        int wire = (int) (key & 7);
        if (wire != 2) {
            return bad(keyAt, "byte 0x" + Integer.toHexString((int) key & 0xFF) + " is not the start of a packet");
        }
        long len = 0;
        shift = 0;
        do {
            if (pos >= n || shift > 63) {
                return bad(keyAt, pos >= n ? "truncated packet header at the end of the file" : "bad varint");
            }
            b0 = d.get(pos++);
            len |= (long) (b0 & 0x7F) << shift;
            shift += 7;
        } while (b0 < 0);
        if (len < 0 || len > n - pos) {
            return bad(keyAt, "last packet is truncated (" + Long.toUnsignedString(len) + " bytes announced, "
                    + (n - pos) + " left): the recording was probably cut");
        }
        field = key >>> 3;
        length = (int) len;
        end = pos + (int) len;
        return true;
    }

    /**
     * The end of the next chunk of whole readable packets after the previous one (the first starts
     * at 0): at least {@code chunkBytes} long or {@code maxPackets} packets, the last one shorter;
     * -1 when no readable packet is left ({@link #bad} then says whether the file stops being
     * readable there). Called chunk after chunk, so decoding can start before the scan ends.
     */
    int nextChunk(ByteBuffer d, int chunkBytes, int maxPackets) {
        int n = d.limit();
        int start = scanned;
        int pos = start;
        int inChunk = 0;
        while (pos < n && read(d, pos, n)) {
            pos = end;
            if (++inChunk >= maxPackets || pos - start >= chunkBytes) {
                break;
            }
        }
        scanned = pos;
        return pos > start ? pos : -1;
    }

    private boolean bad(int at, String what) {
        badAt = at;
        bad = what;
        return false;
    }
}
