package dev.ura.app.ui.system;

import dev.ura.trace.model.Trace;
import dev.ura.trace.model.system.ProcessInfo;
import dev.ura.trace.model.system.SystemTrace;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The processes a user can pick in a system trace: the app (the process with the input or the
 * launch) first, then the others by how many slices their threads have, then by pid; plus "all".
 */
final class ProcessChoices {
    private ProcessChoices() {
    }

    /** One entry of the picker; {@code pid} -1 means every process. */
    record Choice(long pid, String label) {
        @Override
        public String toString() {
            return label;
        }
    }

    static List<Choice> of(Trace trace) {
        SystemTrace s = trace.system();
        long app = trace.metadata().pid();
        Map<Long, Integer> slices = new HashMap<>();
        Map<Long, Integer> threads = new HashMap<>();
        for (int t = 0; t < s.threads().size(); t++) {
            long pid = s.threads().get(t).tgid();
            slices.merge(pid, trace.threads().get(t).calls().size(), Integer::sum);
            threads.merge(pid, 1, Integer::sum);
        }
        List<ProcessInfo> ps = new ArrayList<>(s.processes());
        ps.removeIf(p -> !threads.containsKey(p.pid()));
        ps.sort(Comparator.<ProcessInfo>comparingInt(p -> p.pid() == app ? 0 : 1)
                .thenComparing(p -> -slices.getOrDefault(p.pid(), 0))
                .thenComparingLong(ProcessInfo::pid));
        List<Choice> out = new ArrayList<>();
        for (ProcessInfo p : ps) {
            String name = p.name().isEmpty() ? "pid " + p.pid() : p.name();
            out.add(new Choice(p.pid(), name + " (" + p.pid() + ", " + threads.get(p.pid()) + " threads)"
                    + (p.pid() == app ? " · app" : "")));
        }
        out.add(new Choice(-1, "All processes (" + s.threads().size() + " threads)"));
        return out;
    }

    /** A thread as the note beside the picker names it: {@code name tid (process)}. */
    static String label(Trace trace, int t) {
        SystemTrace s = trace.system();
        String name = trace.threads().get(t).name();
        long pid = s.threads().get(t).tgid();
        String process = s.process(pid).map(ProcessInfo::name).filter(n -> !n.isEmpty()).orElse("pid " + pid);
        return name + " " + s.threads().get(t).tid() + " (" + process + ")";
    }

    /** Whether thread {@code t} belongs to the choice. */
    static boolean shows(Trace trace, Choice c, int t) {
        return t < trace.system().threads().size() && (c.pid() < 0 || trace.system().threads().get(t).tgid() == c.pid());
    }
}
