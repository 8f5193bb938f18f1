package dev.ura.samples.timeline;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * One generated method call: its method, its wall and thread-CPU interval (ns, always whole
 * microseconds so both output forms carry the same times), its callees in order and the agent-log
 * events it stands for. Mutable while a simulation builds it, read-only afterwards by convention.
 */
public final class CallNode {
    private final MethodRef method;
    private final long startNs;
    private final long cpuStartNs;
    private long endNs;
    private long cpuEndNs;
    private final List<CallNode> children = new ArrayList<>();
    private final List<AgentEvent> events = new ArrayList<>();

    public CallNode(MethodRef method, long startNs, long cpuStartNs) {
        this.method = method;
        this.startNs = startNs;
        this.cpuStartNs = cpuStartNs;
        this.endNs = startNs;
        this.cpuEndNs = cpuStartNs;
    }

    public MethodRef method() {
        return method;
    }

    public long startNs() {
        return startNs;
    }

    public long endNs() {
        return endNs;
    }

    public long cpuStartNs() {
        return cpuStartNs;
    }

    public long cpuEndNs() {
        return cpuEndNs;
    }

    /** Closes the call. */
    public void close(long wallNs, long cpuNs) {
        if (wallNs < startNs || cpuNs < cpuStartNs) {
            throw new IllegalStateException(method.fullName() + " would end before it starts");
        }
        endNs = wallNs;
        cpuEndNs = cpuNs;
    }

    public void addChild(CallNode child) {
        children.add(child);
    }

    public void addEvent(AgentEvent event) {
        events.add(event);
    }

    /** Callees in call order (unmodifiable view). */
    public List<CallNode> children() {
        return Collections.unmodifiableList(children);
    }

    /** Agent-log events this call stands for (unmodifiable view), outermost first. */
    public List<AgentEvent> events() {
        return Collections.unmodifiableList(events);
    }
}
