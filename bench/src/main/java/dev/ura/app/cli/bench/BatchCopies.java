package dev.ura.app.cli.bench;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The second workload of {@code bench batch}: many copies of one large method trace, as a lab's
 * nightly runs of one scenario. {@code ura batch} skips a trace whose content hash is already in
 * the store, so the copies must differ: copy {@code i} has its last record's wall-clock time
 * {@code i} µs later. A legacy dual-clock trace ends with its last record, whose last four bytes
 * are that time (little-endian µs); a later time for the last record keeps the file valid (times
 * never go backwards) and changes the analysis by at most {@code i} µs at the end of the trace.
 */
final class BatchCopies {
    private BatchCopies() {
    }

    /** Writes {@code copies} variants of a generated {@code megabytes} MB trace into {@code dir}; returns dir. */
    static Path write(Path dir, int copies, int megabytes) throws IOException {
        Files.createDirectories(dir);
        Path original = dir.resolve("copy-0.trace");
        BenchTraceGenerator.write(original, megabytes * 1_000_000L, 7);
        for (int i = 1; i < copies; i++) {
            Path copy = dir.resolve("copy-" + i + ".trace");
            Files.copy(original, copy);
            delayLastRecord(copy, i);
        }
        return dir;
    }

    private static void delayLastRecord(Path file, int micros) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            ByteBuffer wall = ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN);
            long at = ch.size() - 4;
            ch.read(wall, at);
            wall.flip();
            long us = Integer.toUnsignedLong(wall.getInt()) + micros;
            wall.clear();
            wall.putInt((int) us).flip();
            ch.write(wall, at);
        }
    }
}
