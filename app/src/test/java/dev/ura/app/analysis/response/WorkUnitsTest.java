package dev.ura.app.analysis.response;

import dev.ura.app.testing.TinyTraces;
import dev.ura.trace.model.EventKind;
import dev.ura.trace.model.EventTable;
import dev.ura.trace.model.Trace;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Owners of events that know their calls: the innermost unit up the call tree. */
class WorkUnitsTest {
    // main: 0 A(1 B(2 C) 3 D) 4 E; w: 0 F
    private final Trace trace = new TinyTraces()
            .thread("main", true).call("a.A", 0, 0, 100).call("a.B", 1, 10, 50).call("a.C", 2, 20, 30)
            .call("a.D", 1, 60, 90).call("a.E", 0, 200, 300)
            .thread("w", false).call("a.F", 0, 0, 10)
            .build();

    @Test
    void eachEventBelongsToTheFirstUnitOfTheInnermostCallUpTheTreeThatHasOne() {
        EventTable.Builder b = new EventTable.Builder();
        int input = event(b, EventKind.USER_INPUT, 0, 0);
        int dispatch = event(b, EventKind.DISPATCH_MSG, 0, 2);
        int sendInDispatch = event(b, EventKind.SEND_MSG, 0, 2);
        int sendInB = event(b, EventKind.SEND_MSG, 0, 1);
        int secondDispatchAtC = event(b, EventKind.DISPATCH_MSG, 0, 2);
        int sendInD = event(b, EventKind.SEND_MSG, 0, 3);
        int sendInE = event(b, EventKind.SEND_MSG, 0, 4);
        int secondUnitAtA = event(b, EventKind.DISPATCH_MSG, 0, 0);
        int noCall = event(b, EventKind.SEND_MSG, 0, -1);
        int otherThread = event(b, EventKind.SEND_MSG, 1, 0);
        WorkUnits units = WorkUnits.of(trace, b.build(), true);
        assertThat(units.owner(input)).isEqualTo(-1);
        // C has no caller with a unit but A: the dispatch at C is inside the input at A
        assertThat(units.owner(dispatch)).isEqualTo(input);
        assertThat(units.owner(sendInDispatch)).isEqualTo(dispatch);
        assertThat(units.owner(sendInB)).isEqualTo(input);
        assertThat(units.owner(secondDispatchAtC)).isEqualTo(dispatch);
        // B's subtree (with the dispatch at C) ended before D
        assertThat(units.owner(sendInD)).isEqualTo(input);
        assertThat(units.owner(sendInE)).isEqualTo(-1);
        assertThat(units.owner(secondUnitAtA)).isEqualTo(input);
        assertThat(units.owner(noCall)).isEqualTo(-1);
        assertThat(units.owner(otherThread)).isEqualTo(-1);
        assertThat(units.ownedCount(input)).isEqualTo(4);
        assertThat(units.ownedCount(dispatch)).isEqualTo(2);
    }

    private static int event(EventTable.Builder b, EventKind kind, int thread, int call) {
        int e = b.add(kind, thread, 0, 0, false);
        b.setCall(e, call);
        return e;
    }
}
