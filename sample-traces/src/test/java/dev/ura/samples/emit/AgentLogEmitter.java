package dev.ura.samples.emit;

import dev.ura.samples.timeline.AgentEvent;
import dev.ura.samples.timeline.CallNode;
import dev.ura.samples.timeline.Timeline;
import dev.ura.samples.timeline.TimelineThread;
import dev.ura.trace.agentlog.AgentLogWriter;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes a timeline as an agent log (JSON Lines): the META line (marked as generated), one THREAD
 * line per thread, then the events the calls stand for in time order. Calls without events (most
 * of them) are left out, as an on-device agent records only the framework events.
 */
public final class AgentLogEmitter {

    private AgentLogEmitter() {
    }

    private record Line(long ts, int order, long tid, AgentEvent event, boolean begin, boolean end) {
    }

    /** The whole log. */
    public static String write(Timeline timeline, String sample) {
        StringBuilder out = new StringBuilder(1 << 16);
        AgentLogWriter w = AgentLogWriter.jsonLines(out);
        Map<String, Object> meta = new LinkedHashMap<>();
        meta.put("app", timeline.app());
        meta.put("device", "simulated");
        meta.put("os", "Android 8.1 (API 27)");
        meta.put("generated", "dev.ura.samples.SampleGenerator (simulated, not recorded on a device)");
        meta.put("sample", sample);
        meta.putAll(timeline.properties());
        w.meta(meta);
        List<Line> lines = new ArrayList<>();
        for (TimelineThread t : timeline.threads()) {
            w.thread(t.tid(), t.name(), t.main());
            for (CallNode root : t.roots()) {
                collect(root, t.tid(), lines);
            }
        }
        lines.sort(Comparator.comparingLong(Line::ts).thenComparingInt(Line::order));
        for (Line l : lines) {
            AgentEvent e = l.event;
            if (l.end) {
                w.end(l.ts, l.tid, e.kind()).write();
                continue;
            }
            AgentLogWriter.Line line = l.begin ? w.begin(l.ts, l.tid, e.kind()) : w.instant(l.ts, l.tid, e.kind());
            e.fields().forEach(line::field);
            line.write();
        }
        return out.toString();
    }

    private static void collect(CallNode c, long tid, List<Line> out) {
        for (AgentEvent e : c.events()) {
            out.add(new Line(c.startNs(), out.size(), tid, e, e.interval(), false));
        }
        for (CallNode child : c.children()) {
            collect(child, tid, out);
        }
        List<AgentEvent> events = c.events();
        for (int i = events.size() - 1; i >= 0; i--) {
            if (events.get(i).interval()) {
                out.add(new Line(c.endNs(), out.size(), tid, events.get(i), false, true));
            }
        }
    }
}
