package dev.ura.trace.model;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The unit-based fast path of {@link CallTable.Builder} and its synthetic-caller insertion. */
class CallTableUnitsTest {

    @Test
    void unitsAreScaledByTheUnitAndRightSizedTablesKeepTheirArrays() {
        CallTable.Builder b = new CallTable.Builder(0, 1000, true, 2);
        int a = b.openUnits(7, 0, 10, 1);
        int c = b.openUnits(8, 1, 12, 2);
        b.closeUnits(c, 15, 3);
        b.closeUnits(a, 20, 4);
        CallTable t = b.build();
        assertThat(t.start(1)).isEqualTo(12_000);
        assertThat(t.end(0)).isEqualTo(20_000);
        assertThat(t.cpuEnd(1)).isEqualTo(3_000);
        assertThat(t.byteSize()).isEqualTo(2 * 22);
    }

    @Test
    void timesBeyond32BitsOfUnitsWidenTheColumn() {
        CallTable.Builder b = new CallTable.Builder(0, 1000, false, 2);
        int a = b.openUnits(1, 0, 5, 0);
        b.closeUnits(a, (1L << 32) + 5, 0);
        CallTable t = b.build();
        assertThat(t.end(0)).isEqualTo(((1L << 32) + 5) * 1000);
        assertThat(t.start(0)).isEqualTo(5000);
    }

    @Test
    void leadingCallsAreWrappedInNestedCallersInPreOrder() {
        CallTable.Builder b = new CallTable.Builder(0, 1, true, 3);
        int x = b.openUnits(10, 0, 10, 10);
        b.closeUnits(x, 20, 20);
        int y = b.openUnits(11, 0, 40, 40);
        b.closeUnits(y, 50, 50);
        int z = b.openUnits(12, 0, 70, 70);
        b.closeUnits(z, 80, 80);
        // Exit of 20 after x (1 call so far), exit of 21 after y (2 calls so far).
        b.encloseLeadingCalls(2, new int[]{1, 2}, new int[]{20, 21}, 10, 10, new long[]{30, 60}, new long[]{30, 60});
        CallTable t = b.build();
        assertThat(t.size()).isEqualTo(5);
        java.util.List<String> rows = new java.util.ArrayList<>();
        for (int i = 0; i < 5; i++) {
            rows.add(t.method(i) + " d" + t.depth(i) + " " + t.start(i) + "-" + t.end(i) + " cpu " + t.cpuStart(i)
                    + "-" + t.cpuEnd(i));
        }
        assertThat(rows).containsExactly("21 d0 10-60 cpu 10-60", "20 d1 10-30 cpu 10-30", "10 d2 10-20 cpu 10-20",
                "11 d1 40-50 cpu 40-50", "12 d0 70-80 cpu 70-80");
        assertThat(t.byteSize()).isEqualTo(5 * 22);
    }

    @Test
    void subtreeEndsOfEveryCallAreTheLastCallsOfTheirSubtrees() {
        // a(b(c) d) e(f): pre-order a0 b1 c2 d3 e4 f5 with depths 0 1 2 1 0 1.
        CallTable.Builder bld = new CallTable.Builder(0, 1, false, 6);
        int a = bld.openUnits(1, 0, 0, 0);
        int b = bld.openUnits(2, 1, 1, 0);
        int c = bld.openUnits(3, 2, 2, 0);
        bld.closeUnits(c, 3, 0);
        bld.closeUnits(b, 4, 0);
        int d = bld.openUnits(4, 1, 5, 0);
        bld.closeUnits(d, 6, 0);
        bld.closeUnits(a, 7, 0);
        int e = bld.openUnits(5, 0, 8, 0);
        int f = bld.openUnits(6, 1, 9, 0);
        bld.closeUnits(f, 10, 0);
        bld.closeUnits(e, 11, 0);
        CallTable t = bld.build();
        assertThat(t.subtreeEnds()).containsExactly(3, 2, 2, 3, 5, 5);
        for (int i = 0; i < t.size(); i++) {
            assertThat(t.subtreeEnds()[i]).isEqualTo(t.subtreeEnd(i));
        }
        assertThat(CallTable.empty().subtreeEnds()).isEmpty();
    }
}
