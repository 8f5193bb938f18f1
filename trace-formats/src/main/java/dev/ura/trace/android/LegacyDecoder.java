package dev.ura.trace.android;

import dev.ura.trace.io.MappedInput;
import dev.ura.trace.io.Progress;
import dev.ura.trace.io.TraceFormatException;
import dev.ura.trace.model.CallTable;
import dev.ura.trace.model.Clock;
import dev.ura.trace.model.MethodTable;
import dev.ura.trace.model.Trace;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * Decodes a legacy (non-streaming) trace: the key section, the 'SLOW' data header that must agree
 * with it, then fixed-size records up to the end of the file (a trailing partial record is
 * ignored with a warning).
 */
final class LegacyDecoder {
    private LegacyDecoder() {
    }

    static Trace decode(String source, ByteBuffer buf, Progress progress) throws TraceFormatException {
        return decode(source, buf, null, progress, RecordScanner.PARALLEL_MIN_RECORDS);
    }

    /**
     * As {@link #decode(String, ByteBuffer, Progress)}, with the records copied from {@code file}
     * (which {@code buf} maps; {@code null}: from {@code buf}).
     */
    static Trace decode(String source, ByteBuffer buf, MappedInput file, Progress progress)
            throws TraceFormatException {
        return decode(source, buf, file, progress, RecordScanner.PARALLEL_MIN_RECORDS);
    }

    /** What precedes the records: the key section and the data header that agrees with it. */
    record Prelude(KeySection keys, DataHeader header, Clock clock, int idBytes, MethodTable.Builder methods,
                   List<String> warnings) {
    }

    /** As {@link #decode(String, ByteBuffer, Progress)}, decoding on two threads from {@code parallelMinRecords}. */
    static Trace decode(String source, ByteBuffer buf, Progress progress, long parallelMinRecords)
            throws TraceFormatException {
        return decode(source, buf, null, progress, parallelMinRecords);
    }

    private static Trace decode(String source, ByteBuffer buf, MappedInput file, Progress progress,
                                long parallelMinRecords) throws TraceFormatException {
        Prelude p = prelude(source, buf);
        List<String> warnings = p.warnings();
        DataHeader header = p.header();
        RecordScanner scanner = new RecordScanner(buf, header.recordsStart(), header.recordSize(), p.idBytes(),
                progress);
        scanner.parallelFrom(parallelMinRecords);
        if (file != null) {
            scanner.readRecordsFrom(file);
        }
        MethodResolver resolver = new MethodResolver(p.methods(), false);
        scanner.countPass(resolver);
        afterRecords(scanner.partialBytes(), scanner.end(), scanner.records(), p);
        List<CallTable> tables = scanner.buildPass(p.clock(), resolver);
        return TraceAssembler.assemble(new TraceAssembler.Parts(source, "legacy", header, p.clock(),
                p.keys().properties(), p.keys().threads(), scanner.threads(), scanner.records(), tables, p.methods(),
                resolver, warnings));
    }

    /** Reads and checks the key section and the data header (everything but the records). */
    static Prelude prelude(String source, ByteBuffer buf) throws TraceFormatException {
        List<String> warnings = new ArrayList<>();
        MethodTable.Builder methods = new MethodTable.Builder();
        KeySection keys = KeySection.parse(source, buf, 0, buf.limit(), methods, warnings);
        if (DataHeader.isV2Format(keys.version())) {
            throw TraceFormatException.atOffset(source, 9, "unsupported variant (ART V2 format, version "
                    + keys.version() + ")");
        }
        if (keys.version() < 1 || keys.version() > 3) {
            throw TraceFormatException.atOffset(source, 9, "unknown *version " + keys.version()
                    + " (expected 1, 2 or 3)");
        }
        DataHeader header = DataHeader.read(source, buf, keys.end(), "data header");
        if (header.rawVersion() != keys.version()) {
            throw TraceFormatException.atOffset(source, header.at() + 4, "data header version " + header.rawVersion()
                    + " does not match *version " + keys.version());
        }
        Clock clock = clockOf(keys.properties().get("clock"), header, warnings);
        int idBytes = header.version() == 1 ? 1 : 2;
        int needed = idBytes + 4 + (clock == Clock.DUAL ? 8 : 4);
        if (header.recordSize() < needed) {
            throw TraceFormatException.atOffset(source, header.at() + 16, "record size " + header.recordSize()
                    + " is too small for clock=" + clock.label() + " (" + needed + " bytes needed)");
        }
        if ("true".equals(keys.properties().get("data-file-overflow"))) {
            warnings.add("data-file-overflow=true: the VM's trace buffer filled up and later events were not"
                    + " recorded");
        }
        return new Prelude(keys, header, clock, idBytes, methods, warnings);
    }

    /** The warnings about the data section as a whole, once its records are read. */
    static void afterRecords(int partialBytes, int end, long records, Prelude p) {
        List<String> warnings = p.warnings();
        if (partialBytes > 0) {
            warnings.add(partialBytes + " byte" + TraceAssembler.plural(partialBytes)
                    + " after the last whole record ignored (at byte " + end + ")");
        }
        long declared = TraceAssembler.parseLong(p.keys().properties().get("num-method-calls"));
        if (declared >= 0 && declared != records) {
            warnings.add("num-method-calls=" + declared + " but the data section holds " + records
                    + " records");
        }
    }

    /** The clock= value, or (absent or unknown) what the record size implies, with a warning. */
    static Clock clockOf(String text, DataHeader header, List<String> warnings) {
        Clock clock = Clock.parse(text);
        if (clock != null) {
            if (clock == Clock.DUAL && header.version() < 3) {
                warnings.add("clock=dual but version " + header.version() + " records hold one time;"
                        + " read as thread-cpu");
                return Clock.THREAD_CPU;
            }
            return clock;
        }
        Clock inferred = header.version() == 3 && header.recordSize() >= 14 ? Clock.DUAL : Clock.THREAD_CPU;
        warnings.add((text == null ? "no clock= line" : "unknown clock=" + text) + "; assuming " + inferred.label()
                + " from the " + header.recordSize() + "-byte records");
        return inferred;
    }
}
