package dev.ura.trace.conformance;

import dev.ura.trace.io.TraceFiles;
import dev.ura.trace.model.CallTable;
import dev.ura.trace.model.Trace;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/** The same counts as {@link OfficialDecoder}, taken from what ura's reader built. */
record UraCounts(Trace trace, long packets, int clockPairs, int actualFrames, int surfaceFrames,
                 Map<Long, Integer> slicesPerThread, TreeSet<Long> threads, Map<Long, List<String>> slices) {

    static UraCounts of(String name, byte[] file) throws Exception {
        Trace t = TraceFiles.read(name, ByteBuffer.wrap(file), null);
        Map<Long, Integer> per = new TreeMap<>();
        Map<Long, List<String>> slices = new TreeMap<>();
        TreeSet<Long> tids = new TreeSet<>();
        for (int i = 0; i < t.threads().size(); i++) {
            long tid = t.system().threads().get(i).tid();
            tids.add(tid);
            CallTable c = t.threads().get(i).calls();
            if (c.size() > 0) {
                per.put(tid, c.size());
                List<String> s = new ArrayList<>();
                for (int k = 0; k < c.size(); k++) {
                    s.add(t.methods().get(c.method(k)).name() + " " + c.start(k) + "-" + c.end(k));
                }
                s.sort(null);
                slices.put(tid, s);
            }
        }
        int actual = (int) t.system().timeline().stream().count();
        int surface = (int) t.system().timeline().stream().filter(f -> !f.display()).count();
        return new UraCounts(t, Long.parseLong(t.metadata().property("packets")), t.system().clocks().size(), actual,
                surface, per, tids, slices);
    }

    int sliceCount() {
        return slicesPerThread.values().stream().mapToInt(Integer::intValue).sum();
    }
}
