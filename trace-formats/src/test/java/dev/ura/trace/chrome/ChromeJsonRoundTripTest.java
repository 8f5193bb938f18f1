package dev.ura.trace.chrome;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.ura.trace.model.EventKind;
import dev.ura.trace.model.EventTable;
import dev.ura.trace.model.Trace;
import dev.ura.trace.testing.CallTraceFixture;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class ChromeJsonRoundTripTest {
    private static Trace sample() {
        CallTraceFixture f = new CallTraceFixture();
        int main = f.thread(4311, "main");
        int worker = f.thread(4312, "AsyncTask #1");
        f.enter(main, "android.view.View.performClick", 1_000)
                .call(main, "com.example.Foo.<init>", 1_000, 1_000)      // zero-length at the parent's start
                .call(main, "com.example.Foo.lambda$onClick$0", 1_500, 2_250)
                .call(main, "com.example.Foo.end", 3_000, 3_000)         // zero-length at the parent's end
                .exit(main, 3_000)
                .call(main, "SEND_MSG", 3_500, 3_500);
        f.enter(worker, "DISPATCH_MSG:doInBackground", 5_000)
                .enter(worker, "com.example.Net.fetch", 5_000)
                .exit(worker, 9_999)
                .exit(worker, 10_001);
        f.event(EventKind.SEND_MSG, main, 1_700, 1_700, false, "task@51", null);
        f.events().setVia(0, "asynctask").setTargetTid(0, 4312);
        f.event(EventKind.DISPATCH_MSG, worker, 5_000, 10_001, true, "task@51", "doInBackground");
        f.events().setCall(1, 0);
        f.event(EventKind.INVALIDATE, main, 2_100, 2_100, false, "view 9", null);
        return f.build();
    }

    private static byte[] export(Trace t) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        new ChromeJsonWriter(t).write(out);
        return out.toByteArray();
    }

    @Test
    void exportThenImportGivesTheSameCalls() throws Exception {
        Trace original = sample();
        Trace back = ChromeJsonReaderTest.read(new String(export(original), StandardCharsets.UTF_8));
        assertThat(back.threads()).hasSameSizeAs(original.threads());
        for (int t = 0; t < original.threads().size(); t++) {
            assertThat(back.threads().get(t).name()).isEqualTo(original.threads().get(t).name());
            assertThat(back.threads().get(t).id()).isEqualTo(original.threads().get(t).id());
            assertThat(ChromeJsonReaderTest.dump(back, back.threads().get(t).calls()))
                    .isEqualTo(ChromeJsonReaderTest.dump(original, original.threads().get(t).calls()));
        }
        assertThat(back.warnings()).isEmpty();
    }

    @Test
    void handOffsSurviveAsFlowsAndEventsKeepTheirKindAndIdentity() throws Exception {
        Trace back = ChromeJsonReaderTest.read(new String(export(sample()), StandardCharsets.UTF_8));
        EventTable e = back.events();
        List<String> rows = new ArrayList<>();
        for (int i = 0; i < e.size(); i++) {
            rows.add(e.kind(i) + " " + e.thread(i) + " " + e.start(i) + "-" + e.end(i) + " " + e.identity(i)
                    + " " + e.name(i) + " " + e.via(i) + " call=" + e.call(i));
        }
        assertThat(rows).containsExactly(
                "SEND_MSG 0 1700-1700 task@51 null asynctask call=2",
                "INVALIDATE 0 2100-2100 view 9 null null call=2",
                "DISPATCH_MSG 1 5000-10001 task@51 doInBackground null call=0");
        assertThat(e.targetTid(0)).isEqualTo(4312);
    }

    @Test
    void theExportHasThreadNamesAndOneFlowPair() throws Exception {
        byte[] json = export(sample());
        List<String> phases = new ArrayList<>();
        try (JsonParser p = new JsonFactory().createParser(json)) {
            while (p.nextToken() != null) {
                if (p.currentToken() == JsonToken.FIELD_NAME && "ph".equals(p.currentName())) {
                    p.nextToken();
                    phases.add(p.getText());
                }
            }
        }
        assertThat(phases.stream().filter("M"::equals).count()).isEqualTo(3); // process + 2 threads
        assertThat(phases.stream().filter("s"::equals).count()).isEqualTo(1);
        assertThat(phases.stream().filter("f"::equals).count()).isEqualTo(1);
        assertThat(phases.stream().filter("B"::equals).count()).isEqualTo(phases.stream().filter("E"::equals).count());
        assertThat(new String(json, StandardCharsets.UTF_8)).contains("\"thread_name\"", "\"AsyncTask #1\"");
    }
}
