package dev.ura.samples.demo;

import java.io.FileOutputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.util.zip.GZIPOutputStream;

/** The feed's offline copy: the raw feed, gzip-compressed, written and synced to one file. */
public final class CacheStore {
    private final Path file;

    public CacheStore(Path file) {
        this.file = file;
    }

    /** Replaces the cached copy with {@code feed}. */
    public void write(byte[] feed) throws IOException {
        try (FileOutputStream out = new FileOutputStream(file.toFile());
             GZIPOutputStream gz = new GZIPOutputStream(out, 1 << 16)) {
            gz.write(feed);
            gz.finish();
            out.getFD().sync();
        }
    }
}
