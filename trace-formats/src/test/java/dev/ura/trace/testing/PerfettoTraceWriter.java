package dev.ura.trace.testing;

import dev.ura.trace.testing.SystemTraceScript.Ev;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.Deflater;
import java.util.zip.GZIPOutputStream;

/**
 * Writes a {@link SystemTraceScript} as a Perfetto protobuf trace the way the tracing service
 * does: SystemInfo, clock snapshots, a process dump, ftrace bundles per CPU (interleaved across
 * CPUs, each CPU's events in order; scheduler events in full or compact form) and FrameTimeline
 * packets written after the frames. Field numbers are those of the format reference.
 */
public final class PerfettoTraceWriter {
    /** How to lay the trace out. */
    public record Options(boolean compact, boolean compressed, boolean gzip, int bundleSize, boolean clocksAtEnd) {
        public static Options plain() {
            return new Options(false, false, false, 4, false);
        }

        public Options withCompact() {
            return new Options(true, compressed, gzip, bundleSize, clocksAtEnd);
        }

        public Options withCompressed() {
            return new Options(compact, true, gzip, bundleSize, clocksAtEnd);
        }

        public Options withGzip() {
            return new Options(compact, compressed, true, bundleSize, clocksAtEnd);
        }
    }

    private static final int SEQ_FTRACE = 1;
    private static final int SEQ_SF = 2;

    private PerfettoTraceWriter() {
    }

    /** The raw prev_state of a kernel ≥ 4.14 for a letter. */
    public static long prevState(String letter) {
        return switch (letter) {
            case "R" -> 0;
            case "R+" -> 0x100;
            case "S" -> 1;
            case "D" -> 2;
            case "X" -> 0x10;
            case "I" -> 0x80;
            default -> throw new IllegalArgumentException(letter);
        };
    }

    public static byte[] write(SystemTraceScript s, Options o) {
        List<byte[]> packets = new ArrayList<>();
        packets.add(packet(SEQ_FTRACE, -1, new ProtoWriter().message(45, new ProtoWriter()
                .message(1, new ProtoWriter().string(1, "Linux").string(3, s.kernelRelease).string(4, "aarch64"))
                .varint(5, 34).varint(8, 8))));
        List<byte[]> clocks = new ArrayList<>();
        for (long[] c : s.clocks) {
            clocks.add(packet(SEQ_FTRACE, -1, new ProtoWriter().message(6, new ProtoWriter()
                    .message(1, new ProtoWriter().varint(1, 6).varint(2, c[1]))
                    .message(1, new ProtoWriter().varint(1, 3).varint(2, c[0]))
                    .message(1, new ProtoWriter().varint(1, 1).varint(2, c[1] + 1_700_000_000_000_000_000L))
                    .varint(2, 6))));
        }
        if (!o.clocksAtEnd()) {
            packets.addAll(clocks);
        }
        packets.add(processTree(s));
        packets.addAll(ftrace(s, o));
        packets.addAll(timeline(s));
        if (o.clocksAtEnd()) {
            packets.addAll(clocks);
        }
        byte[] body = o.compressed() ? compressed(packets) : concat(packets);
        return o.gzip() ? gzip(body) : body;
    }

    /** A TracePacket (#8 timestamp when ts ≥ 0, #10 sequence) framed as {@code Trace.packet}. */
    public static byte[] packet(int seq, long ts, ProtoWriter payload) {
        ProtoWriter p = new ProtoWriter();
        if (ts >= 0) {
            p.varint(8, ts);
        }
        p.raw(payload.toByteArray());
        p.varint(10, seq);
        return new ProtoWriter().message(1, p).toByteArray();
    }

    public static byte[] concat(List<byte[]> packets) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        packets.forEach(out::writeBytes);
        return out.toByteArray();
    }

    private static byte[] processTree(SystemTraceScript s) {
        ProtoWriter tree = new ProtoWriter();
        for (Map.Entry<Long, String> p : s.processes.entrySet()) {
            tree.message(1, new ProtoWriter().varint(1, p.getKey()).varint(2, 1).string(3, p.getValue()));
        }
        for (Map.Entry<Long, Long> t : s.tgids.entrySet()) {
            if (!t.getKey().equals(t.getValue())) {
                tree.message(2, new ProtoWriter().varint(1, t.getKey()).varint(3, t.getValue()));
            }
        }
        return packet(SEQ_FTRACE, -1, new ProtoWriter().message(2, tree));
    }

    private static List<byte[]> ftrace(SystemTraceScript s, Options o) {
        Map<Integer, List<Ev>> byCpu = new LinkedHashMap<>();
        s.events.stream().sorted(Comparator.comparingLong(Ev::ts))
                .forEach(e -> byCpu.computeIfAbsent(e.cpu(), k -> new ArrayList<>()).add(e));
        List<List<byte[]>> perCpu = new ArrayList<>();
        for (Map.Entry<Integer, List<Ev>> e : byCpu.entrySet()) {
            List<byte[]> bundles = new ArrayList<>();
            List<Ev> evs = e.getValue();
            for (int i = 0; i < evs.size(); i += o.bundleSize()) {
                bundles.add(bundle(e.getKey(), evs.subList(i, Math.min(evs.size(), i + o.bundleSize())), o.compact()));
            }
            perCpu.add(bundles);
        }
        List<byte[]> out = new ArrayList<>();
        for (int round = 0; ; round++) {
            boolean any = false;
            for (List<byte[]> b : perCpu) {
                if (round < b.size()) {
                    out.add(b.get(round));
                    any = true;
                }
            }
            if (!any) {
                return out;
            }
        }
    }

    private static byte[] bundle(int cpu, List<Ev> evs, boolean compact) {
        ProtoWriter b = new ProtoWriter().varint(1, cpu);
        List<Ev> switches = new ArrayList<>();
        List<Ev> wakings = new ArrayList<>();
        for (Ev e : evs) {
            if (compact && e.kind() == SystemTraceScript.Kind.SWITCH) {
                switches.add(e);
            } else if (compact && e.kind() == SystemTraceScript.Kind.WAKING) {
                wakings.add(e);
            } else {
                b.message(2, event(e));
            }
        }
        if (compact && (!switches.isEmpty() || !wakings.isEmpty())) {
            b.message(4, compactSched(switches, wakings));
        }
        return packet(SEQ_FTRACE, -1, new ProtoWriter().message(1, b));
    }

    private static ProtoWriter compactSched(List<Ev> switches, List<Ev> wakings) {
        List<String> intern = new ArrayList<>();
        ProtoWriter c = new ProtoWriter();
        long[] ts = new long[switches.size()];
        long[] state = new long[switches.size()];
        long[] next = new long[switches.size()];
        long[] prio = new long[switches.size()];
        long[] comm = new long[switches.size()];
        long last = 0;
        for (int i = 0; i < switches.size(); i++) {
            Ev e = switches.get(i);
            ts[i] = e.ts() - last;
            last = e.ts();
            state[i] = prevState(e.state());
            next[i] = e.b();
            prio[i] = 120;
            comm[i] = intern(intern, e.b() == 0 ? "swapper/" + e.cpu() : e.s2());
        }
        long[] wts = new long[wakings.size()];
        long[] wpid = new long[wakings.size()];
        long[] wcpu = new long[wakings.size()];
        long[] wprio = new long[wakings.size()];
        long[] wcomm = new long[wakings.size()];
        long[] wflags = new long[wakings.size()];
        last = 0;
        for (int i = 0; i < wakings.size(); i++) {
            Ev e = wakings.get(i);
            wts[i] = e.ts() - last;
            last = e.ts();
            wpid[i] = e.a();
            wcpu[i] = e.b();
            wprio[i] = 120;
            wcomm[i] = intern(intern, e.s1());
            wflags[i] = e.irq() ? 0x10 : 0;
        }
        for (String s : intern) {
            c.string(5, s);
        }
        return c.packed(1, ts).packed(2, state).packed(3, next).packed(4, prio).packed(6, comm)
                .packed(7, wts).packed(8, wpid).packed(9, wcpu).packed(10, wprio).packed(11, wcomm).packed(12, wflags);
    }

    private static int intern(List<String> table, String s) {
        int i = table.indexOf(s);
        if (i < 0) {
            table.add(s);
            i = table.size() - 1;
        }
        return i;
    }

    private static ProtoWriter event(Ev e) {
        ProtoWriter ev = new ProtoWriter().varint(1, e.ts()).varint(2, e.tid());
        switch (e.kind()) {
            case SWITCH -> ev.message(4, new ProtoWriter().string(1, e.tid() == 0 ? "swapper/" + e.cpu() : e.comm())
                    .varint(2, e.tid()).varint(3, 120).varint(4, prevState(e.state()))
                    .string(5, e.b() == 0 ? "swapper/" + e.cpu() : e.s2()).varint(6, e.b()).varint(7, 120));
            case WAKING -> ev.message(20, new ProtoWriter().string(1, e.s1()).varint(2, e.a()).varint(3, 120)
                    .varint(4, 1).varint(5, e.b()));
            case WAKEUP_NEW -> ev.message(114, new ProtoWriter().string(1, e.s1()).varint(2, e.a()).varint(3, 120)
                    .varint(4, 1).varint(5, e.b()));
            case PRINT -> ev.message(3, new ProtoWriter().varint(1, 0xffffffc0_1234_5678L).string(2, e.s1() + "\n"));
            case NEWTASK -> ev.message(235, new ProtoWriter().varint(1, e.a()).string(2, e.s1()).varint(3, e.b())
                    .varint(4, -1000L));
            case RENAME -> ev.message(236, new ProtoWriter().varint(1, e.a()).string(2, e.s2()).string(3, e.s1())
                    .varint(4, 0));
            case BINDER_TX -> ev.message(50, new ProtoWriter().varint(1, e.a()).varint(2, 5).varint(3, e.b())
                    .varint(4, e.c()).varint(5, e.d()).varint(6, e.e() & 0xFFFF_FFFFL).varint(7, e.e() >>> 32));
            case BINDER_RX -> ev.message(51, new ProtoWriter().varint(1, e.a()));
            case BLOCKED -> ev.message(18, new ProtoWriter().varint(1, e.a()).varint(2, e.b()).varint(3, e.c()));
            default -> throw new IllegalArgumentException(e.kind().name());
        }
        return ev;
    }

    private static List<byte[]> timeline(SystemTraceScript s) {
        List<byte[]> out = new ArrayList<>();
        long cookie = 1;
        for (SystemTraceScript.Timeline t : s.timeline) {
            if (!t.display() && t.expectedStart() >= 0) {
                ProtoWriter exp = new ProtoWriter().varint(1, cookie).varint(2, t.token()).varint(3, t.displayToken())
                        .varint(4, t.pid()).string(5, "com.example/MainActivity#0");
                out.add(clocked(t.expectedStart(), new ProtoWriter().message(76, new ProtoWriter().message(3, exp))));
                cookie++;
            }
            ProtoWriter start = t.display()
                    ? new ProtoWriter().varint(1, cookie).varint(2, t.token()).varint(3, t.pid()).varint(4, t.presentType())
                    : new ProtoWriter().varint(1, cookie).varint(2, t.token()).varint(3, t.displayToken())
                            .varint(4, t.pid()).string(5, "com.example/MainActivity#0").varint(6, t.presentType());
            out.add(clocked(t.start(), new ProtoWriter().message(76, new ProtoWriter().message(t.display() ? 2 : 4, start))));
            out.add(clocked(t.end(), new ProtoWriter().message(76, new ProtoWriter().message(5, new ProtoWriter().varint(1, cookie)))));
            cookie++;
        }
        return out;
    }

    private static byte[] clocked(long ts, ProtoWriter payload) {
        ProtoWriter p = new ProtoWriter().varint(8, ts).raw(payload.toByteArray()).varint(10, SEQ_SF).varint(58, 6);
        return new ProtoWriter().message(1, p).toByteArray();
    }

    /** Packs packets three at a time into zlib {@code compressed_packets} containers. */
    public static byte[] compressed(List<byte[]> packets) {
        List<byte[]> out = new ArrayList<>();
        for (int i = 0; i < packets.size(); i += 3) {
            byte[] inner = concat(packets.subList(i, Math.min(packets.size(), i + 3)));
            out.add(new ProtoWriter().message(1, new ProtoWriter().bytes(50, zlib(inner))).toByteArray());
        }
        return concat(out);
    }

    public static byte[] zlib(byte[] data) {
        Deflater d = new Deflater();
        d.setInput(data);
        d.finish();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buf = new byte[4096];
        while (!d.finished()) {
            out.write(buf, 0, d.deflate(buf));
        }
        d.end();
        return out.toByteArray();
    }

    public static byte[] gzip(byte[] data) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream g = new GZIPOutputStream(out)) {
            g.write(data);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }
}
