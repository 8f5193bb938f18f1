package dev.ura.trace.testing;

import dev.ura.trace.testing.SystemTraceScript.Ev;

import java.util.Comparator;
import java.util.List;

/**
 * Writes a {@link SystemTraceScript} as ftrace text the way the kernel prints it (right-aligned
 * task column, optional TGID column, flags, seconds with 6 decimals, {@code TP_printk} arguments),
 * and wrapped in systrace HTML, modern or legacy.
 */
public final class SystraceWriter {
    private SystraceWriter() {
    }

    /** ftrace text; times must be whole microseconds. */
    public static String text(SystemTraceScript s, boolean tgidColumn) {
        StringBuilder out = new StringBuilder("# tracer: nop\n#\n# entries-in-buffer/entries-written: ")
                .append(s.events.size()).append('/').append(s.events.size()).append("   #P:")
                .append(s.events.stream().mapToInt(Ev::cpu).max().orElse(1) + 1).append("\n#\n");
        out.append(tgidColumn ? "#           TASK-PID    TGID   CPU#  ||||    TIMESTAMP  FUNCTION\n"
                : "#           TASK-PID     CPU#  ||||    TIMESTAMP  FUNCTION\n");
        out.append("#              | |        |      |   ||||       |         |\n");
        List<Ev> evs = s.events.stream().sorted(Comparator.comparingLong(Ev::ts)).toList();
        for (Ev e : evs) {
            String comm = e.tid() == 0 ? "<idle>" : e.comm();
            out.append(String.format("%16s-%-5d ", comm, e.tid()));
            if (tgidColumn) {
                long g = e.tid() == 0 ? -1 : s.tgid(e.tid());
                out.append(g < 0 ? "(-----) " : String.format("(%5d) ", g));
            }
            String flags = e.irq() ? "d.h3" : e.kind() == SystemTraceScript.Kind.PRINT ? "...1" : "d..2";
            out.append(String.format("[%03d] %s %5d.%06d: ", e.cpu(), flags, e.ts() / 1_000_000_000L,
                    (e.ts() % 1_000_000_000L) / 1000));
            out.append(body(e)).append('\n');
        }
        return out.toString();
    }

    private static String body(Ev e) {
        return switch (e.kind()) {
            case SWITCH -> "sched_switch: prev_comm=" + (e.tid() == 0 ? "swapper/" + e.cpu() : e.comm())
                    + " prev_pid=" + e.tid() + " prev_prio=120 prev_state=" + e.state() + " ==> next_comm="
                    + (e.b() == 0 ? "swapper/" + e.cpu() : e.s2()) + " next_pid=" + e.b() + " next_prio=120";
            case WAKING -> "sched_waking: comm=" + e.s1() + " pid=" + e.a() + " prio=120 target_cpu="
                    + String.format("%03d", e.b());
            case WAKEUP_NEW -> "sched_wakeup_new: comm=" + e.s1() + " pid=" + e.a() + " prio=120 target_cpu="
                    + String.format("%03d", e.b());
            case PRINT -> "tracing_mark_write: " + e.s1();
            case NEWTASK -> "task_newtask: pid=" + e.a() + " comm=" + e.s1() + " clone_flags=" + Long.toHexString(e.b())
                    + " oom_score_adj=-1000";
            case RENAME -> "task_rename: pid=" + e.a() + " oldcomm=" + e.s2() + " newcomm=" + e.s1() + " oom_score_adj=0";
            case BINDER_TX -> "binder_transaction: transaction=" + e.a() + " dest_node=5 dest_proc=" + e.b()
                    + " dest_thread=" + e.c() + " reply=" + e.d() + " flags=0x" + Long.toHexString(e.e() >>> 32)
                    + " code=0x" + Long.toHexString(e.e() & 0xFFFF_FFFFL);
            case BINDER_RX -> "binder_transaction_received: transaction=" + e.a();
            case BLOCKED -> "sched_blocked_reason: pid=" + e.a() + " iowait=" + e.c() + " caller=" + e.s1();
        };
    }

    /** Modern systrace HTML: the text in a {@code <script class="trace-data">} part, after a JSON part. */
    public static String html(SystemTraceScript s) {
        return "<!DOCTYPE html>\n<html>\n<head><title>systrace</title>\n<script>/* viewer */ var x = '<idle>';</script>\n"
                + "</head><body>\n<!-- BEGIN TRACE -->\n"
                + "  <script class=\"trace-data\" type=\"application/text\">\n{}\n  </script>\n"
                + "  <script class=\"trace-data\" type=\"application/text\">\n" + text(s, true) + "  </script>\n"
                + "<!-- END TRACE -->\n</body>\n</html>\n";
    }

    /** Legacy systrace HTML (≈2012–2015): the text as a JavaScript string with one escaped line per source line. */
    public static String legacyHtml(SystemTraceScript s) {
        StringBuilder out = new StringBuilder("<html>\n<head>\n<script>\n  var linuxPerfData = \"\\\n");
        for (String line : text(s, false).split("\n")) {
            out.append(line.replace("\\", "\\\\").replace("\"", "\\\"")).append("\\n\\\n");
        }
        return out.append("\";\n</script>\n</head>\n</html>\n").toString();
    }
}
