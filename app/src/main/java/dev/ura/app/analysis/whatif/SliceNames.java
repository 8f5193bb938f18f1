package dev.ura.app.analysis.whatif;

import dev.ura.trace.model.MethodInfo;
import dev.ura.trace.model.Trace;

import java.util.List;

/**
 * The names a what-if pattern is matched against for a slice, so that one pattern means the same
 * work in an agent log and in a method trace of the same app (docs/cli.md, "What-if patterns"):
 * <ul>
 * <li>every slice answers to its own name: {@code pkg.Class.method} for a call or an agent-log
 *     {@code METHOD} interval, {@code KIND} or {@code KIND:name} for other agent-log intervals;</li>
 * <li>an agent-log interval also answers to its bare {@code KIND} ({@code DISPATCH_MSG} matches
 *     {@code DISPATCH_MSG:run}), and a {@code METHOD} interval to {@code METHOD} and
 *     {@code METHOD:pkg.Class.method};</li>
 * <li>a call of a method trace also answers to {@code METHOD:pkg.Class.method}: in a method trace
 *     every call is a recorded method.</li>
 * </ul>
 * An agent log's intervals become calls whose class is empty, except {@code METHOD} intervals
 * whose name has a class ({@code AgentLogAssembler}); that is how the two are told apart here.
 */
public final class SliceNames {
    private static final String METHOD = "METHOD";

    private final boolean agentLog;

    public SliceNames(Trace trace) {
        this.agentLog = "agent-log".equals(trace.metadata().format());
    }

    /** The names a slice of method {@code m} answers to; its own name first. */
    public List<String> of(MethodInfo m) {
        String full = m.fullName();
        if (!agentLog) {
            return List.of(full, METHOD + ":" + full);
        }
        if (!m.className().isEmpty()) {
            return List.of(full, METHOD, METHOD + ":" + full);
        }
        int colon = full.indexOf(':');
        return colon > 0 ? List.of(full, full.substring(0, colon)) : List.of(full);
    }
}
