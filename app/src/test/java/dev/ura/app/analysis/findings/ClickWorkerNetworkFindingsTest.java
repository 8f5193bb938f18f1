package dev.ura.app.analysis.findings;

import dev.ura.app.analysis.Analysis;
import dev.ura.app.analysis.TraceSession;
import dev.ura.app.analysis.model.Change;
import dev.ura.app.analysis.model.Finding;
import dev.ura.app.analysis.model.Scenario;
import dev.ura.app.analysis.model.SliceSelector;
import dev.ura.trace.testing.ClickWorkerNetworkScenario;
import dev.ura.trace.testing.ScenarioForms;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.ByteBuffer;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The findings of issue #12's click → worker → network → post-back scenario with an animation
 * ({@link ClickWorkerNetworkScenario}), in every file form, from its hand-computed path: the only
 * finding is what the user waited for — NetWorker's network wait 22300–40000 (17.7 ms) inside
 * {@code fetchNews}, main's vsync wait 44600–51800 (7.2 ms) and, with the clock snapshot,
 * InputDispatcher's interrupt wait 21000–21100 (0.1 ms): 25.0 ms of 35.8 (text: 24.9 of 35.4),
 * 70 % either way. Started with the response, {@code fetchNews} would begin 800 µs sooner, but the
 * post-back would still make the same vsync (the animation shows the display's rhythm), so no
 * what-if is suggested. Runnable time on the path (1.3 ms) is under 2 ms; no thread runs over half.
 */
class ClickWorkerNetworkFindingsTest {

    static Stream<ScenarioForms.Form> forms() {
        return ScenarioForms.forms(ClickWorkerNetworkScenario.script()).stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("forms")
    void theUserWaitedForTheNetworkAndTheVsync(ScenarioForms.Form form) throws Exception {
        Analysis a = Analysis.of(TraceSession.load("news" + (form.proto() ? ".perfetto-trace" : ".txt"),
                ByteBuffer.wrap(form.bytes()), null));
        assertThat(a.responses()).hasSize(1);
        assertThat(a.findings(0)).singleElement().satisfies(f -> {
            assertThat(f.rule()).isEqualTo(PathWaitsRule.ID);
            String network = "on NetWorker in fetchNews for an interrupt: the network, a timer or an I/O completion";
            assertThat(f.message()).isEqualTo("The user waited " + (form.proto() ? "25.0" : "24.9") + " ms (70 % of"
                    + " this response) with no thread on the critical path running: 17.7 ms " + network
                    + "; 7.2 ms on om.example.news for vsync (the display's next frame)"
                    + (form.proto() ? "; 0.1 ms on InputDispatcher for an interrupt: the network, a timer or an I/O"
                    + " completion" : "") + ". Starting fetchNews with the response would not save time here: only"
                    + " doing it before the input (a prefetch when the screen opens, or a cache) would shorten that wait.");
            assertThat(f.suggestion()).isNull();
            assertThat(f.estimatedSavingNs()).isZero();
        });
        assertThat(a.estimate(0, Scenario.BASELINE.with(new Change.RunInParallel(
                new SliceSelector.ByName("fetchNews")))).savedNs()).isZero();
    }
}
