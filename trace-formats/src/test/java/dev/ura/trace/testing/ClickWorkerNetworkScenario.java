package dev.ura.trace.testing;

import java.util.List;
import java.util.Map;

import static dev.ura.trace.testing.SystemScenarios.t;

/**
 * A click whose handler hands work to a worker that waits on the network and posts back, while
 * an animation draws a frame at every vsync. Times are µs after {@link SystemScenarios#BASE_NS};
 * 4 CPUs; the clock snapshots say BOOTTIME = MONOTONIC + 3 s.
 *
 * <p>Animation, frame k = 0…4 (vsync V = 2000 + 16600·k, id 5000 + k): SurfaceFlinger's {@code app}
 * thread (CPU 2, V−20…V+30) wakes main at V; main runs V+50…V+2150 on CPU 0 ({@code doFrame}
 * V+100…V+2100 with {@code animation} V+150…V+900, {@code traversal} V+950…V+2050 and {@code draw}
 * V+1200…V+2000), waking RenderThread at V+1900; RenderThread runs V+1950…V+5100 on CPU 1
 * ({@code DrawFrames <id>} V+2000…V+5000). FrameTimeline: the surface frame V+100…V+5000 is shown
 * by display frame 9000 + k, presented at V + 33200.
 *
 * <p>The click (between frames 1 and 2): the touch at 21000 (eventTimeNano 7 021 000 000 on
 * MONOTONIC); an interrupt wakes InputDispatcher at 21100 (CPU 2 idle); it runs 21150…21350
 * ({@code sendMessage} 21200…21300) and wakes main at 21250. Main runs 21300…22100:
 * {@code deliverInputEvent} 21400…22000 with {@code NewsFragment.onClick} 21500…21800, which wakes
 * NetWorker at 21700. NetWorker runs 21750…22300 on CPU 3 ({@code fetchNews} 21800…43200), sleeps
 * on its socket until a network softirq wakes it at 40000 (recorded on idle CPU 0). CPU 3 is held
 * by another app's {@code sync pool-1} (woken by a timer at 38900, runs 39000…41000, preempted
 * R+), so NetWorker is runnable 40000…41000, then runs 41000…43300 ({@code parseNews}
 * 41200…43000) and posts back: wakes main at 43100. Main runs 43150…44600
 * ({@code NewsAdapter.submitList} 43200…44500) and sleeps until the vsync of frame 3.
 *
 * <p>Response (docs/system-responses.md): tracked stretches main 21400…22000 (trigger), NetWorker
 * 21700…43300 (its socket sleep is ended by an interrupt; its last sleep has no waker), main
 * 43100…44600 (the vsync that ends its sleep is not tracked). The trigger requests frame 5002, the
 * post-back frame 5003, which is drawn last: drawn at 56800, on screen at 85000; start 21000
 * (text: no clock snapshot, 21400).
 *
 * <p>Critical path backwards from RenderThread at 56800: RT cpu 53750…56800 (3050), runnable
 * 53700…53750 (50); RT slept 40300…53700, woken by main → main over 40300…53700: cpu 51850…53700
 * (1850), runnable 51800…51850 (50), vsync wait 44600…51800 (7200), cpu 43150…44600 (1450),
 * runnable 43100…43150 (50); main slept 37350…43100, woken by NetWorker → NetWorker over the
 * enclosing window, down to 40300: cpu 41000…43100 (2100), runnable 40300…41000. At 40300 two
 * windows start: main's (clipped) and RenderThread's; neither sleeper is in tracked work there
 * (main's stretches 21400…22000 and 43100…44600, RenderThread has none) and NetWorker is, so the
 * walk stays on NetWorker (§4, window starts): runnable 40000…40300 (runnable 1000 in all, CPU 3
 * held by {@code sync pool-1}), interrupt wait 22300…40000 (17700), cpu 21750…22300 (550), runnable
 * 21700…21750 (50); NetWorker slept 100…21700, woken by main → main: cpu 21300…21700 (400),
 * runnable 21250…21300 (50); main slept 20750…21250, woken by InputDispatcher → InputDispatcher:
 * cpu 21150…21250 (100), runnable 21100…21150 (50), interrupt wait 21000…21100 (100). Per thread:
 * RT cpu 3050 runnable 50; main cpu 3700 runnable 150 wait 7200; NetWorker cpu 2650 runnable 1050
 * wait 17700; InputDispatcher cpu 100 runnable 50 wait 100; total 35800 = 56800 − 21000. Without the
 * clock (start 21400) main's first piece is 21400…21700 (300) and InputDispatcher is not on the
 * path: main cpu 3600 runnable 100. (Before the rule about window starts, the walk returned to
 * RenderThread at 40300 and went through the animation frames 5002 and 5001 instead.)
 */
public final class ClickWorkerNetworkScenario {
    public static final long APP = 2000;
    public static final long RENDER = 2010;
    public static final long WORKER = 2020;
    public static final long SYSTEM_SERVER = 600;
    public static final long DISPATCHER = 640;
    public static final long SF = 500;
    public static final long SF_APP = 520;
    public static final long SYNC_PID = 3000;
    public static final long SYNC = 3010;
    public static final String APP_COMM = "om.example.news";
    public static final long VSYNC_US = 16_600;
    private static final String RT = "RenderThread";
    private static final String NET = "NetWorker";
    private static final String DISP = "InputDispatcher";
    private static final String SYNC_COMM = "sync pool-1";

    private ClickWorkerNetworkScenario() {
    }

    public static SystemTraceScript script() {
        SystemTraceScript s = new SystemTraceScript()
                .process(APP, "com.example.news").thread(RENDER, APP).thread(WORKER, APP)
                .process(SYSTEM_SERVER, "system_server").thread(DISPATCHER, SYSTEM_SERVER)
                .process(SF, "/system/bin/surfaceflinger").thread(SF_APP, SF)
                .process(SYNC_PID, "com.example.sync").thread(SYNC, SYNC_PID)
                .clock(SystemScenarios.BASE_NS - 3_000_000_000L, SystemScenarios.BASE_NS)
                .clock(SystemScenarios.BASE_NS - 3_000_000_000L + 80_000_000L, SystemScenarios.BASE_NS + 80_000_000L);
        // Every thread runs once and sleeps, so all have recorded states before the response.
        s.sw(0, t(0), 0, null, "R", APP, APP_COMM).sw(0, t(300), APP, APP_COMM, "S", 0, null)
                .sw(1, t(0), 0, null, "R", RENDER, RT).sw(1, t(200), RENDER, RT, "S", 0, null)
                .sw(2, t(0), 0, null, "R", DISPATCHER, DISP).sw(2, t(100), DISPATCHER, DISP, "S", SF_APP, "app")
                .sw(2, t(200), SF_APP, "app", "S", 0, null)
                .sw(3, t(0), 0, null, "R", WORKER, NET).sw(3, t(100), WORKER, NET, "S", SYNC, SYNC_COMM)
                .sw(3, t(400), SYNC, SYNC_COMM, "S", 0, null);
        for (int k = 0; k < 5; k++) {
            frame(s, k);
        }
        // The click.
        s.waking(2, t(21100), 0, null, DISPATCHER, DISP, 2, true)
                .sw(2, t(21150), 0, null, "R", DISPATCHER, DISP)
                .print(2, t(21200), DISPATCHER, DISP, "B|600|sendMessage(inputChannel=c0ffee "
                        + "com.example.news/com.example.news.MainActivity (server), seq=0x2a, type=MOTION)")
                .waking(2, t(21250), DISPATCHER, DISP, APP, APP_COMM, 0, false)
                .print(2, t(21300), DISPATCHER, DISP, "E|600")
                .sw(2, t(21350), DISPATCHER, DISP, "S", 0, null)
                .sw(0, t(21300), 0, null, "R", APP, APP_COMM)
                .print(0, t(21400), APP, APP_COMM, "B|2000|deliverInputEvent src=0x1002 eventTimeNano=7021000000 id=0x2a")
                .print(0, t(21500), APP, APP_COMM, "B|2000|NewsFragment.onClick")
                .waking(0, t(21700), APP, APP_COMM, WORKER, NET, 3, false)
                .print(0, t(21800), APP, APP_COMM, "E|2000")
                .print(0, t(22000), APP, APP_COMM, "E|2000")
                .sw(0, t(22100), APP, APP_COMM, "S", 0, null)
                .sw(3, t(21750), 0, null, "R", WORKER, NET)
                .print(3, t(21800), WORKER, NET, "B|2000|fetchNews")
                .sw(3, t(22300), WORKER, NET, "S", 0, null);
        // Another app holds CPU 3 when the network answers.
        s.waking(3, t(38900), 0, null, SYNC, SYNC_COMM, 3, true)
                .sw(3, t(39000), 0, null, "R", SYNC, SYNC_COMM)
                .print(3, t(39100), SYNC, SYNC_COMM, "B|3000|syncFeeds")
                .waking(0, t(40000), 0, null, WORKER, NET, 3, true)
                .sw(3, t(41000), SYNC, SYNC_COMM, "R+", WORKER, NET)
                .print(3, t(41200), WORKER, NET, "B|2000|parseNews")
                .print(3, t(43000), WORKER, NET, "E|2000")
                .waking(3, t(43100), WORKER, NET, APP, APP_COMM, 0, false)
                .print(3, t(43200), WORKER, NET, "E|2000")
                .sw(3, t(43300), WORKER, NET, "S", SYNC, SYNC_COMM)
                .print(3, t(43900), SYNC, SYNC_COMM, "E|3000")
                .sw(3, t(44000), SYNC, SYNC_COMM, "S", 0, null);
        // The post-back on main.
        s.sw(0, t(43150), 0, null, "R", APP, APP_COMM)
                .print(0, t(43200), APP, APP_COMM, "B|2000|NewsAdapter.submitList")
                .print(0, t(44500), APP, APP_COMM, "E|2000")
                .sw(0, t(44600), APP, APP_COMM, "S", 0, null);
        return s;
    }

    private static void frame(SystemTraceScript s, int k) {
        long v = 2000 + VSYNC_US * k;
        long id = 5000 + k;
        s.sw(2, t(v - 20), 0, null, "R", SF_APP, "app")
                .waking(2, t(v), SF_APP, "app", APP, APP_COMM, 0, false)
                .sw(2, t(v + 30), SF_APP, "app", "S", 0, null)
                .sw(0, t(v + 50), 0, null, "R", APP, APP_COMM)
                .print(0, t(v + 100), APP, APP_COMM, "B|2000|Choreographer#doFrame " + id)
                .print(0, t(v + 150), APP, APP_COMM, "B|2000|animation")
                .print(0, t(v + 900), APP, APP_COMM, "E|2000")
                .print(0, t(v + 950), APP, APP_COMM, "B|2000|traversal")
                .print(0, t(v + 1200), APP, APP_COMM, "B|2000|draw")
                .waking(0, t(v + 1900), APP, APP_COMM, RENDER, RT, 1, false)
                .print(0, t(v + 2000), APP, APP_COMM, "E|2000")
                .print(0, t(v + 2050), APP, APP_COMM, "E|2000")
                .print(0, t(v + 2100), APP, APP_COMM, "E|2000")
                .sw(0, t(v + 2150), APP, APP_COMM, "S", 0, null)
                .sw(1, t(v + 1950), 0, null, "R", RENDER, RT)
                .print(1, t(v + 2000), RENDER, RT, "B|2000|DrawFrames " + id)
                .print(1, t(v + 5000), RENDER, RT, "E|2000")
                .sw(1, t(v + 5100), RENDER, RT, "S", 0, null);
        s.frame(new SystemTraceScript.Timeline(false, id, 9000 + k, (int) APP, t(v + 100), t(v + 5000), 1))
                .frame(new SystemTraceScript.Timeline(true, 9000 + k, 9000 + k, (int) SF,
                        t(v + 2 * VSYNC_US - 500), t(v + 2 * VSYNC_US), 1));
    }

    /** The hand-computed truth (see the class comment). */
    public static ScenarioTruth truth() {
        return new ScenarioTruth("click-worker-network",
                Map.of(APP, "com.example.news", SYSTEM_SERVER, "system_server", SF, "/system/bin/surfaceflinger",
                        SYNC_PID, "com.example.sync"),
                Map.of(APP, APP_COMM),
                Map.of(APP, List.of(APP, RENDER, WORKER), SYSTEM_SERVER, List.of(DISPATCHER), SF, List.of(SF_APP),
                        SYNC_PID, List.of(SYNC)),
                Map.of(APP, APP_COMM, RENDER, RT, WORKER, NET, DISPATCHER, DISP, SF_APP, "app", SYNC, SYNC_COMM),
                Map.of(APP, 23, RENDER, 5, WORKER, 2, DISPATCHER, 1, SF_APP, 0, SYNC, 1),
                List.of(new ScenarioTruth.FrameTruth(5000, APP, 2100, 4100, 7000, 35200),
                        new ScenarioTruth.FrameTruth(5001, APP, 18700, 20700, 23600, 51800),
                        new ScenarioTruth.FrameTruth(5002, APP, 35300, 37300, 40200, 68400),
                        new ScenarioTruth.FrameTruth(5003, APP, 51900, 53900, 56800, 85000),
                        new ScenarioTruth.FrameTruth(5004, APP, 68500, 70500, 73400, 101600)),
                1, 21000, 21400, 5003, 56800, 85000,
                List.of(new ScenarioTruth.Stretch(APP, 21400, 22000), new ScenarioTruth.Stretch(WORKER, 21700, 43300),
                        new ScenarioTruth.Stretch(APP, 43100, 44600)),
                List.of(new ScenarioTruth.PathTotal(RENDER, 3050, 50, 0, 0, 0),
                        new ScenarioTruth.PathTotal(APP, 3700, 150, 0, 7200, 0),
                        new ScenarioTruth.PathTotal(WORKER, 2650, 1050, 0, 17700, 0),
                        new ScenarioTruth.PathTotal(DISPATCHER, 100, 50, 0, 100, 0)),
                List.of(new ScenarioTruth.PathTotal(RENDER, 3050, 50, 0, 0, 0),
                        new ScenarioTruth.PathTotal(APP, 3600, 100, 0, 7200, 0),
                        new ScenarioTruth.PathTotal(WORKER, 2650, 1050, 0, 17700, 0)));
    }
}
