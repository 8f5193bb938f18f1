package dev.ura.trace.perfetto;

import java.nio.ByteBuffer;
import java.util.Arrays;

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
    /** Chunks found by {@link #chunks}. */
    int chunks;

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
     * Splits the readable packets into chunks of whole packets, each at least {@code chunkBytes}
     * long or {@code maxPackets} packets (the last one shorter): chunk i is {@code [bounds[i],
     * bounds[i + 1])}, {@link #chunks} of them; {@link #bad} says whether the file stops being
     * readable after them.
     */
    int[] chunks(ByteBuffer d, int chunkBytes, int maxPackets) {
        int n = d.limit();
        int[] bounds = new int[16];
        chunks = 0;
        int inChunk = 0;
        int pos = 0;
        while (pos < n && read(d, pos, n)) {
            pos = end;
            if (++inChunk >= maxPackets || pos - bounds[chunks] >= chunkBytes) {
                bounds = room(bounds);
                bounds[++chunks] = pos;
                inChunk = 0;
            }
        }
        if (pos > bounds[chunks]) {
            bounds = room(bounds);
            bounds[++chunks] = pos;
        }
        return bounds;
    }

    private int[] room(int[] bounds) {
        return chunks + 2 > bounds.length ? Arrays.copyOf(bounds, bounds.length * 2) : bounds;
    }

    private boolean bad(int at, String what) {
        badAt = at;
        bad = what;
        return false;
    }
}
