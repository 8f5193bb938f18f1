package dev.ura.trace.testing;

import dev.ura.trace.model.CallTable;
import dev.ura.trace.model.ThreadTrack;
import dev.ura.trace.model.Trace;
import dev.ura.trace.model.system.CounterTrack;
import dev.ura.trace.model.system.SystemTrace;
import dev.ura.trace.model.system.ThreadStateTable;
import dev.ura.trace.model.system.WakeupTable;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.function.Consumer;

/**
 * Everything a loaded system trace holds, line by line (metadata and properties, methods, every
 * call of every thread, thread identities and names, every thread state and wakeup, binder, flows,
 * frames, FrameTimeline rows, async slices, instants, counters, clocks, warnings), or its SHA-256:
 * two loads of one file built the same model exactly when these are equal.
 */
public final class ModelFingerprint {
    private ModelFingerprint() {
    }

    /** The lines of {@link #lines(Trace, Consumer)} joined (for small traces: a readable diff). */
    public static String text(Trace t) {
        StringBuilder sb = new StringBuilder();
        lines(t, l -> sb.append(l).append('\n'));
        return sb.toString();
    }

    /** SHA-256 of the lines, in hex (for traces too large to hold as text). */
    public static String hash(Trace t) {
        MessageDigest md;
        try {
            md = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        lines(t, l -> {
            md.update(l.getBytes(StandardCharsets.UTF_8));
            md.update((byte) '\n');
        });
        return HexFormat.of().formatHex(md.digest());
    }

    public static void lines(Trace t, Consumer<String> out) {
        out.accept("meta " + t.metadata() + " records " + t.records());
        for (int m = 0; m < t.methods().size(); m++) {
            out.accept("method " + m + " " + t.methods().get(m).fullName());
        }
        for (ThreadTrack th : t.threads()) {
            CallTable c = th.calls();
            out.accept("thread " + th.id() + " " + th.name() + " main " + th.main() + " records " + th.records()
                    + " calls " + c.size());
            for (int i = 0; i < c.size(); i++) {
                out.accept(c.start(i) + " " + c.end(i) + " " + c.method(i) + " " + c.depth(i));
            }
        }
        SystemTrace s = t.system();
        s.processes().forEach(p -> out.accept("process " + p));
        s.threads().forEach(i -> out.accept("info " + i));
        for (ThreadStateTable st : s.states()) {
            out.accept("states " + st.size());
            for (int i = 0; i < st.size(); i++) {
                out.accept(st.start(i) + " " + st.end(i) + " " + st.state(i) + " " + st.cpu(i) + " " + st.waker(i) + " "
                        + st.blockedFunction(i));
            }
        }
        WakeupTable w = s.wakeups();
        out.accept("wakeups " + w.size());
        for (int i = 0; i < w.size(); i++) {
            out.accept(w.time(i) + " " + w.waker(i) + " " + w.wakee(i) + " " + w.targetCpu(i) + " " + w.fromInterrupt(i)
                    + " " + w.newTask(i));
        }
        s.binder().forEach(b -> out.accept("binder " + b));
        s.flows().forEach(f -> out.accept("flow " + f));
        s.frames().forEach(f -> out.accept("frame " + f));
        s.timeline().forEach(f -> out.accept("timeline " + f));
        s.asyncSlices().forEach(a -> out.accept("async " + a));
        s.instants().forEach(i -> out.accept("instant " + i));
        for (CounterTrack c : s.counters()) {
            out.accept("counter " + c.pid() + " " + c.name() + " " + c.size());
            for (int i = 0; i < c.size(); i++) {
                out.accept(c.time(i) + " " + c.value(i));
            }
        }
        out.accept("clocks " + s.clocks().size() + " " + s.clocks().hasMonotonic() + " kernel " + s.kernelRelease()
                + " events " + s.firstEventNs() + ".." + s.lastEventNs());
        t.warnings().forEach(x -> out.accept("warning " + x));
    }
}
