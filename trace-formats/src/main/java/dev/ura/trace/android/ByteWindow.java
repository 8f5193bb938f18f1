package dev.ura.trace.android;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * The bytes of a streaming trace, addressed by content offset, seen through a window: one block
 * at a time copied into a heap array, from the file with positional reads or from a buffer. A pass
 * over a file through blocks keeps one block resident instead of every page of a mapping (pages of
 * a mapped file that were read stay resident until it is unmapped), and reading records from a
 * heap array is about twice as fast as absolute reads of a mapped buffer.
 *
 * <p>Packets and records are not aligned to blocks: {@link #has} moves the window to start at the
 * item that does not fit (its first bytes are read again), and grows it for an item larger than a
 * block (a method or thread packet of up to 64 KiB, when blocks are small), shrinking back for the
 * next ordinary item. Text ({@link KeySection.Text}: a summary, which may be larger than a block)
 * is read through the window without growing it.
 */
final class ByteWindow implements KeySection.Text {
    private final RecordBlocks source;
    private final int limit;
    private final int blockBytes;
    private ByteBuffer buf;
    private byte[] array;
    private int base;
    private int end;

    /** Content of {@code limit} bytes copied from {@code source} in blocks of {@code blockBytes}. */
    ByteWindow(RecordBlocks source, int limit, int blockBytes) {
        if (blockBytes < 1) {
            throw new IllegalArgumentException("block size " + blockBytes);
        }
        this.source = source;
        this.limit = limit;
        this.blockBytes = blockBytes;
    }

    /** {@code content} (positions are offsets from 0 to its limit) copied in blocks of {@code blockBytes}. */
    static ByteWindow of(ByteBuffer content, int blockBytes) {
        return new ByteWindow((pos, dst, len) -> content.get(pos, dst, 0, len), content.limit(), blockBytes);
    }

    /** Bytes in the content. */
    int limit() {
        return limit;
    }

    /**
     * Whether the content holds {@code n} bytes at {@code pos}; when it does they are in the
     * window until the next call.
     */
    boolean has(int pos, int n) {
        if (pos >= base && n >= 0 && n <= end - pos) {
            return true;
        }
        return slide(pos, n);
    }

    private boolean slide(int pos, int n) {
        if (pos < 0 || n < 0 || pos > limit || n > limit - pos) {
            return false;
        }
        int size = Math.max(blockBytes, n);
        if (array == null || array.length < size || (array.length > blockBytes && size == blockBytes)) {
            array = new byte[size];
            buf = ByteBuffer.wrap(array).order(ByteOrder.LITTLE_ENDIAN);
        }
        int len = Math.min(array.length, limit - pos);
        source.copy(pos, array, len);
        base = pos;
        end = pos + len;
        return true;
    }

    /** The byte at {@code pos} of the content (wherever the window is). */
    @Override
    public byte at(int pos) {
        has(pos, 1);
        return buf.get(pos - base);
    }

    /** Copies {@code len} bytes at {@code pos} of the content, a block at a time (the window does not grow). */
    @Override
    public void copy(int pos, byte[] dst, int len) {
        for (int done = 0; done < len; ) {
            int n = Math.min(len - done, blockBytes);
            has(pos + done, n);
            System.arraycopy(array, pos + done - base, dst, done, n);
            done += n;
        }
    }

    /** The unsigned byte at {@code pos} (in the window). */
    int u1(int pos) {
        return buf.get(pos - base) & 0xFF;
    }

    /** The unsigned little-endian short at {@code pos} (in the window). */
    int u2(int pos) {
        return buf.getShort(pos - base) & 0xFFFF;
    }

    /** The little-endian int at {@code pos} (in the window). */
    int s4(int pos) {
        return buf.getInt(pos - base);
    }

    /** {@code len} bytes at {@code pos} (in the window) as UTF-8. */
    String utf8(int pos, int len) {
        byte[] bytes = new byte[len];
        buf.get(pos - base, bytes);
        return new String(bytes, StandardCharsets.UTF_8);
    }

    /** The window's bytes (those up to {@link #end()}): index {@code i} holds content offset {@link #base()} + i. */
    byte[] array() {
        return array;
    }

    /** The content offset of the window's first byte. */
    int base() {
        return base;
    }

    /** The content offset just after the window's last byte. */
    int end() {
        return end;
    }
}
