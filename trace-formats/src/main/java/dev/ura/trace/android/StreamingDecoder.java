package dev.ura.trace.android;

import dev.ura.trace.io.MappedInput;
import dev.ura.trace.io.Progress;
import dev.ura.trace.io.TraceFormatException;
import dev.ura.trace.model.CallTable;
import dev.ura.trace.model.Clock;
import dev.ura.trace.model.Trace;

import java.nio.ByteBuffer;
import java.util.List;

/**
 * Decodes a streaming trace (header version 0xF1..0xF3): records interleaved with method, thread
 * and summary packets ({@link StreamingPackets}). The clock is only known from the summary at the
 * end, so records are decoded in the second pass; without a summary (a killed process) the clock
 * is inferred from the record size (14 bytes can only be dual) and a warning says the file looks
 * truncated.
 */
final class StreamingDecoder {
    /** Bytes read at a time (from the file, or copied from the buffer). */
    static final int BLOCK_BYTES = 1 << 20;

    private StreamingDecoder() {
    }

    /**
     * Decodes {@code buf} (little-endian, offset 0 = the file's first byte when {@code file} is
     * given) in blocks copied to the heap; with {@code file}, read from it rather than through
     * the mapping {@code buf}, whose pages would stay resident beside the call tables.
     */
    static Trace decode(String source, ByteBuffer buf, MappedInput file, Progress progress)
            throws TraceFormatException {
        return decode(source, buf, file == null ? null : file::read, BLOCK_BYTES, progress);
    }

    /** As above, the content read from {@code blocks} (null: from {@code buf}) {@code blockBytes} at a time. */
    static Trace decode(String source, ByteBuffer buf, RecordBlocks blocks, int blockBytes, Progress progress)
            throws TraceFormatException {
        DataHeader header = StreamingPackets.header(source, buf);
        ByteWindow w = blocks == null ? ByteWindow.of(buf, blockBytes) : new ByteWindow(blocks, buf.limit(), blockBytes);
        StreamingPackets packets = new StreamingPackets(source, w, header);
        StreamingRecords records = new StreamingRecords(w, header.recordsStart(), header.recordSize(),
                StreamingPackets.idBytes(header), progress);
        records.countPass(packets);
        Clock clock = packets.afterCount(records);
        MethodResolver resolver = new MethodResolver(packets.methods, true);
        boolean dual = clock == Clock.DUAL;
        RecordScanner.startTables(records.threads(), dual, resolver, resolver);
        records.applyPass(packets::skip, dual);
        List<CallTable> tables = RecordScanner.finishTables(records.threads());
        return TraceAssembler.assemble(new TraceAssembler.Parts(source, "streaming", header, clock,
                packets.properties(), packets.names, records.threads(), records.records(), tables, packets.methods,
                resolver, packets.warnings));
    }
}
