package dev.ura.trace.pvtrace;

import dev.ura.trace.io.Progress;
import dev.ura.trace.io.TraceFormatException;
import dev.ura.trace.util.LongIntMap;

import java.nio.ByteBuffer;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One pass over a {@code -finstrument-functions} trace: numbers functions in first-seen order,
 * builds each thread's calls, and collects module lines and per-line warnings.
 */
final class PvtraceParse {
    private final String source;
    private final PvtraceLine line = new PvtraceLine();
    private final LongIntMap functionIndex = new LongIntMap();
    private final LongIntMap threadIndex = new LongIntMap();
    private final List<ThreadCalls> threads = new ArrayList<>();
    private final List<Module> modules = new ArrayList<>();
    private final List<String> warnings = new ArrayList<>();
    private long[] addresses = new long[256];
    private int functions;
    private long records;
    private long lineNo;
    private int lineWarnings;
    private int suppressed;
    private String firstProblem;
    private Boolean timed;
    private boolean extended;
    private long untimedInTimed;
    private long backwards;
    private long forcedExits;

    PvtraceParse(String source) {
        this.source = source;
    }

    void run(ByteBuffer data, Progress progress) throws TraceFormatException {
        int limit = data.limit();
        int from = data.position();
        while (from < limit) {
            int to = from;
            while (to < limit && data.get(to) != '\n') {
                to++;
            }
            lineNo++;
            line.decode(data, from, to);
            handle();
            from = to + 1;
            if ((lineNo & 0xFFFF) == 0) {
                progress.update(from, limit);
                progress.checkCancelled();
            }
        }
        if (records == 0) {
            throw TraceFormatException.ofFile(source, firstProblem != null
                    ? "no valid enter/exit line; first problem: " + firstProblem
                    : "no enter/exit lines (E0x… / X0x…)", null);
        }
        finish();
    }

    private void handle() {
        switch (line.type) {
            case MODULE -> addModule();
            case ENTER, EXIT -> event();
            case BAD -> warnLine(line.problem);
            default -> { }
        }
    }

    private void addModule() {
        try {
            modules.add(new Module(line.moduleBase, Path.of(line.modulePath)));
        } catch (InvalidPathException e) {
            warnLine("module path is not a valid path: " + e.getMessage());
        }
    }

    private void event() {
        if (timed == null) {
            timed = line.hasTime;
        }
        extended |= line.hasThread;
        long tid = line.hasThread ? line.thread : 0;
        ThreadCalls t = thread(tid);
        long time;
        if (!timed) {
            time = records;
        } else if (!line.hasTime) {
            untimedInTimed++;
            time = t.lastTime;
        } else if (line.time < t.lastTime) {
            backwards++;
            time = t.lastTime;
        } else {
            time = line.time;
        }
        records++;
        t.records++;
        t.lastTime = time;
        int fn = function(line.function);
        if (line.type == PvtraceLine.Type.ENTER) {
            t.enter(fn, time);
        } else {
            int forced = t.exit(fn, time);
            if (forced < 0) {
                warnLine("exit of 0x" + Long.toHexString(line.function) + " without a matching entry (ignored)");
            } else if (forced > 0) {
                forcedExits += forced;
            }
        }
    }

    private ThreadCalls thread(long tid) {
        int i = threadIndex.get(tid);
        if (i >= 0) {
            return threads.get(i);
        }
        ThreadCalls t = new ThreadCalls(tid, !timed ? records : line.hasTime ? line.time : 0);
        threadIndex.put(tid, threads.size());
        threads.add(t);
        return t;
    }

    private int function(long address) {
        int i = functionIndex.get(address);
        if (i >= 0) {
            return i;
        }
        if (functions == addresses.length) {
            addresses = Arrays.copyOf(addresses, functions * 2);
        }
        addresses[functions] = address;
        functionIndex.put(address, functions);
        return functions++;
    }

    private void warnLine(String problem) {
        String w = "line " + lineNo + ": " + problem;
        if (firstProblem == null) {
            firstProblem = w;
        }
        if (lineWarnings < PvtraceReader.maxLineWarnings()) {
            warnings.add(w);
            lineWarnings++;
        } else {
            suppressed++;
        }
    }

    private void finish() {
        if (suppressed > 0) {
            warnings.add(suppressed + " more bad lines skipped");
        }
        if (forcedExits > 0) {
            warnings.add(forcedExits + " calls closed by an exit of their caller (missing exit lines)");
        }
        long open = 0;
        for (ThreadCalls t : threads) {
            open += t.closeAll();
        }
        if (open > 0) {
            warnings.add(open + " calls still open at the end of the trace, closed at their thread's last event");
        }
        if (untimedInTimed > 0) {
            warnings.add(untimedInTimed + " events without a time took their thread's previous time");
        }
        if (backwards > 0) {
            warnings.add(backwards + " events went back in time on their thread and were clamped");
        }
        for (ThreadCalls t : threads) {
            if (t.maxDepth() > Short.MAX_VALUE) {
                warnings.add("thread " + t.tid + " nests " + t.maxDepth() + " deep; depths beyond "
                        + Short.MAX_VALUE + " are stored as " + Short.MAX_VALUE);
            }
        }
    }

    boolean timed() {
        return timed != null && timed;
    }

    boolean extended() {
        return extended;
    }

    long records() {
        return records;
    }

    List<ThreadCalls> threads() {
        return threads;
    }

    List<Module> modules() {
        return modules;
    }

    List<String> warnings() {
        return warnings;
    }

    long[] addresses() {
        return Arrays.copyOf(addresses, functions);
    }

    int functionCount() {
        return functions;
    }
}
