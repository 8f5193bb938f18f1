package dev.ura.trace.agentlog;

import dev.ura.trace.model.CallTable;
import dev.ura.trace.model.EventKind;
import dev.ura.trace.model.EventTable;
import dev.ura.trace.model.ThreadTrack;
import dev.ura.trace.model.Trace;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The example of agent-log-v1.md, read as JSON Lines: known answers for threads, calls and events. */
class AgentLogExampleTest {

    @Test
    void exampleHasTheRightThreadsCallsAndEvents() throws Exception {
        Trace trace = AgentLogs.read(AgentLogs.example());

        assertThat(trace.warnings()).isEmpty();
        assertThat(trace.metadata().format()).isEqualTo("agent-log");
        assertThat(trace.metadata().variant()).isEqualTo("jsonl");
        assertThat(trace.metadata().version()).isEqualTo(1);
        assertThat(trace.metadata().clock()).isNull();
        assertThat(trace.metadata().vm()).isNull();
        assertThat(trace.metadata().pid()).isEqualTo(-1);
        assertThat(trace.metadata().properties()).containsEntry("app", "com.example.news").containsEntry("version", "1");
        assertThat(trace.records()).isEqualTo(13);
        assertThat(trace.mainThread()).map(ThreadTrack::id).contains(1L);

        assertThat(AgentLogs.dump(trace)).isEqualTo("""
                thread 1 main main records=8
                  USER_INPUT:onClick 1000000..1300000
                  DISPATCH_MSG:onPostExecute 92000000..92300000
                  DRAW 99000000..104000000
                thread 12 AsyncTask #1 records=5
                  DISPATCH_MSG:doInBackground 1400000..91700000
                    RECV 1500000..91500000
                USER_INPUT interval thread=0 1000000..1300000 id=3 name=onClick call=0
                SEND_MSG instant thread=0 1200000..1200000 id=task@51 via=asynctask target=12 call=0
                DISPATCH_MSG interval thread=1 1400000..91700000 id=task@51 name=doInBackground call=0
                RECV interval thread=1 1500000..91500000 detail=api.example.com bytes=48213 call=1
                SEND_MSG instant thread=1 91600000..91600000 id=msg@77 via=handler target=1 call=0
                DISPATCH_MSG interval thread=0 92000000..92300000 id=msg@77 name=onPostExecute call=1
                INVALIDATE instant thread=0 92100000..92100000 id=9 call=1
                DRAW interval thread=0 99000000..104000000 id=9 call=2
                """);
    }

    @Test
    void eventsKeepTheirSourceLinesAndKinds() throws Exception {
        EventTable e = AgentLogs.read(AgentLogs.example()).events();

        assertThat(e.size()).isEqualTo(8);
        assertThat(e.line(0)).isEqualTo(4);
        assertThat(e.line(7)).isEqualTo(15);
        assertThat(e.kind(2)).isEqualTo(EventKind.DISPATCH_MSG);
        assertThat(e.isInterval(1)).isFalse();
        assertThat(e.identityId(2)).isEqualTo(e.identityId(1));
    }

    @Test
    void methodsAreNamedByKindAndName() throws Exception {
        Trace trace = AgentLogs.read(AgentLogs.example());

        assertThat(trace.methods().all()).extracting(m -> m.fullName())
                .containsExactly("USER_INPUT:onClick", "DISPATCH_MSG:doInBackground", "RECV",
                        "DISPATCH_MSG:onPostExecute", "DRAW");
        CallTable main = trace.threads().get(0).calls();
        assertThat(main.maxDepth()).isZero();
        assertThat(trace.firstTimeNs()).isEqualTo(1_000_000);
        assertThat(trace.lastTimeNs()).isEqualTo(104_000_000);
    }
}
