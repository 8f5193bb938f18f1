package dev.ura.trace.android;

/** Where {@link RecordScanner} copies blocks of legacy records from: a buffer, or a file's positional reads. */
@FunctionalInterface
interface RecordBlocks {
    /** Copies {@code len} bytes at offset {@code pos} of the content into {@code dst}. */
    void copy(int pos, byte[] dst, int len);
}
