package dev.ura.trace.chrome;

import dev.ura.trace.io.TraceFormatException;
import dev.ura.trace.model.CallTable;
import dev.ura.trace.model.EventKind;
import dev.ura.trace.model.EventTable;
import dev.ura.trace.model.MethodInfo;
import dev.ura.trace.model.MethodTable;
import dev.ura.trace.model.ThreadTrack;
import dev.ura.trace.model.Trace;
import dev.ura.trace.model.TraceMetadata;
import dev.ura.trace.util.LongIntMap;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Collects parsed Trace Events into ura's model: slices become calls per (pid, tid) thread, flow
 * events become hand-offs ({@code s} → {@code SEND_MSG}, {@code f} → {@code DISPATCH_MSG} of the
 * slice it binds to, {@code t} → both, identity = the flow id), instants become events, and
 * {@code M} events name threads and processes.
 */
final class ChromeTraceBuilder {
    private static final int MAX_LINE_WARNINGS = 100;

    private final String source;
    private final MethodTable.Builder methods = new MethodTable.Builder();
    private final Map<String, Integer> methodIndex = new HashMap<>();
    private final LongIntMap pidIndex = new LongIntMap();
    private final List<LongIntMap> tidIndex = new ArrayList<>();
    private final Map<String, Long> textTids = new HashMap<>();
    private final List<ThreadSlices> threads = new ArrayList<>();
    private final Map<Long, String> processNames = new LinkedHashMap<>();
    private final List<ChromeMarks.Mark> marks = new ArrayList<>();
    private final Map<Character, Long> ignoredPhases = new TreeMap<>();
    private final List<String> warnings = new ArrayList<>();
    private int lineWarnings;
    private long suppressed;
    private long records;
    private long unmatchedEnds;
    private long metadataEvents;

    ChromeTraceBuilder(String source) {
        this.source = source;
    }

    /** Adds a warning, counting rather than keeping it once there are many. */
    void warn(String w) {
        if (lineWarnings < MAX_LINE_WARNINGS) {
            warnings.add(w);
            lineWarnings++;
        } else {
            suppressed++;
        }
    }

    void accept(ChromeEvent e) {
        switch (e.ph) {
            case 'M' -> metadata(e);
            case 'B', 'E', 'X', 'i', 'I', 's', 't', 'f' -> timed(e);
            case 0 -> warn("line " + e.line + ": event without \"ph\" (skipped)");
            default -> ignoredPhases.merge(e.ph, 1L, Long::sum);
        }
    }

    private void metadata(ChromeEvent e) {
        metadataEvents++;
        if ("thread_name".equals(e.name) && e.argName != null) {
            thread(e).name = e.argName;
        } else if ("process_name".equals(e.name) && e.argName != null) {
            processNames.put(e.pid, e.argName);
        }
    }

    private void timed(ChromeEvent e) {
        if (!e.hasTs) {
            warn("line " + e.line + ": '" + e.ph + "' event without a numeric \"ts\" (skipped)");
            return;
        }
        ThreadSlices t = thread(e);
        records++;
        t.records++;
        switch (e.ph) {
            case 'B' -> mark(t, t.begin(method(e), e.tsNs), e);
            case 'E' -> {
                if (t.endInnermost(e.tsNs) < 0) {
                    unmatchedEnds++;
                    warn("line " + e.line + ": 'E' event with no open 'B' on its thread (ignored)");
                }
            }
            case 'X' -> complete(t, e);
            default -> {
                t.touch(e.tsNs);
                if (e.ph != 'i' && e.ph != 'I' && e.id == null) {
                    warn("line " + e.line + ": flow event '" + e.ph + "' without \"id\" (skipped)");
                    return;
                }
                marks.add(ChromeMarks.instant(e, t.index));
            }
        }
    }

    private void complete(ThreadSlices t, ChromeEvent e) {
        long dur = e.durNs;
        if (!e.hasDur) {
            warn("line " + e.line + ": 'X' event without \"dur\" (taken as 0)");
            dur = 0;
        } else if (dur < 0) {
            warn("line " + e.line + ": 'X' event with negative \"dur\" (skipped)");
            return;
        }
        mark(t, t.complete(method(e), e.tsNs, e.tsNs + dur), e);
    }

    /** Slices exported by ura from agent logs carry their event in {@code args.kind}. */
    private void mark(ThreadSlices t, int slice, ChromeEvent e) {
        if (e.argKind != null) {
            marks.add(ChromeMarks.interval(e, t.index, slice));
        }
    }

    private int method(ChromeEvent e) {
        String name = e.name == null || e.name.isEmpty() ? "(unnamed)" : e.name;
        String key = e.argSignature == null ? name : name + '\0' + e.argSignature;
        Integer i = methodIndex.get(key);
        if (i == null) {
            i = methods.define(new MethodInfo(methods.size(), "", name, e.argSignature, null, -1));
            methodIndex.put(key, i);
        }
        return i;
    }

    private ThreadSlices thread(ChromeEvent e) {
        long tid = e.tid;
        if (e.tidText != null) {
            tid = textTids.computeIfAbsent(e.tidText, k -> (long) -(textTids.size() + 2));
        }
        int p = pidIndex.get(e.pid);
        if (p < 0) {
            p = tidIndex.size();
            pidIndex.put(e.pid, p);
            tidIndex.add(new LongIntMap());
        }
        int t = tidIndex.get(p).get(tid);
        if (t < 0) {
            t = threads.size();
            tidIndex.get(p).put(tid, t);
            ThreadSlices s = new ThreadSlices(e.pid, tid, t);
            s.name = e.tidText;
            threads.add(s);
        }
        return threads.get(t);
    }

    Trace build() throws TraceFormatException {
        if (records == 0 && metadataEvents == 0) {
            throw TraceFormatException.ofFile(source, warnings.isEmpty()
                    ? "no trace events with a time (B/E/X/i/s/t/f)"
                    : "no valid trace event; first problem: " + warnings.get(0), null);
        }
        List<ThreadTrack> tracks = new ArrayList<>();
        List<CallTable> tables = new ArrayList<>();
        int[] cut = new int[1];
        int open = 0;
        for (ThreadSlices t : threads) {
            open += t.closeOpen();
            tables.add(t.nest(cut));
        }
        boolean manyProcesses = pidIndex.size() > 1;
        int main = mainThread();
        for (int i = 0; i < threads.size(); i++) {
            ThreadSlices t = threads.get(i);
            tracks.add(new ThreadTrack(t.tid, threadName(t, manyProcesses), i == main, t.records, tables.get(i)));
        }
        EventTable events = ChromeMarks.events(marks, threads, tables);
        summarize(open, cut[0]);
        if (records == 0) {
            warnings.add("no events with a time: only metadata (thread / process names)");
        }
        Map<String, String> props = new LinkedHashMap<>();
        processNames.forEach((pid, name) -> props.put("process." + pid, name));
        long pid = pidIndex.size() == 1 && !threads.isEmpty() ? threads.get(0).pid : -1;
        TraceMetadata meta = new TraceMetadata("chrome-json", "trace-event", 0, null, null, pid, -1, props);
        return new Trace(source, meta, methods.build(), tracks, events, List.of(), records, warnings);
    }

    private void summarize(int open, int cut) {
        if (suppressed > 0) {
            warnings.add(suppressed + " more problems not listed");
        }
        if (open > 0) {
            warnings.add(open + " 'B' events never ended; closed at their thread's last event");
        }
        if (cut > 0) {
            warnings.add(cut + " slices overlapped their parent's end and were cut there");
        }
        if (unmatchedEnds > MAX_LINE_WARNINGS) {
            warnings.add(unmatchedEnds + " 'E' events had no open 'B'");
        }
        if (!ignoredPhases.isEmpty()) {
            StringBuilder sb = new StringBuilder("ignored events of phases not shown as calls:");
            ignoredPhases.forEach((ph, n) -> sb.append(' ').append(ph).append('×').append(n));
            warnings.add(sb.toString());
        }
    }

    /** The thread named {@code main}, else the first process's thread whose tid is its pid, else none. */
    private int mainThread() {
        for (int i = 0; i < threads.size(); i++) {
            if ("main".equalsIgnoreCase(threads.get(i).name) || "CrBrowserMain".equals(threads.get(i).name)) {
                return i;
            }
        }
        for (int i = 0; i < threads.size(); i++) {
            if (threads.get(i).tid == threads.get(i).pid && threads.get(i).size() > 0) {
                return i;
            }
        }
        return -1;
    }

    private String threadName(ThreadSlices t, boolean manyProcesses) {
        String name = t.name != null ? t.name : ThreadTrack.unnamed(t.tid);
        if (!manyProcesses) {
            return name;
        }
        String process = processNames.getOrDefault(t.pid, "pid " + t.pid);
        return process + "/" + name;
    }
}
