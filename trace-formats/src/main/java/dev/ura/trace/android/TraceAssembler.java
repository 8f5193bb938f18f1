package dev.ura.trace.android;

import dev.ura.trace.model.CallTable;
import dev.ura.trace.model.Clock;
import dev.ura.trace.model.EventTable;
import dev.ura.trace.model.MethodTable;
import dev.ura.trace.model.ThreadTrack;
import dev.ura.trace.model.Trace;
import dev.ura.trace.model.TraceMetadata;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The last step shared by the legacy and streaming decoders: names the threads, picks the main
 * one, turns repair counts into warning lines and builds the immutable {@link Trace}.
 */
final class TraceAssembler {
    private TraceAssembler() {
    }

    /** What a decoder found, ready to assemble. */
    record Parts(String source, String variant, DataHeader header, Clock clock, Map<String, String> properties,
                 Map<Long, String> threadNames, List<ThreadCalls> threads, long records, List<CallTable> tables,
                 MethodTable.Builder methods, MethodResolver resolver, List<String> warnings) {
    }

    /** What the threads are called and what was repaired: shared by the reader and the one-pass scan. */
    record Described(List<Long> ids, List<String> names, int mainIndex, TraceMetadata metadata, List<String> warnings) {
    }

    static Trace assemble(Parts p) {
        Described d = describe(p.variant(), p.header(), p.clock(), p.properties(), p.threadNames(),
                p.threads(), p.resolver(), p.warnings());
        List<ThreadCalls> calls = p.threads();
        List<ThreadTrack> tracks = new ArrayList<>(calls.size());
        for (int i = 0; i < calls.size(); i++) {
            tracks.add(new ThreadTrack(d.ids().get(i), d.names().get(i), i == d.mainIndex(), calls.get(i).records,
                    p.tables().get(i)));
        }
        return new Trace(p.source(), d.metadata(), p.methods().build(), tracks, EventTable.empty(), List.of(),
                p.records(), d.warnings());
    }

    /**
     * Names the threads (in {@code calls} order), picks the main one, and appends to the decoder's
     * warnings one line per kind of repair made while decoding.
     */
    static Described describe(String variant, DataHeader header, Clock clock, Map<String, String> properties,
                              Map<Long, String> threadNames, List<ThreadCalls> calls, MethodResolver r,
                              List<String> decoderWarnings) {
        long pid = parseLong(properties.get("pid"));
        long mask = header.version() == 1 ? 0xFFL : 0xFFFFL;
        Map<Long, Long> truncatedIds = truncatedIds(threadNames, mask);
        List<Long> ids = new ArrayList<>();
        List<String> names = new ArrayList<>();
        List<Long> unnamed = new ArrayList<>();
        int mainIndex = -1;
        int pidIndex = -1;
        for (ThreadCalls t : calls) {
            long id = t.key;
            String name = threadNames.get(id);
            if (name == null && truncatedIds.containsKey(id)) {
                // ART <= 13 writes u16-truncated Linux tids in records but full ones in *threads.
                id = truncatedIds.get(id);
                name = threadNames.get(id);
            }
            if (name == null) {
                name = ThreadTrack.unnamed(id);
                unnamed.add(id);
            }
            if (mainIndex < 0 && name.equals("main")) {
                mainIndex = ids.size();
            }
            if (pidIndex < 0 && pid >= 0 && id == pid) {
                pidIndex = ids.size();
            }
            ids.add(id);
            names.add(name);
        }
        if (mainIndex < 0) {
            mainIndex = pidIndex;
        }
        RepairLog log = new RepairLog();
        for (int i = 0; i < calls.size(); i++) {
            ThreadCalls t = calls.get(i);
            String name = names.get(i);
            log.add(RepairLog.Kind.UNMATCHED_EXIT, name, t.synthetic);
            log.add(RepairLog.Kind.MISMATCHED_EXIT, name, t.popped);
            log.add(RepairLog.Kind.ORPHAN_EXIT, name, t.dropped);
            log.add(RepairLog.Kind.ACTION_3, name, t.action3);
            log.add(RepairLog.Kind.OPEN_AT_END, name, t.openAtEnd);
            log.add(RepairLog.Kind.BACKWARDS, name, t.backwards);
            log.add(RepairLog.Kind.CPU_BACKWARDS, name, t.cpuBackwards);
            log.add(RepairLog.Kind.WRAP, name, t.wraps);
        }
        List<String> warnings = new ArrayList<>(decoderWarnings);
        warnings.addAll(log.lines());
        if (r.aliased() > 0) {
            warnings.add(r.aliased() + " method id" + plural(r.aliased()) + " never defined; named after the definition"
                    + " at id+4 (ART <= 13 proxy methods)");
        }
        if (r.unknown() > 0) {
            warnings.add(r.unknown() + " method id" + plural(r.unknown()) + " used by records but never defined;"
                    + " named \"unknown 0x…\"");
        }
        if (!unnamed.isEmpty()) {
            warnings.add(unnamed.size() + " thread" + plural(unnamed.size()) + " with records but no name: "
                    + join(unnamed) + "; named \"thread <id>\"");
        }
        long startUs = header.startTimeUs();
        TraceMetadata metadata = new TraceMetadata("android-trace", variant, header.version(), clock,
                properties.get("vm"), pid, startUs >= 0 && startUs <= Long.MAX_VALUE / 1000 ? startUs * 1000 : -1,
                properties);
        return new Described(ids, names, mainIndex, metadata, warnings);
    }

    /** Record id → full id, for listed ids too big for the record field (only when unambiguous). */
    private static Map<Long, Long> truncatedIds(Map<Long, String> names, long mask) {
        Map<Long, Long> map = new HashMap<>();
        Map<Long, Integer> seen = new HashMap<>();
        for (long id : names.keySet()) {
            if (id > mask) {
                map.put(id & mask, id);
                seen.merge(id & mask, 1, Integer::sum);
            }
        }
        seen.forEach((k, n) -> {
            if (n > 1 || names.containsKey(k)) {
                map.remove(k);
            }
        });
        return map;
    }

    static long parseLong(String text) {
        if (text == null) {
            return -1;
        }
        try {
            return Long.parseLong(text.trim());
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    static String plural(long n) {
        return n == 1 ? "" : "s";
    }

    private static String join(List<Long> ids) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < ids.size(); i++) {
            if (i == 8) {
                return sb.append(", …").toString();
            }
            sb.append(i == 0 ? "" : ", ").append(ids.get(i));
        }
        return sb.toString();
    }
}
