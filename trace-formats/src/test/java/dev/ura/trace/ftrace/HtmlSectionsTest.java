package dev.ura.trace.ftrace;

import dev.ura.trace.system.SystemTraceBuilder;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The legacy {@code linuxPerfData} string undone line by line, with and without escapes other than {@code \n}. */
class HtmlSectionsTest {

    private static List<String> lines(String html) {
        List<String> out = new ArrayList<>();
        HtmlSections h = new HtmlSections((b, from, to, lineNo) -> out.add(new String(b, from, to - from,
                StandardCharsets.UTF_8)), new ProcessDump(new SystemTraceBuilder()));
        int lineNo = 0;
        for (String physical : html.split("\n", -1)) {
            byte[] b = ("junk" + physical + "junk").getBytes(StandardCharsets.UTF_8);
            h.line(b, 4, b.length - 4, ++lineNo); // a range inside a larger buffer, as LineStream gives
        }
        return out;
    }

    @Test
    void legacyStringLinesWithAndWithoutEscapes() {
        String html = "<html><script>\n"
                + "  var linuxPerfData = \"\\\n"
                + "# tracer: nop\\n\\\n"                       // plain: straight from the input
                + "  a-1 [000] 1.0: x: say \\\"hi\\\"\\n\\\n"  // escaped quotes: copied
                + "  b-2 [000] 2.0: y: tab\\there\\nc-3\\n\\\n" // a tab, then two lines on one physical line
                + "  d-4 [000] 3.0: z: cut\\\n"               // joined with the next physical line
                + "ted\\n\";\n"
                + "</script></html>";
        assertThat(lines(html)).containsExactly("# tracer: nop", "  a-1 [000] 1.0: x: say \"hi\"",
                "  b-2 [000] 2.0: y: tab\there", "c-3", "  d-4 [000] 3.0: z: cutted");
    }

    @Test
    void onlyTheFirstFtracePartIsReadAndTheLaterOnesAreSaid() throws Exception {
        // Three trace-data parts with ftrace text (one by its '# tracer' header, one by an event
        // line) around a JSON part: the first is read, the two later ones are counted and warned about;
        // the JSON part is not ftrace and is not counted.
        String html = "<!DOCTYPE html>\n<html>\n"
                + "<script class=\"trace-data\" type=\"application/text\">\n# tracer: nop\n"
                + "          <idle>-0     [000] d..3   100.000100: sched_switch: prev_comm=swapper/0 prev_pid=0"
                + " prev_prio=120 prev_state=R ==> next_comm=a next_pid=7 next_prio=120\n</script>\n"
                + "<script class=\"trace-data\" type=\"application/text\">\n{\"traceEvents\": []}\n</script>\n"
                + "<script class=\"trace-data\" type=\"application/text\">\n# tracer: nop\n"
                + "               a-7     [000] d..3   200.000000: sched_switch: prev_comm=a prev_pid=7"
                + " prev_prio=120 prev_state=S ==> next_comm=swapper/0 next_pid=0 next_prio=120\n</script>\n"
                + "<script class=\"trace-data\" type=\"application/text\">\n"
                + "               a-7     [000] d..3   300.000000: sched_switch: prev_comm=a prev_pid=7"
                + " prev_prio=120 prev_state=S ==> next_comm=swapper/0 next_pid=0 next_prio=120\n</script>\n"
                + "</html>\n";
        dev.ura.trace.model.Trace t = dev.ura.trace.io.TraceFiles.read("two.html",
                java.nio.ByteBuffer.wrap(html.getBytes(StandardCharsets.UTF_8)), null);
        assertThat(t.warnings()).contains("2 more ftrace part(s) in this HTML after the first were not read");
        assertThat(t.metadata().properties()).containsEntry("ftrace.events", "1"); // the 100.000100 switch only
    }

    @Test
    void markersQuotedInTheTraceViewersJavaScriptAreNotParts() throws Exception {
        // The trace viewer that systrace embeds (2017 on; e.g. captures from 2019 Android 9/10 phones)
        // carries both markers inside its importer's regular expressions, on long script lines, before
        // the real parts. Those quotes must not open a part: before, the legacy marker in the script
        // swallowed everything up to the script's </script> as "the ftrace text" (no event in it), and
        // the real part below was counted as a later part and skipped: "no ftrace event lines".
        String js = "<!DOCTYPE html>\n<html><head>\n<script>\n"
                + "const r=new tr.importer.SimpleLineReader(e);if(!r.advanceToLineMatching(/^  <script>$/))return f;"
                + "if(!r.advanceToLineMatching(/^  var linuxPerfData = \"\\\\$/))return f;\n"
                + "while(!/^# tracer:/.test(events)){if(!r.advanceToLineMatching("
                + "/^  <script class=\"trace-data\" type=\"application\\/text\">$/)){return f;}\n"
                + "if(!r.advanceToLineMatching(/^  <\\/script>$/))return f;}\n"
                + "</script>\n</head><body>\n"
                + "  <script class=\"trace-data\" type=\"application/text\">\nPROCESS DUMP\n"
                + "USER           PID  PPID     VSZ    RSS WCHAN  PC S NAME                        COMM\n"
                + "u0_a1          7     1   100    10 SyS_epoll_wait 0 S com.example.app       com.example.app\n"
                + "  </script>\n"
                + "  <script class=\"trace-data\" type=\"application/text\">\n# tracer: nop\n"
                + "           <...>-7     [000] d..3   100.000100: sched_switch: prev_comm=a prev_pid=7"
                + " prev_prio=120 prev_state=S ==> next_comm=swapper/0 next_pid=0 next_prio=120\n"
                + "           <...>-7     [000] d..3   100.000200: sched_waking: comm=a pid=7 prio=120 target_cpu=000\n"
                + "  </script>\n"
                + "  <script class=\"trace-data\" type=\"application/text\">\n{\"traceEvents\": []}\n  </script>\n"
                + "<!-- END TRACE -->\n</body>\n</html>\n";
        dev.ura.trace.model.Trace t = dev.ura.trace.io.TraceFiles.read("viewer.html",
                java.nio.ByteBuffer.wrap(js.getBytes(StandardCharsets.UTF_8)), null);
        assertThat(t.metadata().properties()).containsEntry("ftrace.events", "2"); // the switch and the waking
        assertThat(t.warnings()).noneMatch(w -> w.contains("not read"));
    }

    @Test
    void aMarkerCountsAtTheStartOfItsLineOrAfterATag() {
        byte[] m = "<script class=\"trace-data\"".getBytes(StandardCharsets.ISO_8859_1);
        byte[] own = "  <script class=\"trace-data\" type=\"application/text\">".getBytes(StandardCharsets.ISO_8859_1);
        byte[] afterTag = "<!-- BEGIN TRACE --><script class=\"trace-data\">".getBytes(StandardCharsets.ISO_8859_1);
        byte[] quoted = "advanceToLineMatching(/^  <script class=\"trace-data\"".getBytes(StandardCharsets.ISO_8859_1);
        assertThat(HtmlSections.markerAt(own, 0, own.length, m)).isEqualTo(2);
        assertThat(HtmlSections.markerAt(afterTag, 0, afterTag.length, m)).isEqualTo(20);
        assertThat(HtmlSections.markerAt(quoted, 0, quoted.length, m)).isEqualTo(-1);
    }
}
