package dev.ura.trace.android;

import dev.ura.trace.io.MappedInput;
import dev.ura.trace.io.Progress;
import dev.ura.trace.io.TraceFormatException;
import dev.ura.trace.model.Clock;

import java.nio.ByteBuffer;
import java.util.List;

/**
 * {@link MethodTraceScan} of a streaming-format trace (header version 0xF1..0xF3): the full
 * reader's two passes ({@link StreamingRecords} with its {@link StreamingPackets}), read from the
 * file in blocks, with each thread's calls handed to a visitor in pass 2 instead of a table. Two
 * passes because the clock, and so the record layout, is only known from the summary at the end
 * (and methods from packets anywhere before it). Pass 1 only steps over records (no table to
 * size, half its time); threads are met and counted in pass 2, in the same order.
 */
final class StreamingFormatScan {
    private StreamingFormatScan() {
    }

    /**
     * Scans the streaming trace {@code mapped} (little-endian, at least 6 bytes) maps, reading it
     * from {@code file} in blocks of {@code blockBytes}; {@code null} for a file the full reader
     * refuses without reading records (not a streaming version) or when the scan was abandoned.
     */
    static MethodTraceSummary scan(String source, ByteBuffer mapped, MappedInput file, MethodTraceScan.Visitors visitors,
                                   int blockBytes) throws TraceFormatException {
        if (!DataHeader.isStreaming(mapped.getShort(4) & 0xFFFF)) {
            return null;
        }
        DataHeader header = StreamingPackets.header(source, mapped);
        ByteWindow w = new ByteWindow(file::read, mapped.limit(), blockBytes);
        StreamingPackets packets = new StreamingPackets(source, w, header);
        StreamingRecords records = new StreamingRecords(w, header.recordsStart(), header.recordSize(),
                StreamingPackets.idBytes(header), Progress.NONE);
        records.skipPass(packets);
        Clock clock = packets.afterCount(records);
        MethodResolver resolver = new MethodResolver(packets.methods, true);
        visitors.methods(i -> packets.methods.get(i).fullName(), packets.methods.size());
        boolean dual = clock == Clock.DUAL;
        List<ThreadCalls> threads = records.threads();
        try {
            // threads are met in pass 2, in order of their first record as the full reader's pass 1 meets them
            records.applyPass(packets::skip, dual, t -> t.startOutput(new VisitorOutput(
                    visitors.thread(threads.size() - 1), RecordScanner.MICROS), resolver, dual));
            for (ThreadCalls t : threads) {
                t.finish();
            }
        } catch (MethodTraceScan.Abandon e) {
            return null;
        }
        if (MethodTraceScan.tooDeep(threads)) {
            return null;
        }
        TraceAssembler.Described d = TraceAssembler.describe("streaming", header, clock, packets.properties(),
                packets.names, threads, resolver, packets.warnings);
        return MethodTraceScan.summary(source, d, packets.methods, threads, records.records());
    }
}
