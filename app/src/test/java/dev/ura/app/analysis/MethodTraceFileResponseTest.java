package dev.ura.app.analysis;

import dev.ura.app.analysis.model.Response;
import dev.ura.trace.model.Trace;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.List;
import java.util.function.Supplier;
import java.util.stream.Stream;

import static dev.ura.app.analysis.TraceFixtures.ms;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The method-trace scenarios written as real legacy and streaming {@code .trace} files and read
 * back: the responses are those of the agent-log answers, within one frame.
 */
class MethodTraceFileResponseTest {
    private static final long FRAME = ms(16.7);

    /** Scenario, expected (start, end) per response from the agent-log version of the scenario. */
    static Stream<Arguments> scenarios() {
        return Stream.of(
                args("example", MethodTraceResponseTest::example, List.of(ms(1), ms(104))),
                args("noisy example", MethodTraceResponseTest::noisyExample, List.of(ms(1), ms(104))),
                args("chain", MethodTraceResponseTest::chain, List.of(ms(1.05), ms(70))),
                args("cache write", MethodTraceResponseTest::cacheWriteAfterShown, List.of(ms(1.1), ms(20))),
                args("overlapping", MethodTraceResponseTest::overlappingClicks,
                        List.of(ms(1.05), ms(68), ms(5.05), ms(17))),
                args("unfinished", MethodTraceResponseTest::unfinished,
                        List.of(ms(1.05), ms(9), ms(30.05), ms(30.2))));
    }

    private static Arguments args(String name, Supplier<TraceFixtures.MethodTrace> scenario, List<Long> expected) {
        return Arguments.of(name, scenario, expected);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("scenarios")
    void legacyAndStreamingFilesGiveTheAgentLogAnswer(String name, Supplier<TraceFixtures.MethodTrace> scenario,
                                                      List<Long> expected) throws Exception {
        Trace memory = scenario.get().build();
        for (boolean streaming : new boolean[] {false, true}) {
            Trace file = MethodTraceFiles.roundTrip(memory, streaming);

            Analysis a = Analysis.of(file);

            String what = name + (streaming ? " (streaming)" : " (legacy)");
            assertThat(a.responses()).as(what).hasSize(expected.size() / 2);
            for (int i = 0; i < a.responses().size(); i++) {
                Response r = a.responses().get(i);
                assertThat(r.startNs()).as(what + " start " + i).isEqualTo(expected.get(2 * i));
                assertThat(r.endNs()).as(what + " end " + i).isCloseTo(expected.get(2 * i + 1), within(FRAME));
                assertThat(r).as(what).isEqualTo(Analysis.of(memory).responses().get(i));
            }
        }
    }
}
