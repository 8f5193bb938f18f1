package dev.ura.app.analysis.graph;

import dev.ura.app.analysis.model.ThreadPathTotal;
import dev.ura.trace.model.Trace;
import dev.ura.trace.testing.ClickWorkerNetworkScenario;
import dev.ura.trace.testing.ColdLaunchScenario;
import dev.ura.trace.testing.DiskWriteBinderLockScenario;
import dev.ura.trace.testing.ScenarioTruth;
import dev.ura.trace.testing.SystemTraceScript;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The walk against the per-thread truths the Done-when scenarios (trace-formats test-jar) work out
 * by hand, with the response start and end those truths give. Only the walk decides the path, so
 * no tracked stretches are needed here.
 */
class SystemGraphScenarioTruthTest {

    static Stream<Arguments> scenarios() {
        return Stream.of(
                Arguments.of(ClickWorkerNetworkScenario.script(), ClickWorkerNetworkScenario.truth(),
                        ClickWorkerNetworkScenario.APP, ClickWorkerNetworkScenario.RENDER),
                Arguments.of(ColdLaunchScenario.script(), ColdLaunchScenario.truth(),
                        ColdLaunchScenario.APP, ColdLaunchScenario.RENDER),
                Arguments.of(DiskWriteBinderLockScenario.script(), DiskWriteBinderLockScenario.truth(),
                        DiskWriteBinderLockScenario.APP, DiskWriteBinderLockScenario.RENDER));
    }

    @ParameterizedTest(name = "{1}")
    @MethodSource("scenarios")
    void perThreadTotalsMatchTheTruth(SystemTraceScript script, ScenarioTruth truth, long app, long render)
            throws Exception {
        Trace trace = SystemFixtures.read(script);
        ResponseGraph g = SystemFixtures.graph(trace, app, truth.startUs(), render, truth.drawnAtUs(), List.of());
        SystemFixtures.assertRecorded(g);
        List<String> got = new ArrayList<>();
        for (ThreadPathTotal t : g.criticalPath().byThread()) {
            got.add(trace.system().threads().get(t.thread()).tid() + " cpu " + t.cpuNs() / 1000 + " runnable "
                    + t.runnableNs() / 1000 + " io " + t.ioNs() / 1000 + " wait " + t.waitNs() / 1000 + " other "
                    + t.otherNs() / 1000);
        }
        List<String> want = new ArrayList<>();
        for (ScenarioTruth.PathTotal p : truth.path()) {
            want.add(p.tid() + " cpu " + p.cpuUs() + " runnable " + p.runnableUs() + " io " + p.ioUs() + " wait "
                    + p.waitUs() + " other " + p.otherUs());
        }
        assertThat(got).containsExactlyInAnyOrderElementsOf(want);
    }
}
