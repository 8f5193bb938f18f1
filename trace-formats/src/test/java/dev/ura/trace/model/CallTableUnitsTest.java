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
        assertThat(t.byteSize()).isEqualTo(2 * 19);
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
        assertThat(t.byteSize()).isEqualTo(5 * 19);
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
        int[] reused = new int[8];
        assertThat(t.subtreeEnds(reused)).isSameAs(reused).startsWith(3, 2, 2, 3, 5, 5);
        assertThat(t.subtreeEnds(new int[5])).containsExactly(3, 2, 2, 3, 5, 5);
    }

    @Test
    void depthsAndMethodsWidenPastOneAndTwoBytesWithoutLosingEarlierValues() {
        CallTable.Builder b = new CallTable.Builder(0, 1, false, 4);
        int[] methods = {3, 255, 256, 65_535, 65_536, Integer.MAX_VALUE};
        int[] depths = {0, 255, 256, 1000, Short.MAX_VALUE, 40_000};
        for (int i = 0; i < methods.length; i++) {
            b.closeUnits(b.openUnits(methods[i], depths[i], i, 0), i, 0);
        }
        CallTable t = b.build();
        for (int i = 0; i < methods.length; i++) {
            assertThat(t.method(i)).isEqualTo(methods[i]);
            // depths are capped at Short.MAX_VALUE, as the short column did
            assertThat(t.depth(i)).isEqualTo(Math.min(depths[i], Short.MAX_VALUE));
        }
        assertThat(t.maxDepth()).isEqualTo(Short.MAX_VALUE);
        // 6 calls: two 4-byte time columns, 4-byte methods and 2-byte depths once widened
        assertThat(t.byteSize()).isEqualTo(6L * (4 + 4 + 4 + 2));
    }

    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(longs = {1L << 27, 0})
    void tablesInOneArenaKeepTheirOwnCallsEvenWhenOneOutgrowsOrWidensItsSlice(long sharedTimes) {
        // sharedTimes 0: each time column in an array of its own (the arena of a huge trace)
        CallTable.Arena arena = new CallTable.Arena(2 + 1 + 2, true, sharedTimes);
        CallTable.Builder a = new CallTable.Builder(arena, 0, 1000, 2);
        CallTable.Builder b = new CallTable.Builder(arena, 0, 1000, 1);
        CallTable.Builder c = new CallTable.Builder(arena, 0, 1000, 2);
        a.closeUnits(a.openUnits(1, 0, 10, 1), 11, 2);
        b.closeUnits(b.openUnits(2, 0, 20, 3), 21, 4);
        // b outgrows its one-call slice: the next call must not land in c's slice
        int outer = b.openUnits(70_000, 0, 22, 5);
        b.closeUnits(b.openUnits(3, 300, 23, 6), 24, 7);
        b.closeUnits(outer, 25, 8);
        c.closeUnits(c.openUnits(4, 0, 30, 9), (1L << 32) + 1, 10);
        a.closeUnits(a.openUnits(5, 0, 12, 3), 13, 4);
        c.closeUnits(c.openUnits(6, 0, 31, 11), 32, 12);
        // a leading exit wraps a's calls in a synthetic caller (grows a past its slice)
        a.encloseLeadingCalls(1, new int[]{2}, new int[]{9}, 10, 1, new long[]{14}, new long[]{5});
        assertThat(rows(a.build())).containsExactly("9 d0 10000-14000 cpu 1000-5000",
                "1 d1 10000-11000 cpu 1000-2000", "5 d1 12000-13000 cpu 3000-4000");
        assertThat(rows(b.build())).containsExactly("2 d0 20000-21000 cpu 3000-4000",
                "70000 d0 22000-25000 cpu 5000-8000", "3 d300 23000-24000 cpu 6000-7000");
        assertThat(rows(c.build())).containsExactly("4 d0 30000-" + ((1L << 32) + 1) * 1000 + " cpu 9000-10000",
                "6 d0 31000-32000 cpu 11000-12000");
    }

    @Test
    void anArenaRefusesMoreCallsThanItHasRoomFor() {
        CallTable.Arena arena = new CallTable.Arena(3, false);
        new CallTable.Builder(arena, 0, 1, 2);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> new CallTable.Builder(arena, 0, 1, 2))
                .isInstanceOf(IllegalStateException.class);
    }

    private static java.util.List<String> rows(CallTable t) {
        java.util.List<String> rows = new java.util.ArrayList<>();
        for (int i = 0; i < t.size(); i++) {
            rows.add(t.method(i) + " d" + t.depth(i) + " " + t.start(i) + "-" + t.end(i) + " cpu " + t.cpuStart(i)
                    + "-" + t.cpuEnd(i));
        }
        return rows;
    }
}
