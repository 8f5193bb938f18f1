package dev.ura.trace.testing;

import dev.ura.trace.model.BlockStat;
import dev.ura.trace.model.CallTable;
import dev.ura.trace.model.EventTable;
import dev.ura.trace.model.ThreadTrack;
import dev.ura.trace.model.Trace;
import dev.ura.trace.model.TraceMetadata;

/**
 * A trace as plain text for golden files: what the file says about itself, every thread with its
 * calls (pre-order, indented by depth, times in ns, CPU times when the trace has them), every
 * event, every named block and every warning. Small enough to review by eye, so the expected
 * files can be written from the fixture and the format notes, not copied from ura's output.
 */
public final class GoldenDump {
    private GoldenDump() {
    }

    public static String of(Trace t) {
        TraceMetadata m = t.metadata();
        StringBuilder sb = new StringBuilder();
        sb.append("format ").append(m.format()).append(" / ").append(m.variant()).append(" / version ")
                .append(m.version()).append(" / clock ").append(m.clock()).append(" / vm ").append(m.vm())
                .append(" / pid ").append(m.pid()).append(" / start ").append(m.startTimeNs()).append('\n');
        sb.append("records ").append(t.records()).append(", methods ").append(t.methods().size())
                .append(", threads ").append(t.threads().size()).append('\n');
        for (ThreadTrack th : t.threads()) {
            CallTable c = th.calls();
            sb.append("thread ").append(th.id()).append(' ').append(th.name()).append(th.main() ? " (main)" : "")
                    .append(": ").append(th.records()).append(" records, ").append(c.size()).append(" calls\n");
            for (int i = 0; i < c.size(); i++) {
                sb.append("  ").append("  ".repeat(c.depth(i))).append(t.methods().get(c.method(i)).fullName())
                        .append(' ').append(c.start(i)).append("..").append(c.end(i));
                if (c.hasCpuTime()) {
                    sb.append(" cpu ").append(c.cpuStart(i)).append("..").append(c.cpuEnd(i));
                }
                sb.append('\n');
            }
        }
        EventTable e = t.events();
        for (int i = 0; i < e.size(); i++) {
            sb.append("event ").append(e.kindName(i)).append(" thread ").append(t.threads().get(e.thread(i)).id())
                    .append(' ').append(e.start(i));
            if (e.isInterval(i)) {
                sb.append("..").append(e.end(i));
            }
            if (e.identity(i) != null) {
                sb.append(" id ").append(e.identity(i));
            }
            if (e.name(i) != null) {
                sb.append(" name ").append(e.name(i));
            }
            sb.append('\n');
        }
        for (BlockStat b : t.blocks()) {
            sb.append("block ").append(b.name()).append(": ").append(b.count()).append(" x, total ").append(b.totalNs())
                    .append(", min ").append(b.minNs()).append(", max ").append(b.maxNs()).append('\n');
        }
        for (String w : t.warnings()) {
            sb.append("warning ").append(w).append('\n');
        }
        return sb.toString();
    }
}
