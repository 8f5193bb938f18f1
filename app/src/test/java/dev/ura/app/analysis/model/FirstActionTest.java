package dev.ura.app.analysis.model;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class FirstActionTest {
    private static Response r(int index, int thread, long start, long end, int gesture) {
        return new Response(index, "t" + index, thread, "main", start, end, true, null, false, gesture);
    }

    @Test
    void noResponseHasNoFirstAction() {
        assertThat(FirstAction.index(List.of())).isEqualTo(-1);
    }

    @Test
    void aResponseWithoutGestureIsItsOwnAction() {
        // a launch (no gesture) first, then a tap whose up is slower: the launch is the first action
        assertThat(FirstAction.index(List.of(r(0, 0, 0, 50, Response.NO_GESTURE), r(1, 0, 60, 200, 0)))).isZero();
    }

    @Test
    void aTapIsMeasuredByItsSlowestEvent() {
        // down 0..8, up 100..400 (its click), then a second tap 1000..1010 / 1100..1150 (gesture 1)
        List<Response> rs = List.of(r(0, 0, 0, 8, 0), r(1, 0, 100, 400, 0), r(2, 0, 1000, 1010, 1),
                r(3, 0, 1100, 1600, 1));
        assertThat(FirstAction.index(rs)).isEqualTo(1);
    }

    @Test
    void tiesKeepTheEarlierEventAndOtherThreadsDoNotJoin() {
        List<Response> rs = List.of(r(0, 0, 0, 10, 0), r(1, 0, 20, 30, 0), r(2, 1, 5, 500, 0));
        assertThat(FirstAction.index(rs)).isZero();
    }
}
