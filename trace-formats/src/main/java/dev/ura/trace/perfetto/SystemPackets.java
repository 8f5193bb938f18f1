package dev.ura.trace.perfetto;

import dev.ura.trace.system.SystemTraceBuilder;

import java.util.Map;

/** The packets that say what runs where: the process tree and the system's description. */
final class SystemPackets {
    private SystemPackets() {
    }

    /** A ProcessTree: processes (pid, parent, command line) and threads (tid, tgid, name) at {@code ts}. */
    static void processTree(Pb pb, SystemTraceBuilder b, long ts) {
        b.record();
        while (pb.more()) {
            int f = pb.field();
            if (f == 1 && pb.wire == 2) {
                int outer = pb.enter();
                long pid = -1;
                long ppid = -1;
                String cmd = null;
                while (pb.more()) {
                    int g = pb.field();
                    switch (g) {
                        case 1 -> pid = (int) pb.varintOrSkip();
                        case 2 -> ppid = (int) pb.varintOrSkip();
                        case 3 -> {
                            String s = pb.stringOrSkip();
                            if (cmd == null) {
                                cmd = s;
                            }
                        }
                        default -> pb.skip();
                    }
                }
                pb.exit(outer);
                b.process(pid, ppid, cmd);
            } else if (f == 2 && pb.wire == 2) {
                int outer = pb.enter();
                long tid = -1;
                long tgid = -1;
                String name = null;
                while (pb.more()) {
                    int g = pb.field();
                    switch (g) {
                        case 1 -> tid = (int) pb.varintOrSkip();
                        case 3 -> tgid = (int) pb.varintOrSkip();
                        case 2 -> name = pb.stringOrSkip();
                        default -> pb.skip();
                    }
                }
                pb.exit(outer);
                if (tid > 0) {
                    b.tgid(tid, tgid);
                    b.threadName(tid, ts == Long.MIN_VALUE ? Long.MIN_VALUE : ts, name);
                }
            } else {
                pb.skip();
            }
        }
    }

    /** A SystemInfo: the kernel release to the builder, uname, build, SDK and CPU count to {@code props}. */
    static void systemInfo(Pb pb, SystemTraceBuilder b, Map<String, String> props) {
        b.record();
        while (pb.more()) {
            int f = pb.field();
            if (f == 1 && pb.wire == 2) {
                int outer = pb.enter();
                while (pb.more()) {
                    int g = pb.field();
                    if (g == 3 && pb.wire == 2) {
                        b.kernelRelease(pb.string());
                    } else if (g == 1 && pb.wire == 2) {
                        props.put("kernel.sysname", pb.string());
                    } else if (g == 4 && pb.wire == 2) {
                        props.put("kernel.machine", pb.string());
                    } else {
                        pb.skip();
                    }
                }
                pb.exit(outer);
            } else if (f == 2 && pb.wire == 2) {
                props.put("android.build", pb.string());
            } else if (f == 5 && pb.wire == 0) {
                props.put("android.sdk", Long.toString(pb.varint()));
            } else if (f == 8 && pb.wire == 0) {
                props.put("cpus", Long.toString(pb.varint()));
            } else {
                pb.skip();
            }
        }
    }
}
