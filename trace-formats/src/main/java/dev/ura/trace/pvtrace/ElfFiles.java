package dev.ura.trace.pvtrace;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/** The little of the ELF header the symbolizer needs. */
final class ElfFiles {
    private static final int ET_DYN = 3;

    private ElfFiles() {
    }

    /**
     * Whether the binary is position-independent (ELF type {@code ET_DYN}: a PIE executable or a
     * shared library), whose symbols are relative to the load base. {@code false} when the file is
     * not ELF.
     */
    static boolean isPositionIndependent(Path binary) throws IOException {
        byte[] h = new byte[18];
        if (!Files.isRegularFile(binary)) {
            return false; // a FIFO or device would block or never end; only a regular file is a binary
        }
        try (InputStream in = Files.newInputStream(binary)) {
            if (in.readNBytes(h, 0, h.length) < h.length) {
                return false;
            }
        }
        if (h[0] != 0x7F || h[1] != 'E' || h[2] != 'L' || h[3] != 'F') {
            return false;
        }
        boolean bigEndian = h[5] == 2;
        int type = bigEndian ? ((h[16] & 0xFF) << 8) | (h[17] & 0xFF) : ((h[17] & 0xFF) << 8) | (h[16] & 0xFF);
        return type == ET_DYN;
    }
}
