package dev.ura.trace.testing;

import java.util.List;
import java.util.Map;

import static dev.ura.trace.testing.SystemScenarios.t;

/**
 * A tap whose handler writes to disk on the main thread and then makes a binder call into
 * system_server, whose binder thread waits for a monitor held by another system_server thread
 * that has been busy since before the call. Times are µs after {@link SystemScenarios#BASE_NS};
 * 4 CPUs. Two clock snapshots: at boot −1 000 000 (BOOTTIME = MONOTONIC + 5.0 s) and at boot 0
 * (BOOTTIME = MONOTONIC + 5.2 s); the input's time converts with the latest one at or before it.
 *
 * <p>The touch at 1000 (eventTimeNano 4 801 000 000). An interrupt wakes InputDispatcher at 1100
 * (CPU 2), it runs 1150…1350 ({@code sendMessage} 1200…1300) and wakes main at 1250. Main (CPU 0)
 * runs 1300…1800: {@code deliverInputEvent} 1400…11000, {@code writeNote} 1500…5000; asleep in D
 * 1800…4800 (woken from an interrupt, {@code sched_blocked_reason}
 * {@code f2fs_wait_on_page_writeback}); runs 4850…5250: {@code AIDL::java::INoteSync::sync::client}
 * 5100…10800, binder transaction 301 to system_server at 5200 and a wake of {@code binder:600_3} at
 * 5200; asleep 5250…10600. {@code binder:600_3} (CPU 3) runs 5300…5700: receives 301 at 5310,
 * {@code AIDL::java::INoteSync::sync::server} 5400…10500 with {@code Lock contention on a monitor lock
 * (owner tid: 650)} 5600…10050; asleep 5700…9950 until {@code android.bg} (CPU 1, running since 50,
 * {@code persistNotes} 300…9900) releases the lock and wakes it at 9950; runs 10000…10700, replies
 * (302) at 10600 and wakes main. Main runs 10650…11100 (receives 302 at 10660), sleeps until the vsync
 * at 16600 (SurfaceFlinger's {@code app}), runs 16650…19100: {@code Choreographer#doFrame 8001}
 * 16700…19000 ({@code traversal} 16800…18950, {@code draw} 17500…18900), wakes RenderThread at 18500;
 * RenderThread runs 18550…21700 ({@code DrawFrames 8001} 18600…21600). FrameTimeline presents it at
 * 33200.
 *
 * <p>Response: one; start 1000 (text: 1400); tracked stretches: main 1400…11000 (trigger),
 * binder:600_3 5200…10700 (woken by main at 5200; serving a sync call, so the lock sleep ended by
 * the untracked android.bg does not end it; after the reply at 10600 it ends at the next sleep, which
 * nothing wakes). The trigger requests doFrame 8001: drawn at 21600, on screen at 33200.
 *
 * <p>Critical path backwards from RenderThread at 21600: RT cpu 18550…21600 (3050), runnable
 * 18500…18550 (50); RT slept 50…18500, woken by main → main over 1000…18500: cpu 16650…18500 (1850),
 * runnable 16600…16650 (50), vsync wait 11100…16600 (5500), cpu 10650…11100 (450), runnable
 * 10600…10650 (50); main slept 5250…10600, woken by binder:600_3 → binder over 5250…10600: cpu
 * 10000…10600 (600), runnable 9950…10000 (50); it slept 5700…9950, woken by android.bg → android.bg
 * over 5700…9950 only: cpu 4250 — at 5700, binder:600_3's window start, android.bg is in no tracked
 * work, so the walk returns to binder:600_3 and android.bg's work before 5700 stays off the path;
 * binder cpu 5300…5700 (400), runnable 5250…5300; at 5250, main's window start, binder:600_3 is in
 * tracked work (5200…10700), so the window extends (§4): main's 5200…5250 after the send ran beside
 * the binder thread and did not hold it up. Binder runnable 5200…5250 (5200…5300: 100); its
 * tracked work starts with main's wakeup at 5200 (main tracked): the walk follows it. Main cpu
 * 4850…5200 (350), runnable 4800…4850 (50), io 1800…4800 (3000), cpu 1300…1800 (500), runnable
 * 1250…1300 (50); main slept 200…1250, woken by InputDispatcher → InputDispatcher over 1000…1250: cpu
 * 1150…1250 (100), runnable 1100…1150 (50), interrupt wait 1000…1100 (100). Per thread: RT cpu 3050
 * runnable 50; main cpu 3150 runnable 200 io 3000 wait 5500; binder:600_3 cpu 1000 runnable 150;
 * android.bg cpu 4250; InputDispatcher cpu 100 runnable 50 wait 100; total 20600. Without the clock
 * (start 1400): main cpu 3050 runnable 150, no InputDispatcher; total 20200. (Before windows
 * extended, the walk returned to main at 5250: main cpu 3200 / 3100, binder:600_3 runnable 100.)
 */
public final class DiskWriteBinderLockScenario {
    public static final long APP = 2700;
    public static final long RENDER = 2710;
    public static final long SYSTEM_SERVER = 600;
    public static final long BINDER = 630;
    public static final long DISPATCHER = 640;
    public static final long LOCK_HOLDER = 650;
    public static final long SF = 500;
    public static final long SF_APP = 520;
    public static final String APP_COMM = "m.example.notes";
    private static final String RT = "RenderThread";
    private static final String B = "binder:600_3";
    private static final String BG = "android.bg";
    private static final String DISP = "InputDispatcher";

    private DiskWriteBinderLockScenario() {
    }

    public static SystemTraceScript script() {
        SystemTraceScript s = new SystemTraceScript()
                .process(APP, "com.example.notes").thread(RENDER, APP)
                .process(SYSTEM_SERVER, "system_server").thread(BINDER, SYSTEM_SERVER)
                .thread(DISPATCHER, SYSTEM_SERVER).thread(LOCK_HOLDER, SYSTEM_SERVER)
                .process(SF, "/system/bin/surfaceflinger").thread(SF_APP, SF)
                .clock(SystemScenarios.BASE_NS - 1_000_000_000L - 5_000_000_000L, SystemScenarios.BASE_NS - 1_000_000_000L)
                .clock(SystemScenarios.BASE_NS - 5_200_000_000L, SystemScenarios.BASE_NS);
        s.sw(0, t(0), 0, null, "R", APP, APP_COMM).sw(0, t(200), APP, APP_COMM, "S", 0, null)
                .sw(1, t(0), 0, null, "R", RENDER, RT).sw(1, t(50), RENDER, RT, "S", LOCK_HOLDER, BG)
                .sw(2, t(0), 0, null, "R", DISPATCHER, DISP).sw(2, t(100), DISPATCHER, DISP, "S", 0, null)
                .sw(3, t(0), 0, null, "R", BINDER, B).sw(3, t(100), BINDER, B, "S", 0, null);
        // The lock holder, busy long before the call.
        s.print(1, t(300), LOCK_HOLDER, BG, "B|600|persistNotes")
                .print(1, t(9900), LOCK_HOLDER, BG, "E|600")
                .waking(1, t(9950), LOCK_HOLDER, BG, BINDER, B, 3, false)
                .sw(1, t(10100), LOCK_HOLDER, BG, "S", 0, null);
        // The input reaches the app.
        s.waking(2, t(1100), 0, null, DISPATCHER, DISP, 2, true)
                .sw(2, t(1150), 0, null, "R", DISPATCHER, DISP)
                .print(2, t(1200), DISPATCHER, DISP, "B|600|sendMessage(inputChannel=5eed "
                        + "com.example.notes/com.example.notes.EditActivity (server), seq=0x3c, type=MOTION)")
                .waking(2, t(1250), DISPATCHER, DISP, APP, APP_COMM, 0, false)
                .print(2, t(1300), DISPATCHER, DISP, "E|600")
                .sw(2, t(1350), DISPATCHER, DISP, "S", 0, null);
        // Main: disk write, then the binder call.
        s.sw(0, t(1300), 0, null, "R", APP, APP_COMM)
                .print(0, t(1400), APP, APP_COMM, "B|2700|deliverInputEvent src=0x1002 eventTimeNano=4801000000 id=0x3c")
                .print(0, t(1500), APP, APP_COMM, "B|2700|writeNote")
                .sw(0, t(1800), APP, APP_COMM, "D", 0, null)
                .blocked(0, t(4800), 0, null, true, APP, 0xffffffc0_0812_3456L,
                        "f2fs_wait_on_page_writeback+0x64/0xa8", true)
                .waking(0, t(4800), 0, null, APP, APP_COMM, 0, true)
                .sw(0, t(4850), 0, null, "R", APP, APP_COMM)
                .print(0, t(5000), APP, APP_COMM, "E|2700")
                .print(0, t(5100), APP, APP_COMM, "B|2700|AIDL::java::INoteSync::sync::client")
                .binderTx(0, t(5200), APP, APP_COMM, 301, SYSTEM_SERVER, 0, false, 0, 7)
                .waking(0, t(5200), APP, APP_COMM, BINDER, B, 3, false)
                .sw(0, t(5250), APP, APP_COMM, "S", 0, null);
        // system_server's binder thread waits for the monitor.
        s.sw(3, t(5300), 0, null, "R", BINDER, B)
                .binderRx(3, t(5310), BINDER, B, 301)
                .print(3, t(5400), BINDER, B, "B|600|AIDL::java::INoteSync::sync::server")
                .print(3, t(5600), BINDER, B, "B|600|Lock contention on a monitor lock (owner tid: 650)")
                .sw(3, t(5700), BINDER, B, "S", 0, null)
                .sw(3, t(10000), 0, null, "R", BINDER, B)
                .print(3, t(10050), BINDER, B, "E|600")
                .print(3, t(10500), BINDER, B, "E|600")
                .binderTx(3, t(10600), BINDER, B, 302, APP, APP, true, 0, 0)
                .waking(3, t(10600), BINDER, B, APP, APP_COMM, 0, false)
                .sw(3, t(10700), BINDER, B, "S", 0, null);
        // The reply, the frame.
        s.sw(0, t(10650), 0, null, "R", APP, APP_COMM)
                .binderRx(0, t(10660), APP, APP_COMM, 302)
                .print(0, t(10800), APP, APP_COMM, "E|2700")
                .print(0, t(11000), APP, APP_COMM, "E|2700")
                .sw(0, t(11100), APP, APP_COMM, "S", 0, null)
                .sw(2, t(16580), 0, null, "R", SF_APP, "app")
                .waking(2, t(16600), SF_APP, "app", APP, APP_COMM, 0, false)
                .sw(2, t(16630), SF_APP, "app", "S", 0, null)
                .sw(0, t(16650), 0, null, "R", APP, APP_COMM)
                .print(0, t(16700), APP, APP_COMM, "B|2700|Choreographer#doFrame 8001")
                .print(0, t(16800), APP, APP_COMM, "B|2700|traversal")
                .print(0, t(17500), APP, APP_COMM, "B|2700|draw")
                .waking(0, t(18500), APP, APP_COMM, RENDER, RT, 1, false)
                .print(0, t(18900), APP, APP_COMM, "E|2700")
                .print(0, t(18950), APP, APP_COMM, "E|2700")
                .print(0, t(19000), APP, APP_COMM, "E|2700")
                .sw(0, t(19100), APP, APP_COMM, "S", 0, null)
                .sw(1, t(18550), 0, null, "R", RENDER, RT)
                .print(1, t(18600), RENDER, RT, "B|2700|DrawFrames 8001")
                .print(1, t(21600), RENDER, RT, "E|2700")
                .sw(1, t(21700), RENDER, RT, "S", 0, null);
        s.frame(new SystemTraceScript.Timeline(false, 8001, 9801, (int) APP, t(16700), t(21600), 1))
                .frame(new SystemTraceScript.Timeline(true, 9801, 9801, (int) SF, t(32700), t(33200), 1));
        return s;
    }

    /** The hand-computed truth (see the class comment). */
    public static ScenarioTruth truth() {
        return new ScenarioTruth("disk-write-binder-lock",
                Map.of(APP, "com.example.notes", SYSTEM_SERVER, "system_server", SF, "/system/bin/surfaceflinger"),
                Map.of(APP, APP_COMM),
                Map.of(APP, List.of(APP, RENDER), SYSTEM_SERVER, List.of(BINDER, DISPATCHER, LOCK_HOLDER),
                        SF, List.of(SF_APP)),
                Map.of(APP, APP_COMM, RENDER, RT, BINDER, B, DISPATCHER, DISP, LOCK_HOLDER, BG, SF_APP, "app"),
                Map.of(APP, 6, RENDER, 1, BINDER, 2, DISPATCHER, 1, LOCK_HOLDER, 1, SF_APP, 0),
                List.of(new ScenarioTruth.FrameTruth(8001, APP, 16700, 19000, 21600, 33200)),
                1, 1000, 1400, 8001, 21600, 33200,
                List.of(new ScenarioTruth.Stretch(APP, 1400, 11000), new ScenarioTruth.Stretch(BINDER, 5200, 10700)),
                List.of(new ScenarioTruth.PathTotal(RENDER, 3050, 50, 0, 0, 0),
                        new ScenarioTruth.PathTotal(APP, 3150, 200, 3000, 5500, 0),
                        new ScenarioTruth.PathTotal(BINDER, 1000, 150, 0, 0, 0),
                        new ScenarioTruth.PathTotal(LOCK_HOLDER, 4250, 0, 0, 0, 0),
                        new ScenarioTruth.PathTotal(DISPATCHER, 100, 50, 0, 100, 0)),
                List.of(new ScenarioTruth.PathTotal(RENDER, 3050, 50, 0, 0, 0),
                        new ScenarioTruth.PathTotal(APP, 3050, 150, 3000, 5500, 0),
                        new ScenarioTruth.PathTotal(BINDER, 1000, 150, 0, 0, 0),
                        new ScenarioTruth.PathTotal(LOCK_HOLDER, 4250, 0, 0, 0, 0)));
    }
}
