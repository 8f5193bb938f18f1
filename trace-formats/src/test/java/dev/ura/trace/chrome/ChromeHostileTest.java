package dev.ura.trace.chrome;

import dev.ura.trace.model.Trace;
import dev.ura.trace.testing.TraceInvariants;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Regressions found by the hostile-input fuzzer: B/E files whose times run backwards. */
class ChromeHostileTest {
    @Test
    void endEarlierThanItsChildStartStillNestsTheChildInsideItsParent() throws Exception {
        Trace t = ChromeJsonReaderTest.read("""
                [
                {"ph":"B","name":"worker","pid":1,"tid":8,"ts":3},
                {"ph":"B","name":"inner","pid":1,"tid":8,"ts":4},
                {"ph":"E","pid":1,"tid":8,"ts":5},
                {"ph":"E","pid":1,"tid":8,"ts":-1}
                ]
                """);
        assertThat(TraceInvariants.violation(t)).isNull();
        // worker's E before its own start leaves it empty; inner no longer fits inside it.
        assertThat(ChromeJsonReaderTest.dump(t, t.threads().get(0).calls()))
                .isEqualTo("worker 3000-3000\ninner 4000-5000\n");
    }

    @Test
    void beginLaterThanItsParentsEndBecomesATopLevelCall() throws Exception {
        Trace t = ChromeJsonReaderTest.read("""
                [
                {"ph":"B","name":"worker","pid":1,"tid":8,"ts":3},
                {"ph":"B","name":"inner","pid":1,"tid":8,"ts":4294967295},
                {"ph":"E","pid":1,"tid":8,"ts":5},
                {"ph":"E","pid":1,"tid":8,"ts":6}
                ]
                """);
        assertThat(TraceInvariants.violation(t)).isNull();
        assertThat(ChromeJsonReaderTest.dump(t, t.threads().get(0).calls()))
                .isEqualTo("worker 3000-6000\ninner 4294967295000-4294967295000\n");
    }

    @Test
    void deepNestingBeforeAnyEventIsAnErrorWithItsLine() {
        String doc = "[\n\n{\"ph\":\"X\",\"args\":" + "[".repeat(5_000);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> ChromeJsonReaderTest.read(doc))
                .isInstanceOf(dev.ura.trace.io.TraceFormatException.class)
                .hasMessageContaining(": line 3: ")
                .satisfies(e -> assertThat(((dev.ura.trace.io.TraceFormatException) e).line()).isEqualTo(3));
    }

    @Test
    void oversizedStringBeforeAnyEventIsAnErrorWithItsLine() {
        String doc = "[\n{\"ph\":\"X\",\"name\":\"" + "a".repeat(21_000_000) + "\"}]";
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> ChromeJsonReaderTest.read(doc))
                .isInstanceOf(dev.ura.trace.io.TraceFormatException.class)
                .satisfies(e -> assertThat(((dev.ura.trace.io.TraceFormatException) e).line()).isEqualTo(2));
    }

    @Test
    void deepNestingAfterEventsIsAWarningWithItsLine() throws Exception {
        Trace t = ChromeJsonReaderTest.read("[{\"ph\":\"X\",\"name\":\"a\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":2},\n"
                + "{\"ph\":\"X\",\"args\":" + "[".repeat(5_000));
        assertThat(t.warnings()).anySatisfy(w -> assertThat(w).startsWith("line 2: bad JSON"));
    }
}
