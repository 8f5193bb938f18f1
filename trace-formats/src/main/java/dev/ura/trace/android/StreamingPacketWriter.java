package dev.ura.trace.android;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The streaming side of {@link AndroidTraceWriter}: method and thread packets written once, before
 * their first use, and ART 14's per-thread record chunks (each preceded by the packets of the
 * methods it uses first).
 */
final class StreamingPacketWriter {
    static final int NEW_METHOD = 1;
    static final int NEW_THREAD = 2;
    static final int SUMMARY = 3;

    private final AndroidTraceWriter writer;
    private final Set<Long> announcedMethods = new LinkedHashSet<>();
    private final Set<Long> announcedThreads = new LinkedHashSet<>();
    private final Map<Long, Chunk> chunks = new LinkedHashMap<>();

    StreamingPacketWriter(AndroidTraceWriter writer) {
        this.writer = writer;
    }

    List<Long> announced() {
        return new ArrayList<>(announcedMethods);
    }

    void announce(long id, ByteSink out) {
        String line = writer.methodLine(id);
        if (line == null || !announcedMethods.add(id)) {
            return;
        }
        byte[] text = line.getBytes(StandardCharsets.UTF_8);
        out.u2(0);
        out.u1(NEW_METHOD);
        out.u2(text.length);
        out.bytes(text);
    }

    /** Writes the packets due before a record and returns where the record goes. */
    ByteSink beforeRecord(long threadId, long methodId, ByteSink body) {
        long id = methodId & ~3L;
        if (writer.chunkRecords() <= 0) {
            announce(id, body);
            announceThread(threadId, body);
            return body;
        }
        Chunk chunk = chunks.get(threadId);
        if (chunk == null) {
            announceThread(threadId, body);
            chunk = new Chunk();
            chunks.put(threadId, chunk);
        }
        chunk.methods.add(id);
        chunk.count++;
        return chunk.records;
    }

    void afterRecord(long threadId, ByteSink body) {
        Chunk chunk = chunks.get(threadId);
        if (chunk != null && chunk.count >= writer.chunkRecords()) {
            flush(chunk, body);
        }
    }

    void flushAll(ByteSink body) {
        for (Chunk chunk : chunks.values()) {
            flush(chunk, body);
        }
    }

    private void flush(Chunk chunk, ByteSink body) {
        for (long id : chunk.methods) {
            announce(id, body);
        }
        body.moveFrom(chunk.records);
        chunk.methods.clear();
        chunk.count = 0;
    }

    private void announceThread(long threadId, ByteSink out) {
        String name = writer.threadName(threadId);
        if (name == null || !announcedThreads.add(threadId)) {
            return;
        }
        byte[] text = name.getBytes(StandardCharsets.UTF_8);
        out.u2(0);
        out.u1(NEW_THREAD);
        out.u2((int) threadId);
        out.u2(text.length);
        out.bytes(text);
    }

    private static final class Chunk {
        final ByteSink records = new ByteSink();
        final Set<Long> methods = new LinkedHashSet<>();
        int count;
    }
}
