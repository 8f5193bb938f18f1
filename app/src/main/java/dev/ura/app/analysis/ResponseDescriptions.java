package dev.ura.app.analysis;

import dev.ura.app.analysis.model.RequestFulfilment;
import dev.ura.app.analysis.model.Response;
import dev.ura.app.analysis.model.ResponseDescription;
import dev.ura.app.analysis.model.ResponseDescription.Engine;
import dev.ura.app.analysis.model.ResponseWork;
import dev.ura.app.analysis.model.SystemWork;
import dev.ura.trace.model.EventTable;

import java.util.Locale;

/** Builds the {@link ResponseDescription} of a response from what its front half recorded. */
final class ResponseDescriptions {
    private ResponseDescriptions() {
    }

    /**
     * A system trace's response: its frame, and the reason recorded when no frame ends it. One set
     * by hand ends where the user said, not at a frame, though its path is still the system walk's.
     */
    static ResponseDescription system(Response r, SystemWork w) {
        return new ResponseDescription(Engine.SYSTEM, !r.setByHand(), w.drawnAtNs(), w.vsyncId(), w.onScreenAtNs(),
                r.finished() ? null : w.unfinishedReason());
    }

    /** A method trace's or agent log's response; the reason is worked out only when unfinished. */
    static ResponseDescription method(Response r, ResponseWork work, EventTable events) {
        return new ResponseDescription(Engine.METHOD, false, -1, -1, -1, r.finished() ? null : unfinished(work, events));
    }

    /**
     * Why a method-trace or agent-log response is unfinished: {@code its work requested an update
     * at 60.2 ms, after the trace's last frame (16.0 ms)}, or, when frames came later but none drew
     * it, {@code ... that no later frame drew}. One pass over the events: only for unfinished ones.
     */
    private static String unfinished(ResponseWork work, EventTable events) {
        long request = Long.MAX_VALUE;
        for (RequestFulfilment f : work.fulfilments()) {
            if (f.drawEvent() < 0) {
                request = Math.min(request, events.start(f.requestEvent()));
            }
        }
        if (request == Long.MAX_VALUE) {
            return "a requested update was never drawn";
        }
        long lastFrame = Long.MIN_VALUE;
        for (int e = 0; e < events.size(); e++) {
            if (events.kind(e).isFulfilment()) {
                lastFrame = Math.max(lastFrame, events.start(e));
            }
        }
        String asked = "its work requested an update at " + ms(request);
        return lastFrame < request ? asked + ", after the trace's last frame"
                + (lastFrame == Long.MIN_VALUE ? " (the trace has none)" : " (" + ms(lastFrame) + ")")
                : asked + " that no later frame drew";
    }

    /** Milliseconds, one decimal, as the report texts write them. */
    private static String ms(long ns) {
        return String.format(Locale.ROOT, "%.1f ms", ns / 1e6);
    }
}
