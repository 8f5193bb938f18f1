package dev.ura.app.analysis.model;

import org.junit.jupiter.api.Test;

import java.util.BitSet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class EventSetTest {

    @Test
    void holdsEachIndexOnceInOrder() {
        EventSet s = EventSet.of(9, 1, 5, 9, 3);
        assertThat(s.cardinality()).isEqualTo(4);
        assertThat(s.stream().toArray()).containsExactly(1, 3, 5, 9);
        assertThat(s.get(5)).isTrue();
        assertThat(s.get(4)).isFalse();
    }

    @Test
    void nextSetBitWalksLikeABitSet() {
        EventSet s = EventSet.of(1, 3, 5, 9);
        assertThat(s.nextSetBit(0)).isEqualTo(1);
        assertThat(s.nextSetBit(3)).isEqualTo(3);
        assertThat(s.nextSetBit(4)).isEqualTo(5);
        assertThat(s.nextSetBit(10)).isEqualTo(-1);
        assertThat(s.nextSetBit(-7)).isEqualTo(1);
    }

    @Test
    void aFewLargeIndicesCostAFewInts() {
        BitSet bits = new BitSet();
        bits.set(40_000_000);
        bits.set(40_000_002);
        EventSet s = EventSet.of(bits);
        assertThat(s).isEqualTo(EventSet.of(40_000_002, 40_000_000));
        assertThat(s.cardinality()).isEqualTo(2);
        assertThat(EventSet.of(new BitSet())).isSameAs(EventSet.EMPTY);
        assertThat(EventSet.EMPTY.nextSetBit(0)).isEqualTo(-1);
    }

    @Test
    void rejectsNegativeIndices() {
        assertThatThrownBy(() -> EventSet.of(2, -1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("-1");
    }
}
