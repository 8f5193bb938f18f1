package dev.ura.trace.system;

import dev.ura.trace.io.TraceFiles;
import dev.ura.trace.model.CallTable;
import dev.ura.trace.model.Trace;
import dev.ura.trace.model.system.AsyncSlice;
import dev.ura.trace.model.system.BinderTransaction;
import dev.ura.trace.model.system.Frame;
import dev.ura.trace.model.system.SystemTrace;
import dev.ura.trace.model.system.ThreadInfo;
import dev.ura.trace.model.system.ThreadStateTable;
import dev.ura.trace.testing.ClickWorkerNetworkScenario;
import dev.ura.trace.testing.ColdLaunchScenario;
import dev.ura.trace.testing.DiskWriteBinderLockScenario;
import dev.ura.trace.testing.ScenarioForms;
import dev.ura.trace.testing.ScenarioTruth;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static dev.ura.trace.testing.SystemScenarios.t;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The three Done-when scenarios of issue #12 ({@link ClickWorkerNetworkScenario},
 * {@link ColdLaunchScenario}, {@link DiskWriteBinderLockScenario}) in every form a user can bring
 * must read as their hand-computed {@link ScenarioTruth}: threads per process, names, slice counts,
 * frames joined with their draw and presentation, the clock conversion of the input time, and the
 * wakeups and binder hand-offs the critical path follows. Text forms carry no clock snapshot and no
 * FrameTimeline: the input time cannot be converted and frames have no present time.
 */
class SystemScenarioFormsTest {

    /** One scenario in one form. */
    record Case(String scenario, String form, ScenarioTruth truth, byte[] bytes, boolean proto, boolean tgids) {
        @Override
        public String toString() {
            return scenario + " / " + form;
        }
    }

    static Stream<Case> cases() {
        List<Case> out = new ArrayList<>();
        for (ScenarioForms.Scenario sc : ScenarioForms.scenarios()) {
            for (ScenarioForms.Form f : ScenarioForms.forms(sc.script())) {
                out.add(new Case(sc.truth().name(), f.name(), sc.truth(), f.bytes(), f.proto(), f.tgids()));
            }
        }
        return out.stream();
    }

    private static Trace read(Case c) throws Exception {
        return TraceFiles.read(c.truth.name() + ".trace", ByteBuffer.wrap(c.bytes), null);
    }

    private static int idx(Trace t, long tid) {
        int i = t.system().threadIndex(tid);
        assertThat(i).as("thread %d", tid).isGreaterThanOrEqualTo(0);
        return i;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void threadsProcessesAndSlices(Case c) throws Exception {
        Trace t = read(c);
        ScenarioTruth truth = c.truth;
        SystemTrace s = t.system();
        assertThat(t.metadata().format()).isEqualTo(c.proto ? "perfetto" : "systrace");
        assertThat(t.warnings()).as("warnings").isEmpty();
        Set<Long> tids = new HashSet<>();
        s.threads().forEach(th -> tids.add(th.tid()));
        assertThat(tids).as("threads").containsAll(truth.threadNames().keySet());
        tids.removeAll(truth.threadNames().keySet());
        // The protobuf process dump also names each process's main thread, even one that never ran.
        assertThat(tids).as("threads beyond the scenario's").isSubsetOf(c.proto ? truth.processNames().keySet() : Set.of());
        for (Map.Entry<Long, List<Long>> p : truth.threads().entrySet()) {
            for (long tid : p.getValue()) {
                ThreadInfo info = s.threads().get(idx(t, tid));
                if (c.tgids || truth.sliceCounts().get(tid) > 0) {
                    assertThat(info.tgid()).as("process of %d", tid).isEqualTo(p.getKey());
                } else {
                    // Without the TGID column only atrace payloads and task_newtask say (format reference §11.2).
                    assertThat(info.tgid()).as("process of %d", tid).isIn(p.getKey(), -1L);
                }
            }
        }
        for (Map.Entry<Long, String> n : truth.threadNames().entrySet()) {
            assertThat(t.threads().get(idx(t, n.getKey())).name()).as("name of %d", n.getKey()).isEqualTo(n.getValue());
            assertThat(s.threads().get(idx(t, n.getKey())).lastName()).isEqualTo(n.getValue());
        }
        Map<Long, String> names = c.proto ? truth.processNames() : truth.processComms();
        for (Map.Entry<Long, String> p : names.entrySet()) {
            if (!c.tgids && truth.sliceCounts().get(p.getKey()) == 0) {
                continue; // nothing in a text trace without TGID ties that thread to a process
            }
            assertThat(s.process(p.getKey())).as("process %d", p.getKey()).get()
                    .extracting(x -> x.name()).isEqualTo(p.getValue());
        }
        for (Map.Entry<Long, Integer> sc : truth.sliceCounts().entrySet()) {
            assertThat(t.threads().get(idx(t, sc.getKey())).calls().size()).as("slices of %d", sc.getKey())
                    .isEqualTo(sc.getValue());
        }
        long app = truth.frames().get(0).pid();
        assertThat(t.mainThread()).get().extracting(th -> th.id()).isEqualTo(app);
        assertThat(t.metadata().pid()).isEqualTo(app);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void framesJoinDrawAndPresentation(Case c) throws Exception {
        Trace t = read(c);
        List<Frame> frames = t.system().frames();
        assertThat(frames).hasSameSizeAs(c.truth.frames());
        int render = -1;
        for (int i = 0; i < frames.size(); i++) {
            ScenarioTruth.FrameTruth want = c.truth.frames().get(i);
            Frame f = frames.get(i);
            assertThat(f.vsyncId()).isEqualTo(want.vsyncId());
            assertThat(f.pid()).isEqualTo(want.pid());
            assertThat(f.mainThread()).isEqualTo(idx(t, want.pid()));
            assertThat(f.doFrameStartNs()).as("doFrame start %d", want.vsyncId()).isEqualTo(t(want.doFrameStartUs()));
            assertThat(f.doFrameEndNs()).as("doFrame end %d", want.vsyncId()).isEqualTo(t(want.doFrameEndUs()));
            assertThat(f.drawEndNs()).as("drawn at %d", want.vsyncId()).isEqualTo(t(want.drawEndUs()));
            assertThat(f.presentNs()).as("on screen at %d", want.vsyncId())
                    .isEqualTo(c.proto ? t(want.presentUs()) : -1);
            assertThat(f.presentType()).isEqualTo(c.proto ? 1 : 0);
            assertThat(f.renderThread()).isGreaterThanOrEqualTo(0);
            assertThat(t.threads().get(f.renderThread()).name()).isEqualTo("RenderThread");
            render = f.renderThread();
        }
        Frame end = frames.stream().filter(f -> f.vsyncId() == c.truth.vsyncId()).findFirst().orElseThrow();
        assertThat(end.drawEndNs()).isEqualTo(t(c.truth.drawnAtUs()));
        assertThat(end.presentNs()).isEqualTo(c.proto ? t(c.truth.onScreenAtUs()) : -1);
        assertThat(render).isGreaterThanOrEqualTo(0);
    }

    private static final Pattern EVENT_TIME = Pattern.compile("eventTimeNano=(\\d+)");

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void theResponseStartCanBeWorkedOut(Case c) throws Exception {
        Trace t = read(c);
        SystemTrace s = t.system();
        long app = c.truth.frames().get(0).pid();
        CallTable main = t.threads().get(idx(t, app)).calls();
        String input = null;
        long inputStart = -1;
        long bindStart = -1;
        for (int i = 0; i < main.size(); i++) {
            String name = t.methods().get(main.method(i)).name();
            if (name.startsWith("deliverInputEvent")) {
                input = name;
                inputStart = main.start(i);
            } else if (name.equals("bindApplication")) {
                bindStart = main.start(i);
            }
        }
        if (input != null) {
            assertThat(inputStart).isEqualTo(t(c.truth.startNoClockUs()));
            Matcher m = EVENT_TIME.matcher(input);
            assertThat(m.find()).isTrue();
            if (c.proto) {
                assertThat(s.clocks().monotonicToBoot(Long.parseLong(m.group(1)))).isEqualTo(t(c.truth.startUs()));
            } else {
                assertThat(s.clocks().hasMonotonic()).isFalse();
            }
        } else {
            assertThat(bindStart).isGreaterThanOrEqualTo(0);
            long launchStart = bindStart;
            for (AsyncSlice a : s.asyncSlices()) {
                if (a.name().startsWith("launchingActivity#") && a.endNs() > a.startNs()
                        && a.startNs() <= bindStart && bindStart < a.endNs()) {
                    launchStart = a.startNs();
                }
            }
            assertThat(launchStart).isEqualTo(t(c.truth.startUs()));
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void wakeupsAndBinderTheCriticalPathFollows(Case c) throws Exception {
        Trace t = read(c);
        SystemTrace s = t.system();
        switch (c.scenario) {
            case "click-worker-network" -> clickHandOffs(t, s);
            case "cold-launch" -> launchHandOffs(t, s, c.proto, c.tgids);
            case "disk-write-binder-lock" -> binderLockHandOffs(t, s, c.proto);
            default -> throw new IllegalStateException(c.scenario);
        }
    }

    private static void clickHandOffs(Trace t, SystemTrace s) {
        int main = idx(t, ClickWorkerNetworkScenario.APP);
        int worker = idx(t, ClickWorkerNetworkScenario.WORKER);
        int sync = idx(t, ClickWorkerNetworkScenario.SYNC);
        int vsync = idx(t, ClickWorkerNetworkScenario.SF_APP);
        assertThat(s.wakeups().size()).isEqualTo(16);
        assertStates(t, s.states().get(worker), 21000, 44000,
                "SLEEPING 100-21700 waker " + main,
                "RUNNABLE 21700-21750 waker " + main,
                "RUNNING 21750-22300 waker -1",
                "SLEEPING 22300-40000 waker -2",
                "RUNNABLE 40000-41000 waker -2",
                "RUNNING 41000-43300 waker -1",
                "SLEEPING 43300-73500 waker -1");
        assertStates(t, s.states().get(sync), 38000, 45000,
                "SLEEPING 400-38900 waker -2",
                "RUNNABLE 38900-39000 waker -2",
                "RUNNING 39000-41000 waker -1",
                "RUNNABLE_PREEMPTED 41000-43300 waker -1",
                "RUNNING 43300-44000 waker -1",
                "SLEEPING 44000-73500 waker -1");
        assertStates(t, s.states().get(main), 35200, 52000,
                "RUNNABLE 35200-35250 waker " + vsync,
                "RUNNING 35250-37350 waker -1",
                "SLEEPING 37350-43100 waker " + worker,
                "RUNNABLE 43100-43150 waker " + worker,
                "RUNNING 43150-44600 waker -1",
                "SLEEPING 44600-51800 waker " + vsync,
                "RUNNABLE 51800-51850 waker " + vsync,
                "RUNNING 51850-53950 waker -1");
        assertThat(s.states().get(worker).cpu(s.states().get(worker).indexAt(t(42000)))).isEqualTo(3);
        assertThat(s.binder()).isEmpty();
    }

    private static void launchHandOffs(Trace t, SystemTrace s, boolean proto, boolean tgids) {
        int main = idx(t, ColdLaunchScenario.APP);
        int render = idx(t, ColdLaunchScenario.RENDER);
        int pre = idx(t, ColdLaunchScenario.PRELOADER);
        int zygote = idx(t, ColdLaunchScenario.ZYGOTE);
        assertThat(s.wakeups().size()).isEqualTo(9);
        int newTasks = 0;
        for (int i = 0; i < s.wakeups().size(); i++) {
            if (s.wakeups().newTask(i)) {
                newTasks++;
            }
        }
        assertThat(newTasks).isEqualTo(3);
        ThreadStateTable m = s.states().get(main);
        assertStates(t, m, 0, 22200,
                "RUNNABLE 1010-1050 waker " + zygote,
                "RUNNING 1050-3000 waker -1",
                "UNINTERRUPTIBLE 3000-5000 waker -2",
                "RUNNABLE 5000-5050 waker -2",
                "RUNNING 5050-11200 waker -1",
                "SLEEPING 11200-14000 waker " + pre,
                "RUNNABLE 14000-14100 waker " + pre,
                "RUNNING 14100-15500 waker -1",
                "SLEEPING 15500-18000 waker " + idx(t, ColdLaunchScenario.SF_APP),
                "RUNNABLE 18000-18050 waker " + idx(t, ColdLaunchScenario.SF_APP),
                "RUNNING 18050-22200 waker -1");
        assertThat(m.blockedFunction(2)).isEqualTo(proto ? "0xffffffc008234560 (io_wait)" : "filemap_fault+0x5c/0x7a0");
        assertStates(t, s.states().get(render), 0, 27100,
                "RUNNABLE 14710-14750 waker " + main,
                "RUNNING 14750-15000 waker -1",
                "SLEEPING 15000-21500 waker " + main,
                "RUNNABLE 21500-21550 waker " + main,
                "RUNNING 21550-26700 waker -1",
                "SLEEPING 26700-27100 waker -1");
        assertThat(s.threads().get(main).names()).extracting(ThreadInfo.Name::name)
                .containsExactly("main", ColdLaunchScenario.APP_COMM);
        assertThat(s.threads().get(main).names().get(1).sinceNs()).isEqualTo(t(1700));
        assertThat(s.threads().get(render).names()).extracting(ThreadInfo.Name::name)
                .containsExactly(ColdLaunchScenario.APP_COMM, "RenderThread");
        assertThat(s.threads().get(render).names().get(1).sinceNs()).isEqualTo(t(14800));
        assertThat(s.threads().get(pre).names().get(1).sinceNs()).isEqualTo(t(6100));
        assertThat(s.process(ColdLaunchScenario.APP)).get().satisfies(p -> {
            // Without TGID nothing says zygote's thread 400 is process 400's: the parent is unknown.
            assertThat(p.ppid()).isEqualTo(tgids ? ColdLaunchScenario.ZYGOTE : -1);
            assertThat(p.startNs()).isEqualTo(t(1000));
        });
        assertThat(s.asyncSlices()).containsExactly(
                new AsyncSlice(600, "launchingActivity#1", "launchingActivity#1", 0, t(500), t(27050), true),
                new AsyncSlice(600, "launchingActivity#1",
                        "launchingActivity#1:completed-cold:com.example.shop", 0, t(27060), t(27060), true));
        assertThat(s.binder()).isEmpty();
    }

    private static void binderLockHandOffs(Trace t, SystemTrace s, boolean proto) {
        int main = idx(t, DiskWriteBinderLockScenario.APP);
        int binder = idx(t, DiskWriteBinderLockScenario.BINDER);
        int holder = idx(t, DiskWriteBinderLockScenario.LOCK_HOLDER);
        assertThat(s.wakeups().size()).isEqualTo(8);
        assertThat(s.binder()).containsExactly(
                new BinderTransaction(301, false, false, main, t(5200), 600, binder, t(5310), -1, 7),
                new BinderTransaction(302, true, false, binder, t(10600), DiskWriteBinderLockScenario.APP, main,
                        t(10660), 0, 0));
        ThreadStateTable m = s.states().get(main);
        assertStates(t, m, 1000, 11100,
                "SLEEPING 200-1250 waker " + idx(t, DiskWriteBinderLockScenario.DISPATCHER),
                "RUNNABLE 1250-1300 waker " + idx(t, DiskWriteBinderLockScenario.DISPATCHER),
                "RUNNING 1300-1800 waker -1",
                "UNINTERRUPTIBLE 1800-4800 waker -2",
                "RUNNABLE 4800-4850 waker -2",
                "RUNNING 4850-5250 waker -1",
                "SLEEPING 5250-10600 waker " + binder,
                "RUNNABLE 10600-10650 waker " + binder,
                "RUNNING 10650-11100 waker -1");
        assertThat(m.blockedFunction(m.indexAt(t(2000))))
                .isEqualTo(proto ? "0xffffffc008123456 (io_wait)" : "f2fs_wait_on_page_writeback+0x64/0xa8");
        assertStates(t, s.states().get(binder), 5000, 10700,
                "SLEEPING 100-5200 waker " + main,
                "RUNNABLE 5200-5300 waker " + main,
                "RUNNING 5300-5700 waker -1",
                "SLEEPING 5700-9950 waker " + holder,
                "RUNNABLE 9950-10000 waker " + holder,
                "RUNNING 10000-10700 waker -1");
        assertStates(t, s.states().get(holder), 0, 10100, "RUNNING 50-10100 waker -1");
    }

    /** The thread's states overlapping [fromUs, toUs), as "STATE start-end waker w" in µs. */
    private static void assertStates(Trace t, ThreadStateTable st, long fromUs, long toUs, String... want) {
        List<String> got = new ArrayList<>();
        for (int i = 0; i < st.size(); i++) {
            if (st.end(i) > t(fromUs) && st.start(i) < t(toUs)) {
                got.add(st.state(i) + " " + (st.start(i) - t(0)) / 1000 + "-" + (st.end(i) - t(0)) / 1000
                        + " waker " + st.waker(i));
            }
        }
        assertThat(got).containsExactly(want);
    }
}
