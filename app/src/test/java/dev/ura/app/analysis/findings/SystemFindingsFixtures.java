package dev.ura.app.analysis.findings;

import dev.ura.app.analysis.graph.ResponseGraph;
import dev.ura.app.analysis.graph.system.SystemGraphBuilder;
import dev.ura.app.analysis.model.EventSet;
import dev.ura.app.analysis.model.Response;
import dev.ura.app.analysis.model.ResponseWork;
import dev.ura.app.analysis.model.SystemWork;
import dev.ura.app.analysis.model.TrackedStretch;
import dev.ura.trace.io.TraceFiles;
import dev.ura.trace.model.EventTable;
import dev.ura.trace.model.Trace;
import dev.ura.trace.testing.PerfettoTraceWriter;
import dev.ura.trace.testing.SystemTraceScript;

import java.nio.ByteBuffer;
import java.util.List;

import static dev.ura.trace.testing.SystemScenarios.t;

/**
 * A small machine for the system-trace finding rules, timed in µs after the base so every number
 * can be worked out by hand. The app's main thread (1000) handles an input (deliverInputEvent
 * 100–5500) and in it:
 * <ul>
 * <li>commits preferences ({@code SharedPreferences.commit} 200–1400) and sleeps in D 300–1300
 *     until an interrupt;</li>
 * <li>in {@code loadConfig} (1500–5400) calls system_server over binder (tx 90 sent 1600, received
 *     by binder:600_1 (610) at 1620; the main thread sleeps 1610–5310; reply 91 sent 5310, received
 *     5330). The binder thread runs {@code AIDL::java::IConfig::get::server} (1630–5300) and in it
 *     {@code Lock contention on a monitor lock (owner tid: 620)} (1700–5210): it sleeps 1710–2700
 *     until android.display (620), running {@code updateLocked} (10–2700) on CPU 1 since 0, wakes
 *     it; then it waits for CPU 0 2700–5200, held by {@code other} (700, com.other) 1710–5200;</li>
 * <li>sleeps 5510–8000 until SurfaceFlinger's {@code app} thread (vsync) wakes it, runs
 *     {@code Choreographer#doFrame 43} (8010–8200) and wakes RenderThread (1010) at 8100, which
 *     runs 8110–9010 and draws {@code DrawFrames 43} (8120–9000).</li>
 * </ul>
 * The response runs from 100 (the input) to 9000 (drawn at).
 */
final class SystemFindingsFixtures {
    static final long APP = 1000;
    static final long RENDER = 1010;
    static final long SYSTEM_SERVER = 600;
    static final long BINDER = 610;
    static final long HOLDER = 620;
    static final long SF = 500;
    static final long SF_APP = 510;
    static final long OTHER = 700;
    static final String MAIN = "om.example.feed";

    private SystemFindingsFixtures() {
    }

    static SystemTraceScript script() {
        SystemTraceScript s = new SystemTraceScript()
                .process(APP, "com.example.feed").thread(RENDER, APP)
                .process(SYSTEM_SERVER, "system_server").thread(BINDER, SYSTEM_SERVER).thread(HOLDER, SYSTEM_SERVER)
                .process(SF, "/system/bin/surfaceflinger").thread(SF_APP, SF)
                .process(OTHER, "com.other");
        s.sw(0, t(0), 0, null, "R", RENDER, "RenderThread")
                .sw(1, t(0), 0, null, "R", HOLDER, "android.display")
                .print(1, t(10), HOLDER, "android.display", "B|600|updateLocked")
                .sw(0, t(50), RENDER, "RenderThread", "S", APP, MAIN)
                .print(0, t(100), APP, MAIN, "B|1000|deliverInputEvent src=0x1002 id=0x7")
                .print(0, t(200), APP, MAIN, "B|1000|SharedPreferences.commit")
                .sw(0, t(300), APP, MAIN, "D", 0, null)
                .waking(0, t(1300), 0, null, APP, MAIN, 0, true)
                .sw(0, t(1300), 0, null, "R", APP, MAIN)
                .print(0, t(1400), APP, MAIN, "E|1000")
                .print(0, t(1500), APP, MAIN, "B|1000|loadConfig")
                .binderTx(0, t(1600), APP, MAIN, 90, SYSTEM_SERVER, BINDER, false, 0, 5)
                .waking(0, t(1600), APP, MAIN, BINDER, "binder:600_1", 0, false)
                .sw(0, t(1610), APP, MAIN, "S", BINDER, "binder:600_1")
                .binderRx(0, t(1620), BINDER, "binder:600_1", 90)
                .print(0, t(1630), BINDER, "binder:600_1", "B|600|AIDL::java::IConfig::get::server")
                .print(0, t(1700), BINDER, "binder:600_1", "B|600|Lock contention on a monitor lock (owner tid: 620)")
                .sw(0, t(1710), BINDER, "binder:600_1", "S", OTHER, "other")
                .waking(1, t(2700), HOLDER, "android.display", BINDER, "binder:600_1", 0, false)
                .print(1, t(2700), HOLDER, "android.display", "E|600")
                .sw(0, t(5200), OTHER, "other", "S", BINDER, "binder:600_1")
                .print(0, t(5210), BINDER, "binder:600_1", "E|600")
                .print(0, t(5300), BINDER, "binder:600_1", "E|600")
                .binderTx(0, t(5310), BINDER, "binder:600_1", 91, APP, APP, true, 0, 0)
                .waking(0, t(5310), BINDER, "binder:600_1", APP, MAIN, 0, false)
                .sw(0, t(5320), BINDER, "binder:600_1", "S", APP, MAIN)
                .binderRx(0, t(5330), APP, MAIN, 91)
                .print(0, t(5400), APP, MAIN, "E|1000")
                .print(0, t(5500), APP, MAIN, "E|1000")
                .sw(0, t(5510), APP, MAIN, "S", 0, null)
                .sw(1, t(6000), HOLDER, "android.display", "S", 0, null)
                .sw(1, t(7990), 0, null, "R", SF_APP, "app")
                .waking(1, t(8000), SF_APP, "app", APP, MAIN, 0, false)
                .sw(0, t(8000), 0, null, "R", APP, MAIN)
                .sw(1, t(8005), SF_APP, "app", "S", 0, null)
                .print(0, t(8010), APP, MAIN, "B|1000|Choreographer#doFrame 43")
                .waking(0, t(8100), APP, MAIN, RENDER, "RenderThread", 1, false)
                .sw(1, t(8110), 0, null, "R", RENDER, "RenderThread")
                .print(1, t(8120), RENDER, "RenderThread", "B|1000|DrawFrames 43")
                .print(0, t(8200), APP, MAIN, "E|1000")
                .sw(0, t(8210), APP, MAIN, "S", 0, null)
                .print(1, t(9000), RENDER, "RenderThread", "E|1000")
                .sw(1, t(9010), RENDER, "RenderThread", "S", 0, null);
        return s;
    }

    static Trace read(SystemTraceScript script) throws Exception {
        return TraceFiles.read("findings.pftrace", ByteBuffer.wrap(PerfettoTraceWriter.write(script,
                PerfettoTraceWriter.Options.plain())), null);
    }

    static int thread(Trace trace, long tid) {
        return trace.system().threadIndex(tid);
    }

    /** The response from {@code startUs} on {@code triggerTid}, drawn at {@code drawnAtUs} on {@code drawTid}. */
    static ResponseGraph graph(Trace trace, long triggerTid, long startUs, long drawTid, long drawnAtUs,
                               List<TrackedStretch> stretches) {
        int trigger = thread(trace, triggerTid);
        Response r = new Response(0, "deliverInputEvent", trigger, trace.threads().get(trigger).name(), t(startUs),
                t(drawnAtUs), true, null);
        ResponseWork work = new ResponseWork(trace, EventTable.empty(), List.of(), r, -1, EventSet.EMPTY, List.of(), -1);
        SystemWork sys = new SystemWork(stretches, 43, thread(trace, drawTid), t(drawnAtUs), -1, false);
        return new SystemGraphBuilder().build(work, sys);
    }

    static TrackedStretch stretch(Trace trace, long tid, long fromUs, long toUs, TrackedStretch.Cause cause, long by) {
        return new TrackedStretch(thread(trace, tid), t(fromUs), t(toUs), cause, by < 0 ? -1 : thread(trace, by));
    }
}
