package dev.ura.trace.ftrace;

import dev.ura.trace.system.SystemTraceBuilder;

import java.nio.charset.StandardCharsets;

/**
 * The {@code PROCESS DUMP} part of systrace HTML: the {@code ps} listings catapult's systrace
 * adds after the trace, the only place that has full process names (ftrace's comm column keeps 15
 * characters, {@code ndroid.launcher}). Two tables, each after its header line:
 * <pre>
 * USER PID PPID VSZ RSS WCHAN PC S NAME [COMM]   (ps -A -o …: one row per process)
 * USER PID TID CMD                               (ps -A -T -o …: one row per thread)
 * </pre>
 * A process row names process PID (NAME, the package for apps) with its parent; a thread row
 * puts thread TID in process PID and names it CMD. Rows that do not parse are counted and skipped.
 */
final class ProcessDump implements LineStream.Sink {
    private enum Table { NONE, PROCESSES, THREADS }

    private final SystemTraceBuilder builder;
    private Table table = Table.NONE;
    private long processes;
    private long threads;

    ProcessDump(SystemTraceBuilder builder) {
        this.builder = builder;
    }

    long processes() {
        return processes;
    }

    long threads() {
        return threads;
    }

    @Override
    public void line(byte[] b, int from, int to, long lineNo) {
        String s = new String(b, from, to - from, StandardCharsets.UTF_8).strip();
        if (s.isEmpty() || s.startsWith("PROCESS DUMP")) {
            return;
        }
        String[] t = s.split("\\s+");
        if (t.length >= 4 && t[0].equals("USER") && t[1].equals("PID")) {
            table = t[2].equals("PPID") ? Table.PROCESSES : t[2].equals("TID") ? Table.THREADS : Table.NONE;
            return;
        }
        switch (table) {
            case PROCESSES -> {
                long pid = t.length >= 9 ? FtraceEvents.number(t[1]) : -1;
                long ppid = t.length >= 9 ? FtraceEvents.number(t[2]) : -1;
                if (pid <= 0 || ppid < 0) {
                    builder.count("process dump rows that do not parse (skipped)");
                    return;
                }
                builder.process(pid, ppid, t[8]);
                processes++;
            }
            case THREADS -> {
                long pid = FtraceEvents.number(t[1]);
                long tid = FtraceEvents.number(t[2]);
                if (pid <= 0 || tid <= 0) {
                    builder.count("process dump rows that do not parse (skipped)");
                    return;
                }
                // CMD may contain spaces: everything after the TID column.
                int cmd = s.indexOf(t[3], s.indexOf(t[2], s.indexOf(t[1], t[0].length()) + t[1].length())
                        + t[2].length());
                builder.tgid(tid, pid);
                builder.threadName(tid, Long.MIN_VALUE, s.substring(cmd));
                threads++;
            }
            default -> builder.count("process dump lines outside a USER PID … table (skipped)");
        }
    }
}
