package dev.ura.app.analysis.system;

import dev.ura.app.analysis.Analysis;
import dev.ura.app.analysis.TraceSession;
import dev.ura.app.analysis.model.Category;
import dev.ura.app.analysis.model.Response;
import dev.ura.app.analysis.model.Segment;
import dev.ura.app.analysis.model.SystemWork;
import dev.ura.trace.model.Trace;
import dev.ura.trace.testing.ScenarioForms;
import dev.ura.trace.testing.ScenarioTruth;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import static dev.ura.trace.testing.SystemScenarios.t;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue #12's Done-when known answers: the three scenarios of the trace-formats test-jar
 * ({@link ScenarioForms#scenarios()}: a click handed to a worker that waits on the network, with an
 * animation; a cold launch; a main-thread disk write plus a binder call into a thread waiting on a
 * lock), each in nine file forms, analysed as a user would ({@code TraceSession.load} +
 * {@code Analysis.of}), must give the response start, "drawn at", "on screen at", the tracked work and the critical
 * path's per-thread cpu / runnable / io / wait / other totals that each scenario's javadoc works
 * out by hand from docs/system-responses.md ({@link ScenarioTruth}). Text forms have no clock
 * snapshot (an input starts at its slice) and no FrameTimeline (no "on screen at").
 */
class SystemScenarioAnswersTest {

    record Case(ScenarioTruth truth, ScenarioForms.Form form) {
        @Override
        public String toString() {
            return truth.name() + " / " + form.name();
        }
    }

    static Stream<Case> cases() {
        List<Case> out = new ArrayList<>();
        for (ScenarioForms.Scenario s : ScenarioForms.scenarios()) {
            for (ScenarioForms.Form f : ScenarioForms.forms(s.script())) {
                out.add(new Case(s.truth(), f));
            }
        }
        return out.stream();
    }

    private static Analysis analyse(Case c) throws Exception {
        Trace trace = TraceSession.load(c.truth.name() + ".trace", ByteBuffer.wrap(c.form.bytes()), null);
        return Analysis.of(trace);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void responseStartDrawnAtAndOnScreenAt(Case c) throws Exception {
        Analysis a = analyse(c);
        ScenarioTruth truth = c.truth;
        boolean clock = c.form.proto();
        assertThat(a.responses()).as("responses").hasSize(truth.responses());
        Response r = a.responses().get(0);
        assertThat(r.thread()).isEqualTo(a.trace().system().threadIndex(truth.frames().get(0).pid()));
        assertThat(r.startNs()).as("start").isEqualTo(truth.startNs(clock));
        assertThat(r.endNs()).as("drawn at").isEqualTo(t(truth.drawnAtUs()));
        assertThat(r.finished()).isTrue();
        SystemWork w = a.systemWork(0).orElseThrow();
        assertThat(w.vsyncId()).isEqualTo(truth.vsyncId());
        assertThat(w.drawnAtNs()).isEqualTo(t(truth.drawnAtUs()));
        assertThat(w.onScreenAtNs()).as("on screen at").isEqualTo(clock ? t(truth.onScreenAtUs()) : -1);
        assertThat(a.trace().threads().get(w.drawThread()).name()).isEqualTo("RenderThread");
        assertThat(w.inputTimeConverted()).isEqualTo(clock && truth.startUs() != truth.startNoClockUs());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void trackedWorkCoversTheTruthsStretches(Case c) throws Exception {
        Analysis a = analyse(c);
        // Compared as time covered per thread, so a stretch extended by a later rule may be one or two records.
        assertThat(coverage(a, a.systemWork(0).orElseThrow().stretches().stream()
                .map(s -> new long[] {a.trace().system().threads().get(s.thread()).tid(), s.fromNs(), s.toNs()}).toList()))
                .isEqualTo(coverage(a, c.truth.stretches().stream()
                        .map(s -> new long[] {s.tid(), t(s.fromUs()), t(s.toUs())}).toList()));
    }

    /** Per thread, the merged intervals of {tid, from, to} rows, as text in µs after the base. */
    private static Map<Long, List<String>> coverage(Analysis a, List<long[]> rows) {
        Map<Long, List<long[]>> byThread = new TreeMap<>();
        for (long[] r : rows) {
            byThread.computeIfAbsent(r[0], k -> new ArrayList<>()).add(new long[] {r[1], r[2]});
        }
        Map<Long, List<String>> out = new TreeMap<>();
        byThread.forEach((tid, list) -> {
            list.sort((x, y) -> Long.compare(x[0], y[0]));
            List<long[]> merged = new ArrayList<>();
            for (long[] iv : list) {
                if (!merged.isEmpty() && iv[0] <= merged.get(merged.size() - 1)[1]) {
                    merged.get(merged.size() - 1)[1] = Math.max(merged.get(merged.size() - 1)[1], iv[1]);
                } else {
                    merged.add(iv.clone());
                }
            }
            out.put(tid, merged.stream().map(iv -> (iv[0] - t(0)) / 1000 + ".." + (iv[1] - t(0)) / 1000).toList());
        });
        return out;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void criticalPathPerThreadTotalsMatchTheTruth(Case c) throws Exception {
        Analysis a = analyse(c);
        List<Segment> path = a.criticalPath(0).segments();
        Map<Long, long[]> got = new TreeMap<>();
        long sum = 0;
        for (Segment s : path) {
            long tid = a.trace().system().threads().get(s.thread()).tid();
            got.computeIfAbsent(tid, k -> new long[5])[column(s)] += s.durationNs();
            sum += s.durationNs();
        }
        assertThat(sum).as("the pieces tile the response").isEqualTo(a.responses().get(0).durationNs());
        Map<Long, long[]> want = new TreeMap<>();
        for (ScenarioTruth.PathTotal p : c.truth.path(c.form.proto())) {
            want.put(p.tid(), new long[] {p.cpuUs(), p.runnableUs(), p.ioUs(), p.waitUs(), p.otherUs()});
        }
        assertThat(got.keySet()).as("threads on the path").isEqualTo(want.keySet());
        String[] names = {"cpu", "runnable", "io", "wait", "other"};
        for (Map.Entry<Long, long[]> e : want.entrySet()) {
            for (int k = 0; k < names.length; k++) {
                long wantNs = e.getValue()[k] * 1000;
                long gotNs = got.get(e.getKey())[k];
                assertThat(Math.abs(gotNs - wantNs)).as("%s of thread %d: %d ns, want %d ns", names[k], e.getKey(),
                        gotNs, wantNs).isLessThanOrEqualTo(wantNs / 100);
            }
        }
    }

    /** The truth's columns: cpu, runnable, io, wait, other. */
    private static int column(Segment s) {
        Category c = s.category();
        return switch (c) {
            case CPU -> 0;
            case RUNNABLE -> 1;
            case IO -> 2;
            case WAIT -> 3;
            case OTHER -> 4;
            default -> throw new AssertionError("a system path piece in category " + c + ": " + s);
        };
    }
}
