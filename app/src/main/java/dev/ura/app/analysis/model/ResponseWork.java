package dev.ura.app.analysis.model;

import dev.ura.trace.model.EventTable;
import dev.ura.trace.model.Trace;

import java.util.BitSet;
import java.util.List;

/**
 * What response detection hands to the dependency-graph builder: one response with the events
 * of its tracked work. Event indices refer to {@code events}.
 *
 * @param trace        the trace
 * @param events       the agent-log events, or the events derived from a method trace by the rules
 * @param links        every hand-off link of the trace (send → dispatch), with how it was made
 * @param response     the response
 * @param triggerEvent the USER_INPUT / START_ACTIVITY event that started it
 * @param tracked      events of its tracked work: the trigger, tracked dispatches, and the sends,
 *                     requests and I/O inside them
 * @param fulfilments  each request its tracked work made, with the draw that fulfilled it
 * @param endEvent     the draw that ends the response, or -1
 */
public record ResponseWork(Trace trace, EventTable events, List<Link> links, Response response, int triggerEvent,
                           EventSet tracked, List<RequestFulfilment> fulfilments, int endEvent) {
    public ResponseWork {
        links = List.copyOf(links);
        fulfilments = List.copyOf(fulfilments);
    }

    /** The same with the tracked events given as the set bits of {@code tracked}. */
    public ResponseWork(Trace trace, EventTable events, List<Link> links, Response response, int triggerEvent,
                        BitSet tracked, List<RequestFulfilment> fulfilments, int endEvent) {
        this(trace, events, links, response, triggerEvent, EventSet.of(tracked), fulfilments, endEvent);
    }
}
