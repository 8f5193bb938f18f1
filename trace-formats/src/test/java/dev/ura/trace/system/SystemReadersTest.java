package dev.ura.trace.system;

import dev.ura.trace.io.TraceFiles;
import dev.ura.trace.io.TraceFormatException;
import dev.ura.trace.model.CallTable;
import dev.ura.trace.model.Trace;
import dev.ura.trace.model.system.AsyncSlice;
import dev.ura.trace.model.system.BinderTransaction;
import dev.ura.trace.model.system.CounterTrack;
import dev.ura.trace.model.system.Frame;
import dev.ura.trace.model.system.SystemTrace;
import dev.ura.trace.model.system.ThreadInfo;
import dev.ura.trace.model.system.ThreadState;
import dev.ura.trace.model.system.ThreadStateTable;
import dev.ura.trace.testing.PerfettoTraceWriter;
import dev.ura.trace.testing.PerfettoTraceWriter.Options;
import dev.ura.trace.testing.SystemScenarios;
import dev.ura.trace.testing.SystemTraceScript;
import dev.ura.trace.testing.SystraceWriter;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static dev.ura.trace.testing.SystemScenarios.APP;
import static dev.ura.trace.testing.SystemScenarios.BINDER;
import static dev.ura.trace.testing.SystemScenarios.JIT;
import static dev.ura.trace.testing.SystemScenarios.POOL;
import static dev.ura.trace.testing.SystemScenarios.RENDER;
import static dev.ura.trace.testing.SystemScenarios.SF;
import static dev.ura.trace.testing.SystemScenarios.WORKER;
import static dev.ura.trace.testing.SystemScenarios.t;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * One hand-timed scenario ({@link SystemScenarios#tap()}) in every form a user can bring; each
 * must give the same threads, slices, states, wakeups, binder and frames, worked out by hand
 * from the scenario's timeline.
 */
class SystemReadersTest {

    /** A form of the scenario: its bytes and whether it carries protobuf-only data. */
    record Form(String name, byte[] bytes, boolean proto, boolean tgids) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Form> forms() {
        SystemTraceScript s = SystemScenarios.tap();
        Options plain = Options.plain();
        String text = SystraceWriter.text(s, true);
        List<Form> f = new ArrayList<>();
        f.add(new Form("protobuf", PerfettoTraceWriter.write(s, plain), true, true));
        f.add(new Form("protobuf compact sched", PerfettoTraceWriter.write(s, plain.withCompact()), true, true));
        f.add(new Form("protobuf compressed_packets", PerfettoTraceWriter.write(s, plain.withCompressed()), true, true));
        f.add(new Form("protobuf gzip", PerfettoTraceWriter.write(s, plain.withGzip()), true, true));
        f.add(new Form("protobuf compact+compressed+gzip",
                PerfettoTraceWriter.write(s, plain.withCompact().withCompressed().withGzip()), true, true));
        f.add(new Form("protobuf one event per bundle", PerfettoTraceWriter.write(s,
                new Options(false, false, false, 1, false)), true, true));
        f.add(new Form("text with TGID", bytes(text), false, true));
        f.add(new Form("text without TGID", bytes(SystraceWriter.text(s, false)), false, false));
        f.add(new Form("text CRLF after adb junk", bytes("capturing trace... done\r\nTRACE:\r\n"
                + text.replace("\n", "\r\n")), false, true));
        f.add(new Form("atrace -z", zlibAfterMarker(text), false, true));
        f.add(new Form("systrace HTML", bytes(SystraceWriter.html(s)), false, true));
        f.add(new Form("legacy systrace HTML", bytes(SystraceWriter.legacyHtml(s)), false, false));
        return f.stream();
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] zlibAfterMarker(String text) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(bytes("TRACE:\n"));
        out.writeBytes(PerfettoTraceWriter.zlib(bytes(text)));
        return out.toByteArray();
    }

    private static Trace read(Form f) throws TraceFormatException {
        return TraceFiles.read("tap." + f.name, ByteBuffer.wrap(f.bytes), null);
    }

    private static int idx(Trace t, long tid) {
        int i = t.system().threadIndex(tid);
        assertThat(i).as("thread %d", tid).isGreaterThanOrEqualTo(0);
        return i;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("forms")
    void threadsSlicesAndTheAppAreFound(Form f) throws Exception {
        Trace t = read(f);
        assertThat(t.metadata().format()).isEqualTo(f.proto ? "perfetto" : "systrace");
        assertThat(t.mainThread()).get().extracting(th -> th.id()).isEqualTo(APP);
        assertThat(t.metadata().pid()).isEqualTo(APP);
        CallTable main = t.threads().get(idx(t, APP)).calls();
        assertThat(main.size()).isEqualTo(3);
        assertCall(t, main, 0, "deliverInputEvent src=0x1002 eventTimeNano=7999900000 id=0x1", 0, 100, 400);
        assertCall(t, main, 1, "Choreographer#doFrame 42", 0, 1700, 1950);
        assertCall(t, main, 2, "traversal", 1, 1710, 1900);
        CallTable worker = t.threads().get(idx(t, WORKER)).calls();
        assertThat(worker.size()).isEqualTo(2);
        assertCall(t, worker, 0, "fetch", 0, 360, 800);
        assertCall(t, worker, 1, "write", 0, 810, 1530);
        assertCall(t, t.threads().get(idx(t, BINDER)).calls(), 0, "AIDL::java::IFeed::load::server", 0, 520, 700);
        assertCall(t, t.threads().get(idx(t, RENDER)).calls(), 0, "DrawFrames 42", 0, 1830, 2500);
        assertThat(t.threads().get(idx(t, SF)).calls().size()).isZero();
        assertThat(t.warnings()).contains("1 slice ends ('E') with no open slice on their thread (dropped)");

        SystemTrace s = t.system();
        assertThat(s.threads().get(idx(t, WORKER)).tgid()).isEqualTo(APP);
        assertThat(s.threads().get(idx(t, BINDER)).tgid()).isEqualTo(600);
        if (f.tgids) {
            assertThat(s.threads().get(idx(t, JIT)).tgid()).isEqualTo(APP);
            assertThat(s.threads().get(idx(t, POOL)).tgid()).isEqualTo(APP);
        }
        ThreadInfo pool = s.threads().get(idx(t, POOL));
        assertThat(pool.names()).extracting(ThreadInfo.Name::name).containsExactly("om.example.feed", "pool-1-thread-1");
        assertThat(pool.names().get(1).sinceNs()).isEqualTo(t(60));
        assertThat(t.threads().get(idx(t, JIT)).name()).isEqualTo("Jit thread pool");
        assertThat(t.threads().get(idx(t, WORKER)).name()).isEqualTo("FeedWorker");
        assertThat(s.process(APP)).get().extracting(p -> p.name())
                .isEqualTo(f.proto ? "com.example.feed" : "om.example.feed");
    }

    private static void assertCall(Trace t, CallTable c, int i, String name, int depth, long startUs, long endUs) {
        assertThat(t.methods().get(c.method(i)).name()).isEqualTo(name);
        assertThat(c.depth(i)).as("depth of %s", name).isEqualTo(depth);
        assertThat(c.start(i)).as("start of %s", name).isEqualTo(t(startUs));
        assertThat(c.end(i)).as("end of %s", name).isEqualTo(t(endUs));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("forms")
    void schedulerStatesFollowSwitchesAndWakeups(Form f) throws Exception {
        Trace t = read(f);
        SystemTrace s = t.system();
        int app = idx(t, APP);
        int worker = idx(t, WORKER);
        int binder = idx(t, BINDER);
        assertStates(s.states().get(app), new Object[][] {
                {ThreadState.RUNNING, 0, 500, ThreadStateTable.WAKER_NONE},
                {ThreadState.SLEEPING, 500, 1600, worker},
                {ThreadState.RUNNABLE, 1600, 1650, worker},
                {ThreadState.RUNNING, 1650, 2000, ThreadStateTable.WAKER_NONE},
                {ThreadState.SLEEPING, 2000, 2600, ThreadStateTable.WAKER_NONE}});
        assertStates(s.states().get(worker), new Object[][] {
                {ThreadState.RUNNABLE, 300, 350, app},
                {ThreadState.RUNNING, 350, 420, ThreadStateTable.WAKER_NONE},
                {ThreadState.SLEEPING, 420, 710, binder},
                {ThreadState.RUNNABLE, 710, 750, binder},
                {ThreadState.RUNNING, 750, 820, ThreadStateTable.WAKER_NONE},
                {ThreadState.UNINTERRUPTIBLE, 820, 1500, ThreadStateTable.WAKER_INTERRUPT},
                {ThreadState.RUNNABLE, 1500, 1520, ThreadStateTable.WAKER_INTERRUPT},
                {ThreadState.RUNNING, 1520, 1610, ThreadStateTable.WAKER_NONE},
                {ThreadState.SLEEPING, 1610, 2600, ThreadStateTable.WAKER_NONE}});
        assertStates(s.states().get(binder), new Object[][] {
                {ThreadState.RUNNABLE, 400, 500, worker},
                {ThreadState.RUNNING, 500, 720, ThreadStateTable.WAKER_NONE},
                {ThreadState.SLEEPING, 720, 2600, ThreadStateTable.WAKER_NONE}});
        assertStates(s.states().get(idx(t, RENDER)), new Object[][] {
                {ThreadState.RUNNABLE, 1800, 1820, app},
                {ThreadState.RUNNING, 1820, 2600, ThreadStateTable.WAKER_NONE},
                // switched out asleep by the scenario's last scheduler event (2600): that sleep is kept,
                // empty, open to where the scheduler data ends
                {ThreadState.SLEEPING, 2600, 2600, ThreadStateTable.WAKER_NONE}});
        assertThat(s.states().get(idx(t, RENDER)).cpu(1)).isEqualTo(1);
        assertThat(s.wakeups().size()).isEqualTo(7);
        assertThat(s.wakeups().time(3)).isEqualTo(t(1500));
        assertThat(s.wakeups().fromInterrupt(3)).isTrue();
        assertThat(s.wakeups().wakee(3)).isEqualTo(worker);
        assertThat(s.wakeups().waker(4)).isEqualTo(worker);
        assertThat(s.wakeups().wakee(4)).isEqualTo(app);
    }

    private static void assertStates(ThreadStateTable st, Object[][] expected) {
        List<String> got = new ArrayList<>();
        for (int i = 0; i < st.size(); i++) {
            got.add(st.state(i) + " " + (st.start(i) - t(0)) / 1000 + "-" + (st.end(i) - t(0)) / 1000 + " waker " + st.waker(i));
        }
        List<String> want = new ArrayList<>();
        for (Object[] e : expected) {
            want.add(e[0] + " " + e[1] + "-" + e[2] + " waker " + e[3]);
        }
        assertThat(got).containsExactlyElementsOf(want);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("forms")
    void binderFramesAsyncAndCounters(Form f) throws Exception {
        Trace t = read(f);
        SystemTrace s = t.system();
        List<BinderTransaction> b = s.binder();
        assertThat(b).hasSize(2);
        assertThat(b.get(0)).isEqualTo(new BinderTransaction(77, false, false, idx(t, WORKER), t(400), 600,
                idx(t, BINDER), t(510), -1, 3));
        assertThat(b.get(1)).isEqualTo(new BinderTransaction(78, true, false, idx(t, BINDER), t(710), APP,
                idx(t, WORKER), t(760), 0, 0));

        assertThat(s.frames()).hasSize(1);
        Frame fr = s.frames().get(0);
        assertThat(fr).isEqualTo(new Frame(42, APP, idx(t, APP), t(1700), t(1950), idx(t, RENDER), t(1830), t(2500),
                f.proto ? t(3000) : -1, f.proto ? 1 : 0, 0));

        assertThat(s.asyncSlices()).containsExactly(
                new AsyncSlice(APP, "launching: com.example.feed", "launching: com.example.feed", 5, t(20), t(2550), true));
        assertThat(s.counters()).hasSize(1);
        CounterTrack c = s.counters().get(0);
        assertThat(c.name()).isEqualTo("aq:pending:Feed");
        assertThat(c.pid()).isEqualTo(APP);
        assertThat(c.size()).isEqualTo(2);
        assertThat(c.time(1)).isEqualTo(t(450));
        assertThat(c.value(0)).isEqualTo(1.0);
        if (f.proto) {
            // eventTimeNano is MONOTONIC; the snapshot says BOOTTIME = MONOTONIC + 2 s.
            assertThat(s.clocks().monotonicToBoot(7_999_900_000L)).isEqualTo(t(-100));
            assertThat(s.kernelRelease()).isEqualTo("6.1.75-android14-11");
        } else {
            assertThat(s.clocks().hasMonotonic()).isFalse();
        }
    }
}
