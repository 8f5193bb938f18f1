package dev.ura.trace.io;

import java.nio.ByteBuffer;

/** Test access to the package-private inflaters with a small ceiling. */
public final class TraceFilesAccess {
    private TraceFilesAccess() {
    }

    public static ByteBuffer inflate(String name, byte[] data, long limit) throws TraceFormatException {
        return ZstdStreams.isZstd(ByteBuffer.wrap(data)) ? ZstdStreams.inflateFile(name, ByteBuffer.wrap(data), limit)
                : TraceFiles.inflate(name, ByteBuffer.wrap(data), limit);
    }
}
