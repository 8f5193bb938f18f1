package dev.ura.trace.chrome;

import dev.ura.trace.io.Progress;
import dev.ura.trace.io.TraceFiles;
import dev.ura.trace.io.TraceFormatException;
import dev.ura.trace.model.CallTable;
import dev.ura.trace.model.EventKind;
import dev.ura.trace.model.EventTable;
import dev.ura.trace.model.Trace;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ChromeJsonReaderTest {
    static Trace read(String json) throws TraceFormatException {
        return TraceFiles.read("t.json", ByteBuffer.wrap(json.getBytes(StandardCharsets.UTF_8)), Progress.NONE);
    }

    static String dump(Trace t, CallTable c) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < c.size(); i++) {
            sb.append("  ".repeat(c.depth(i))).append(t.methods().get(c.method(i)).fullName())
                    .append(' ').append(c.start(i)).append('-').append(c.end(i)).append('\n');
        }
        return sb.toString();
    }

    @Test
    void arrayFormWithCompleteAndBeginEndEventsNestsByTime() throws Exception {
        Trace t = read("""
                [
                {"ph":"M","name":"thread_name","pid":1,"tid":7,"args":{"name":"main"}},
                {"ph":"X","name":"child","pid":1,"tid":7,"ts":2.5,"dur":1},
                {"ph":"X","name":"parent","pid":1,"tid":7,"ts":1,"dur":10.001},
                {"ph":"B","name":"worker","pid":1,"tid":8,"ts":3},
                {"ph":"B","name":"inner","pid":1,"tid":8,"ts":4},
                {"ph":"E","pid":1,"tid":8,"ts":5},
                {"ph":"E","pid":1,"tid":8,"ts":6}
                ]
                """);
        assertThat(t.metadata().format()).isEqualTo("chrome-json");
        assertThat(t.threads()).extracting(th -> th.name()).containsExactly("main", "thread 8");
        assertThat(t.threads().get(0).main()).isTrue();
        assertThat(dump(t, t.threads().get(0).calls())).isEqualTo("parent 1000-11001\n  child 2500-3500\n");
        assertThat(dump(t, t.threads().get(1).calls())).isEqualTo("worker 3000-6000\n  inner 4000-5000\n");
        assertThat(t.warnings()).isEmpty();
    }

    @Test
    void objectFormWithFlowsGivesHandOffsWithTheFlowIdAsIdentity() throws Exception {
        Trace t = read("""
                {"displayTimeUnit":"ms","traceEvents":[
                {"ph":"X","name":"onClick","pid":1,"tid":1,"ts":0,"dur":100},
                {"ph":"s","name":"post","cat":"handler","id":42,"pid":1,"tid":1,"ts":50},
                {"ph":"X","name":"doWork","pid":1,"tid":2,"ts":200,"dur":300},
                {"ph":"X","name":"helper","pid":1,"tid":2,"ts":200,"dur":100},
                {"ph":"f","name":"post","cat":"handler","id":42,"bp":"e","pid":1,"tid":2,"ts":200},
                {"ph":"i","name":"tick","pid":1,"tid":2,"ts":250,"s":"t"},
                {"ph":"C","name":"counter","pid":1,"ts":1,"args":{"v":3}}
                ],"otherData":{"x":[1,2,3]}}
                """);
        EventTable e = t.events();
        assertThat(e.size()).isEqualTo(3);
        assertThat(e.kind(0)).isEqualTo(EventKind.SEND_MSG);
        assertThat(e.identity(0)).isEqualTo("42");
        assertThat(e.start(0)).isEqualTo(50_000);
        assertThat(e.via(0)).isEqualTo("handler");
        assertThat(e.call(0)).isEqualTo(0);
        assertThat(e.kind(1)).isEqualTo(EventKind.DISPATCH_MSG);
        assertThat(e.identity(1)).isEqualTo("42");
        assertThat(e.thread(1)).isEqualTo(1);
        assertThat(e.isInterval(1)).isTrue();
        // binds to the innermost slice open at 200 µs: helper starts there too
        assertThat(e.start(1)).isEqualTo(200_000);
        assertThat(e.kind(2)).isEqualTo(EventKind.UNKNOWN);
        assertThat(e.kindName(2)).isEqualTo("INSTANT");
        assertThat(e.name(2)).isEqualTo("tick");
        assertThat(t.warnings()).containsExactly("ignored events of phases not shown as calls: C×1");
    }

    @Test
    void flowEndWithoutEnclosingBindingGoesToTheNextSlice() throws Exception {
        Trace t = read("""
                [{"ph":"s","id":"0xa","pid":1,"tid":1,"ts":1,"cat":"x"},
                 {"ph":"f","id":"0xa","pid":1,"tid":2,"ts":5},
                 {"ph":"X","name":"run","pid":1,"tid":2,"ts":7,"dur":3}]
                """);
        EventTable e = t.events();
        assertThat(e.kind(1)).isEqualTo(EventKind.DISPATCH_MSG);
        assertThat(e.identity(1)).isEqualTo("0xa");
        assertThat(e.start(1)).isEqualTo(7_000);
        assertThat(e.end(1)).isEqualTo(10_000);
    }

    @Test
    void badEventsAreWarningsWithLineNumbers() throws Exception {
        Trace t = read("""
                [
                {"ph":"X","name":"ok","pid":1,"tid":1,"ts":1,"dur":2},
                {"ph":"X","name":"nots","pid":1,"tid":1},
                {"name":"noph","ts":1},
                {"ph":"E","pid":1,"tid":1,"ts":9},
                {"ph":"X","name":"negative","pid":1,"tid":1,"ts":1,"dur":-2},
                {"ph":"s","pid":1,"tid":1,"ts":1},
                42
                ]
                """);
        assertThat(t.warnings()).containsExactly(
                "line 3: 'X' event without a numeric \"ts\" (skipped)",
                "line 4: event without \"ph\" (skipped)",
                "line 5: 'E' event with no open 'B' on its thread (ignored)",
                "line 6: 'X' event with negative \"dur\" (skipped)",
                "line 7: flow event 's' without \"id\" (skipped)",
                "line 8: an element of the event array is not an object (skipped)");
        assertThat(t.callCount()).isEqualTo(1);
    }

    @Test
    void aTruncatedArrayKeepsTheEventsBeforeTheCut() throws Exception {
        Trace t = read("[{\"ph\":\"B\",\"name\":\"a\",\"pid\":1,\"tid\":1,\"ts\":1},\n{\"ph\":\"X\",\"name\":\"b\",\"pid\":1,\"tid\":1,\"ts\":2,\"dur\":1},\n{\"ph\":");
        assertThat(dump(t, t.threads().get(0).calls())).isEqualTo("a 1000-3000\n  b 2000-3000\n");
        assertThat(t.warnings()).anyMatch(w -> w.startsWith("line 3: JSON ends early"));
        assertThat(t.warnings()).anyMatch(w -> w.startsWith("1 'B' events never ended"));
    }

    @Test
    void nothingValidIsOneFormatException() {
        assertThatThrownBy(() -> read("[{\"ph\":\"X\",\"name\":\"a\"}]"))
                .isInstanceOf(TraceFormatException.class)
                .hasMessageContaining("t.json")
                .hasMessageContaining("without a numeric");
        assertThatThrownBy(() -> read("[{\"ph\":\"X\", oops}]"))
                .isInstanceOf(TraceFormatException.class)
                .hasMessageContaining("line 1");
    }

    @Test
    void microsecondFractionsAreExactNanoseconds() {
        assertThat(ChromeTimes.microsToNs("1234.567")).isEqualTo(1_234_567);
        assertThat(ChromeTimes.microsToNs("0.0005")).isEqualTo(1);
        assertThat(ChromeTimes.microsToNs("1e3")).isEqualTo(1_000_000);
        assertThat(ChromeTimes.microsToNs("-1.5")).isEqualTo(-1_500);
        assertThat(ChromeTimes.nsToMicros(1_234_560)).isEqualTo("1234.56");
        assertThat(ChromeTimes.nsToMicros(7_000)).isEqualTo("7");
        assertThat(ChromeTimes.nsToMicros(-500)).isEqualTo("-0.5");
    }

    @Test
    void sniffing() {
        ChromeJsonReader r = new ChromeJsonReader();
        assertThat(r.canRead("[{\"ph\":\"X\"}]".getBytes(StandardCharsets.UTF_8))).isTrue();
        assertThat(r.canRead("  {\"traceEvents\":[]}".getBytes(StandardCharsets.UTF_8))).isTrue();
        assertThat(r.canRead("{\"kind\":\"META\",\"version\":1}\n".getBytes(StandardCharsets.UTF_8))).isFalse();
        assertThat(r.canRead("[1,2,3]".getBytes(StandardCharsets.UTF_8))).isFalse();
        String bigFirst = "{\"metadata\": {\"x\": \"" + "y".repeat(5000) + "\"}, \"traceEvents\": []}";
        byte[] head = java.util.Arrays.copyOf(bigFirst.getBytes(StandardCharsets.UTF_8), 4096);
        assertThat(r.canRead(head)).isTrue();
        assertThat(r.canRead("{\"ts\":1,\"tid\":2,\"kind\":\"DRAW\"}".getBytes(StandardCharsets.UTF_8))).isFalse();
    }
}
