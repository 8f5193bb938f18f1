package dev.ura.app.analysis;

import dev.ura.app.analysis.model.Change;
import dev.ura.app.analysis.model.Scenario;
import dev.ura.app.analysis.model.SliceSelector;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static dev.ura.app.analysis.TraceFixtures.ms;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Clocks that disagree (a thread's clock jumping, two threads' clocks apart) never stop the
 * analysis: the response is still found and analysed, and the warnings name the lines whose
 * links were dropped or guessed.
 */
class ClockJumpTest {
    /** main → worker → main → worker → main (AgentLogResponseTest's chain), ends at 70 ms. */
    static final String CHAIN = """
            {"kind":"THREAD","tid":1,"name":"main","main":true}
            {"kind":"THREAD","tid":12,"name":"worker"}
            {"ts":1000000,"tid":1,"kind":"USER_INPUT","ph":"B","name":"onClick"}
            {"ts":1100000,"tid":1,"kind":"SEND_MSG","obj":"a","via":"executor"}
            {"ts":1200000,"tid":1,"kind":"USER_INPUT","ph":"E"}
            {"ts":2000000,"tid":12,"kind":"DISPATCH_MSG","ph":"B","obj":"a","name":"run"}
            {"ts":9000000,"tid":12,"kind":"SEND_MSG","obj":"b","via":"handler"}
            {"ts":9100000,"tid":12,"kind":"DISPATCH_MSG","ph":"E"}
            {"ts":10000000,"tid":1,"kind":"DISPATCH_MSG","ph":"B","obj":"b"}
            {"ts":10100000,"tid":1,"kind":"INVALIDATE","view":5}
            {"ts":10200000,"tid":1,"kind":"SEND_MSG","obj":"c","via":"executor"}
            {"ts":10300000,"tid":1,"kind":"DISPATCH_MSG","ph":"E"}
            {"ts":16000000,"tid":1,"kind":"DRAW","ph":"B","view":5}
            {"ts":18000000,"tid":1,"kind":"DRAW","ph":"E"}
            {"ts":20000000,"tid":12,"kind":"DISPATCH_MSG","ph":"B","obj":"c","name":"run"}
            {"ts":50000000,"tid":12,"kind":"SEND_MSG","obj":"d","via":"handler"}
            {"ts":50100000,"tid":12,"kind":"DISPATCH_MSG","ph":"E"}
            {"ts":51000000,"tid":1,"kind":"DISPATCH_MSG","ph":"B","obj":"d"}
            {"ts":51100000,"tid":1,"kind":"INVALIDATE","view":6}
            {"ts":51200000,"tid":1,"kind":"DISPATCH_MSG","ph":"E"}
            {"ts":66000000,"tid":1,"kind":"DRAW","ph":"B","view":6}
            {"ts":70000000,"tid":1,"kind":"DRAW","ph":"E"}
            """;

    @Test
    void theChainEndsAt70msWithoutJumps() {
        assertThat(AgentLogText.analyse(CHAIN).responses().get(0).endNs()).isEqualTo(ms(70));
    }

    @Test
    void aDispatchWhoseClockJumpedBeforeItsSendIsStillFollowedWithWarnings() {
        // line 9: the main thread's clock reads 0 when it runs b (sent at 9 ms by the worker):
        // sorted, that dispatch now encloses the click itself; linking it would close a loop
        String jumped = CHAIN.replace("{\"ts\":10000000,\"tid\":1,\"kind\":\"DISPATCH_MSG\",\"ph\":\"B\",\"obj\":\"b\"}",
                "{\"ts\":0,\"tid\":1,\"kind\":\"DISPATCH_MSG\",\"ph\":\"B\",\"obj\":\"b\"}");
        Analysis a = AgentLogText.analyse(jumped);

        assertThat(a.responses()).hasSize(1);
        // the rest of the chain is still followed to view 6's draw
        assertThat(a.responses().get(0).endNs()).isEqualTo(ms(70));
        assertThat(a.criticalPath(0).segments()).isNotEmpty();
        assertThat(a.warnings()).anySatisfy(w -> assertThat(w).startsWith("line 9: DISPATCH_MSG of obj b")
                .contains("clock jump"));
        assertThat(a.graph(0).warnings()).anySatisfy(w -> assertThat(w).startsWith("line 7 of test.jsonl: "));
        assertThat(a.trace().warnings()).anySatisfy(w -> assertThat(w).startsWith("line 9: ").contains("sorted by ts"));
    }

    @Test
    void randomClockJumpsNeverStopTheAnalysis() {
        String[] lines = CHAIN.split("\n");
        Pattern ts = Pattern.compile("\"ts\":(\\d+)");
        Random random = new Random(20261201);
        for (int round = 0; round < 300; round++) {
            long[] offset = {0, 0, 0};
            int jumpAt = random.nextInt(lines.length);
            int jumpThread = random.nextBoolean() ? 1 : 12;
            long jump = (random.nextInt(121) - 60) * 1_000_000L;
            List<String> out = new ArrayList<>();
            for (int i = 0; i < lines.length; i++) {
                String line = lines[i];
                Matcher m = ts.matcher(line);
                if (m.find()) {
                    boolean onThread = line.contains("\"tid\":" + jumpThread + ",");
                    long t = Long.parseLong(m.group(1)) + (onThread && i >= jumpAt ? jump : 0) + offset[0];
                    line = line.substring(0, m.start(1)) + Math.max(0, t) + line.substring(m.end(1));
                }
                out.add(line);
            }
            String log = String.join("\n", out) + "\n";
            Analysis a = AgentLogText.analyse(log);
            assertThat(a.responses()).as(log).isNotEmpty();
            for (int r = 0; r < a.responses().size(); r++) {
                assertThat(a.criticalPath(r).segments()).as(log).isNotEmpty();
                a.findings(r);
                a.estimate(r, new Scenario(List.of(new Change.RunInParallel(new SliceSelector.ByName("DISPATCH_MSG")))));
            }
        }
    }
}
