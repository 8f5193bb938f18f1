package dev.ura.app.analysis.callgraph;

import dev.ura.app.analysis.profile.CallScope;
import dev.ura.trace.model.Trace;
import dev.ura.trace.testing.CallTraceFixture;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;

class DotWriterTest {
    static final String[] ODD = {
        "std::vector<std::pair<int, char const*>>::push_back(std::pair<int, char const*>&&)",
        "com.example.Foo$Bar.<init>",
        "com.example.Foo.lambda$onClick$0",
        "say \"hi\"",
        "C:\\path\\to\\thing",
        "ends with backslash\\",
        "line\nbreak",
    };

    static Trace oddNames() {
        CallTraceFixture f = new CallTraceFixture();
        int t = f.thread(1, "main");
        f.enter(t, "root", 0);
        long now = 1;
        for (String n : ODD) {
            f.call(t, n, now, now + 10);
            now += 20;
        }
        f.call(t, ODD[0], now, now + 1000);
        f.exit(t, now + 2000);
        return f.build();
    }

    @Test
    void namesAreQuotedAndEscaped() {
        assertThat(DotWriter.quote("a\"b\\c\nd")).isEqualTo("\"a\\\"b\\\\c\\nd\"");
        assertThat(DotWriter.quote("<init>$1")).isEqualTo("\"<init>$1\"");
    }

    @Test
    void edgeLabelsStartWithTheCallCountAndHotEdgesStandOut() {
        String dot = new DotWriter(new CallGraphAnalyzer(oddNames()).analyze(CallScope.all(), CallGraphFilter.none()))
                .toDot();
        assertThat(dot).startsWith("digraph callgraph {");
        assertThat(dot).contains("\"root\" -> \"std::vector<std::pair<int, char const*>>::push_back(std::pair<int, "
                + "char const*>&&)\" [label=\"2 calls\\n1.0 µs\", penwidth=6.00, color=\"#d62728\"");
        assertThat(dot).contains("\"root\" -> \"say \\\"hi\\\"\" [label=\"1 call\\n10 ns\", penwidth=1.05, color=\"#7f7f7f\"");
        assertThat(dot).contains("\"ends with backslash\\\\\"");
        assertThat(dot).contains("\"line\\nbreak\"");
        assertThat(dot).contains("inclusive 2.1 µs (100.0%)");
    }

    @Test
    void graphvizAcceptsTheOutput() throws Exception {
        GraphvizRunner dot = GraphvizRunner.standard();
        Assumptions.assumeTrue(dot.version() != null, "graphviz dot not installed");
        String text = new DotWriter(new CallGraphAnalyzer(oddNames()).analyze(CallScope.all(), CallGraphFilter.none()))
                .toDot();
        String svg = new String(dot.render(text, "svg"), StandardCharsets.UTF_8);
        assertThat(svg).contains("<svg");
        assertThat(svg).contains("com.example.Foo$Bar.&lt;init&gt;");
        assertThat(svg).contains("say &quot;hi&quot;");
        assertThat(svg).contains("C:\\path\\to\\thing");
        assertThat(svg).contains("2 calls");
        // 8 methods (root + 7 odd names), 7 edges: nothing merged or lost by escaping
        assertThat(svg.split("class=\"node\"", -1)).hasSize(9);
        assertThat(svg.split("class=\"edge\"", -1)).hasSize(8);
    }
}
