package dev.ura.app.analysis;

import dev.ura.app.analysis.model.Link;
import dev.ura.app.analysis.model.LinkEdits;
import dev.ura.app.analysis.model.LinkKind;
import dev.ura.app.analysis.model.RequestFulfilment;
import dev.ura.app.analysis.model.Response;
import dev.ura.app.analysis.model.ResponseWork;
import dev.ura.trace.model.EventKind;
import dev.ura.trace.model.Trace;
import org.junit.jupiter.api.Test;

import java.util.List;

import static dev.ura.app.analysis.TraceFixtures.ms;
import static org.assertj.core.api.Assertions.assertThat;

/** Known answers of the response rule on agent logs (agent-log-v1.md). */
class AgentLogResponseTest {
    static final String HEADER = TraceFixtures.AGENT_LOG_HEADER;
    static final String EXAMPLE = TraceFixtures.AGENT_LOG_EXAMPLE;

    @Test
    void theSpecExampleEndsAt104ms() {
        Analysis a = Analysis.of(TraceFixtures.agentLog(EXAMPLE));

        assertThat(a.responses()).hasSize(1);
        Response r = a.responses().get(0);
        assertThat(r.trigger()).isEqualTo("onClick");
        assertThat(r.threadName()).isEqualTo("main");
        assertThat(r.startNs()).isEqualTo(ms(1));
        assertThat(r.endNs()).isEqualTo(ms(104));
        assertThat(r.durationNs()).isEqualTo(ms(103));
        assertThat(r.finished()).isTrue();
        assertThat(r.end().kind()).isEqualTo(EventKind.DRAW);
        assertThat(r.end().name()).isEqualTo("view 9");
        assertThat(r.end().threadName()).isEqualTo("main");
        assertThat(a.links()).extracting(Link::via).containsExactly(LinkKind.IDENTITY, LinkKind.IDENTITY);
        assertThat(a.noResponseReason()).isEmpty();
    }

    @Test
    void responseWorkHoldsTheTrackedEventsAndTheirFulfilment() {
        Analysis a = Analysis.of(TraceFixtures.agentLog(EXAMPLE));
        ResponseWork w = a.work(0);

        assertThat(a.events().kind(w.triggerEvent())).isEqualTo(EventKind.USER_INPUT);
        assertThat(w.fulfilments()).hasSize(1);
        RequestFulfilment f = w.fulfilments().get(0);
        assertThat(a.events().kind(f.requestEvent())).isEqualTo(EventKind.INVALIDATE);
        assertThat(f.drawEvent()).isEqualTo(w.endEvent());
        List<EventKind> tracked = w.tracked().stream().mapToObj(a.events()::kind).toList();
        assertThat(tracked).containsExactlyInAnyOrder(EventKind.USER_INPUT, EventKind.SEND_MSG,
                EventKind.DISPATCH_MSG, EventKind.RECV, EventKind.SEND_MSG, EventKind.DISPATCH_MSG,
                EventKind.INVALIDATE);
    }

    @Test
    void followsAChainMainWorkerMainWorkerMain() {
        Trace t = TraceFixtures.agentLog(HEADER + """
                {"ts":1000000,"tid":1,"kind":"USER_INPUT","ph":"B","name":"onClick"}
                {"ts":1100000,"tid":1,"kind":"SEND_MSG","obj":"a","via":"executor"}
                {"ts":1200000,"tid":1,"kind":"USER_INPUT","ph":"E"}
                {"ts":2000000,"tid":12,"kind":"DISPATCH_MSG","ph":"B","obj":"a","name":"run"}
                {"ts":9000000,"tid":12,"kind":"SEND_MSG","obj":"b","via":"handler"}
                {"ts":9100000,"tid":12,"kind":"DISPATCH_MSG","ph":"E"}
                {"ts":10000000,"tid":1,"kind":"DISPATCH_MSG","ph":"B","obj":"b"}
                {"ts":10100000,"tid":1,"kind":"INVALIDATE","view":5}
                {"ts":10200000,"tid":1,"kind":"SEND_MSG","obj":"c","via":"executor"}
                {"ts":10300000,"tid":1,"kind":"DISPATCH_MSG","ph":"E"}
                {"ts":16000000,"tid":1,"kind":"DRAW","ph":"B","view":5}
                {"ts":18000000,"tid":1,"kind":"DRAW","ph":"E"}
                {"ts":20000000,"tid":12,"kind":"DISPATCH_MSG","ph":"B","obj":"c","name":"run"}
                {"ts":50000000,"tid":12,"kind":"SEND_MSG","obj":"d","via":"handler"}
                {"ts":50100000,"tid":12,"kind":"DISPATCH_MSG","ph":"E"}
                {"ts":51000000,"tid":1,"kind":"DISPATCH_MSG","ph":"B","obj":"d"}
                {"ts":51100000,"tid":1,"kind":"INVALIDATE","view":6}
                {"ts":51200000,"tid":1,"kind":"DISPATCH_MSG","ph":"E"}
                {"ts":66000000,"tid":1,"kind":"DRAW","ph":"B","view":6}
                {"ts":70000000,"tid":1,"kind":"DRAW","ph":"E"}
                """);
        Response r = Analysis.of(t).responses().get(0);

        assertThat(r.endNs()).isEqualTo(ms(70));
        assertThat(r.end().name()).isEqualTo("view 6");
        assertThat(r.finished()).isTrue();
    }

    @Test
    void animationsAdRefreshersAndDaemonsDoNotMoveTheEnd() {
        String noise = """
                {"kind":"THREAD","tid":30,"name":"AdRefresher"}
                {"ts":500000,"tid":1,"kind":"INVALIDATE","view":40}
                {"ts":30000000,"tid":30,"kind":"SEND_MSG","obj":"ad","via":"handler"}
                {"ts":95000000,"tid":1,"kind":"DISPATCH_MSG","ph":"B","obj":"ad"}
                {"ts":95100000,"tid":1,"kind":"INVALIDATE","view":41}
                {"ts":95200000,"tid":1,"kind":"DISPATCH_MSG","ph":"E"}
                {"ts":105000000,"tid":1,"kind":"INVALIDATE","view":9}
                {"ts":110000000,"tid":1,"kind":"DRAW","ph":"B","view":41}
                {"ts":112000000,"tid":1,"kind":"DRAW","ph":"E"}
                {"ts":116000000,"tid":1,"kind":"DRAW","ph":"B","view":9}
                {"ts":120000000,"tid":1,"kind":"DRAW","ph":"E"}
                {"ts":116000000,"tid":1,"kind":"DRAW","ph":"B","view":40}
                {"ts":121000000,"tid":1,"kind":"DRAW","ph":"E"}
                """;
        Analysis a = Analysis.of(TraceFixtures.agentLog(EXAMPLE + noise));

        assertThat(a.responses()).hasSize(1);
        assertThat(a.responses().get(0).endNs()).isEqualTo(ms(104));
    }

    @Test
    void aCacheWriteHandedOffAfterTheDataIsShownDoesNotExtendTheResponse() {
        String cacheWrite = """
                {"kind":"THREAD","tid":13,"name":"DiskCache"}
                {"ts":92200000,"tid":1,"kind":"SEND_MSG","obj":"write@1","via":"executor"}
                {"ts":105000000,"tid":13,"kind":"DISPATCH_MSG","ph":"B","obj":"write@1","name":"run"}
                {"ts":105100000,"tid":13,"kind":"WRITE","ph":"B","bytes":4096}
                {"ts":180000000,"tid":13,"kind":"WRITE","ph":"E"}
                {"ts":180100000,"tid":13,"kind":"DISPATCH_MSG","ph":"E"}
                """;
        Analysis a = Analysis.of(TraceFixtures.agentLog(EXAMPLE + cacheWrite));

        Response r = a.responses().get(0);
        assertThat(r.endNs()).isEqualTo(ms(104));
        ResponseWork w = a.work(0);
        assertThat(w.tracked().stream().filter(e -> a.events().kind(e) == EventKind.WRITE)).hasSize(1);
    }

    @Test
    void overlappingResponsesEachKeepTheirOwnWork() {
        Trace t = TraceFixtures.agentLog(HEADER + """
                {"kind":"THREAD","tid":13,"name":"worker 2"}
                {"ts":1000000,"tid":1,"kind":"USER_INPUT","ph":"B","name":"onClick"}
                {"ts":1100000,"tid":1,"kind":"SEND_MSG","obj":"slow","via":"executor"}
                {"ts":1200000,"tid":1,"kind":"USER_INPUT","ph":"E"}
                {"ts":2000000,"tid":12,"kind":"DISPATCH_MSG","ph":"B","obj":"slow"}
                {"ts":5000000,"tid":1,"kind":"USER_INPUT","ph":"B","name":"onLongClick"}
                {"ts":5100000,"tid":1,"kind":"SEND_MSG","obj":"fast","via":"executor"}
                {"ts":5200000,"tid":1,"kind":"USER_INPUT","ph":"E"}
                {"ts":6000000,"tid":13,"kind":"DISPATCH_MSG","ph":"B","obj":"fast"}
                {"ts":7000000,"tid":13,"kind":"SEND_MSG","obj":"fastDone","via":"handler"}
                {"ts":7100000,"tid":13,"kind":"DISPATCH_MSG","ph":"E"}
                {"ts":8000000,"tid":1,"kind":"DISPATCH_MSG","ph":"B","obj":"fastDone"}
                {"ts":8100000,"tid":1,"kind":"INVALIDATE","view":2}
                {"ts":8200000,"tid":1,"kind":"DISPATCH_MSG","ph":"E"}
                {"ts":16000000,"tid":1,"kind":"DRAW","ph":"B","view":2}
                {"ts":17000000,"tid":1,"kind":"DRAW","ph":"E"}
                {"ts":60000000,"tid":12,"kind":"SEND_MSG","obj":"slowDone","via":"handler"}
                {"ts":60100000,"tid":12,"kind":"DISPATCH_MSG","ph":"E"}
                {"ts":61000000,"tid":1,"kind":"DISPATCH_MSG","ph":"B","obj":"slowDone"}
                {"ts":61100000,"tid":1,"kind":"INVALIDATE","view":1}
                {"ts":61200000,"tid":1,"kind":"DISPATCH_MSG","ph":"E"}
                {"ts":66000000,"tid":1,"kind":"DRAW","ph":"B","view":1}
                {"ts":68000000,"tid":1,"kind":"DRAW","ph":"E"}
                """);
        List<Response> rs = Analysis.of(t).responses();

        assertThat(rs).extracting(Response::trigger).containsExactly("onClick", "onLongClick");
        assertThat(rs).extracting(Response::startNs).containsExactly(ms(1), ms(5));
        assertThat(rs).extracting(Response::endNs).containsExactly(ms(68), ms(17));
        assertThat(rs).extracting(Response::index).containsExactly(0, 1);
    }

    @Test
    void aRequestNeverDrawnLeavesTheResponseUnfinishedAtItsLastFulfilledDraw() {
        Trace t = TraceFixtures.agentLog(HEADER + """
                {"ts":1000000,"tid":1,"kind":"USER_INPUT","ph":"B","name":"onClick"}
                {"ts":1100000,"tid":1,"kind":"INVALIDATE","view":1}
                {"ts":1150000,"tid":1,"kind":"SEND_MSG","obj":"load","via":"executor"}
                {"ts":1200000,"tid":1,"kind":"USER_INPUT","ph":"E"}
                {"ts":8000000,"tid":1,"kind":"DRAW","ph":"B","view":1}
                {"ts":9000000,"tid":1,"kind":"DRAW","ph":"E"}
                {"ts":9500000,"tid":12,"kind":"DISPATCH_MSG","ph":"B","obj":"load"}
                {"ts":30000000,"tid":12,"kind":"INVALIDATE","view":2}
                {"ts":30100000,"tid":12,"kind":"DISPATCH_MSG","ph":"E"}
                """);
        Response r = Analysis.of(t).responses().get(0);

        assertThat(r.finished()).isFalse();
        assertThat(r.endNs()).isEqualTo(ms(9));
        assertThat(r.end().name()).isEqualTo("view 1");
    }

    @Test
    void aResponseThatRequestsNothingEndsWithItsTrigger() {
        Trace t = TraceFixtures.agentLog(HEADER + """
                {"ts":1000000,"tid":1,"kind":"USER_INPUT","ph":"B","name":"onClick"}
                {"ts":3000000,"tid":1,"kind":"USER_INPUT","ph":"E"}
                {"ts":8000000,"tid":1,"kind":"DRAW","ph":"B","view":1}
                {"ts":9000000,"tid":1,"kind":"DRAW","ph":"E"}
                """);
        Response r = Analysis.of(t).responses().get(0);

        assertThat(r.finished()).isTrue();
        assertThat(r.endNs()).isEqualTo(ms(3));
        assertThat(r.end()).isNull();
    }

    @Test
    void removeMsgCancelsAQueuedHandOff() {
        Trace t = TraceFixtures.agentLog(HEADER + """
                {"ts":1000000,"tid":1,"kind":"USER_INPUT","ph":"B","name":"onClick"}
                {"ts":1100000,"tid":1,"kind":"SEND_MSG","obj":"r@1","via":"handler","delay_ms":500}
                {"ts":1200000,"tid":1,"kind":"USER_INPUT","ph":"E"}
                {"ts":2000000,"tid":1,"kind":"REMOVE_MSG","obj":"r@1"}
                {"ts":40000000,"tid":12,"kind":"SEND_MSG","obj":"r@1","via":"handler"}
                {"ts":50000000,"tid":1,"kind":"DISPATCH_MSG","ph":"B","obj":"r@1"}
                {"ts":50100000,"tid":1,"kind":"INVALIDATE","view":1}
                {"ts":50200000,"tid":1,"kind":"DISPATCH_MSG","ph":"E"}
                {"ts":60000000,"tid":1,"kind":"DRAW","ph":"B","view":1}
                {"ts":61000000,"tid":1,"kind":"DRAW","ph":"E"}
                """);
        Analysis a = Analysis.of(t);

        assertThat(a.responses().get(0).endNs()).isEqualTo(ms(1.2));
        assertThat(a.links()).hasSize(1);
        assertThat(a.events().start(a.links().get(0).sendEvent())).isEqualTo(ms(40));
    }

    @Test
    void removingALinkStopsFollowingItAndAddingOneFollowsIt() {
        Analysis a = Analysis.of(TraceFixtures.agentLog(EXAMPLE));
        Link second = a.links().get(1);

        Analysis cut = a.withEdits(LinkEdits.NONE.remove(second));
        assertThat(cut.links()).hasSize(1);
        assertThat(cut.responses().get(0).endNs()).isEqualTo(ms(1.3));
        assertThat(cut.responses().get(0).end()).isNull();

        Analysis restored = cut.withEdits(cut.options().edits().add(second.sendEvent(), second.dispatchEvent()));
        assertThat(restored.links()).extracting(Link::via).containsExactly(LinkKind.IDENTITY, LinkKind.USER);
        assertThat(restored.responses().get(0).endNs()).isEqualTo(ms(104));
    }

    @Test
    void saysWhyWhenThereIsNoResponse() {
        Analysis a = Analysis.of(TraceFixtures.agentLog(HEADER + """
                {"ts":1000000,"tid":1,"kind":"INVALIDATE","view":1}
                {"ts":8000000,"tid":1,"kind":"DRAW","ph":"B","view":1}
                {"ts":9000000,"tid":1,"kind":"DRAW","ph":"E"}
                """));

        assertThat(a.responses()).isEmpty();
        assertThat(a.noResponseReason()).contains("no USER_INPUT or START_ACTIVITY event in the log");
    }

    @Test
    void aLogWithoutEventsIsStillALog() {
        Analysis a = Analysis.of(TraceFixtures.agentLog(HEADER));

        assertThat(a.eventsDerived()).isFalse();
        assertThat(a.noResponseReason()).contains("the trace has no calls or events");
    }

    @Test
    void aUserLinkBackwardsInTimeIsIgnored() {
        Analysis a = Analysis.of(TraceFixtures.agentLog(EXAMPLE));
        Link first = a.links().get(0);
        Link second = a.links().get(1);

        Analysis edited = a.withEdits(LinkEdits.NONE.add(second.sendEvent(), first.dispatchEvent()));

        assertThat(edited.links()).isEqualTo(a.links());
        assertThat(edited.responses()).isEqualTo(a.responses());
    }

    @Test
    void continuousGlFramesEndOnlyAResponseThatRequestedARender() {
        StringBuilder log = new StringBuilder(HEADER).append("""
                {"kind":"THREAD","tid":40,"name":"GLThread 40"}
                {"ts":1000000,"tid":1,"kind":"USER_INPUT","ph":"B","name":"onClick"}
                {"ts":1500000,"tid":1,"kind":"USER_INPUT","ph":"E"}
                {"ts":50000000,"tid":1,"kind":"USER_INPUT","ph":"B","name":"onZoom"}
                {"ts":50100000,"tid":1,"kind":"REQUEST_RENDER","surface":"gl@1"}
                {"ts":50500000,"tid":1,"kind":"USER_INPUT","ph":"E"}
                """);
        for (int f = 0; f < 8; f++) {
            long start = 16_000_000L * f + 2_000_000L;
            log.append("{\"ts\":").append(start).append(",\"tid\":40,\"kind\":\"REQUEST_RENDER\",\"surface\":\"gl@1\"}\n");
            log.append("{\"ts\":").append(start).append(",\"tid\":40,\"kind\":\"DRAW_FRAME\",\"ph\":\"B\",\"surface\":\"gl@1\"}\n");
            log.append("{\"ts\":").append(start + 5_000_000L).append(",\"tid\":40,\"kind\":\"DRAW_FRAME\",\"ph\":\"E\"}\n");
        }
        List<Response> rs = Analysis.of(TraceFixtures.agentLog(log.toString())).responses();

        assertThat(rs).hasSize(2);
        assertThat(rs.get(0).endNs()).as("nobody asked the GL thread to draw for the click").isEqualTo(ms(1.5));
        assertThat(rs.get(1).endNs()).as("the zoom's render request is drawn by the next GL frame").isEqualTo(ms(71));
        assertThat(rs.get(1).end().kind()).isEqualTo(EventKind.DRAW_FRAME);
        assertThat(rs.get(1).end().name()).isEqualTo("surface gl@1");
    }
}
