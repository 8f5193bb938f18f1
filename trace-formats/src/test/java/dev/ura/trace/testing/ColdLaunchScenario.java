package dev.ura.trace.testing;

import java.util.List;
import java.util.Map;

import static dev.ura.trace.testing.SystemScenarios.t;

/**
 * A cold launch of {@code com.example.shop}. Times are µs after {@link SystemScenarios#BASE_NS}; 4
 * CPUs; no clock is needed (a launch starts at system_server's {@code launchingActivity#1}).
 *
 * <p>system_server's {@code binder:600_2} (CPU 3, runs 0…800): {@code
 * MetricsLogger:launchObserverNotifyIntentStarted} 100…300, async {@code launchingActivity#1} from
 * 500, wakes zygote64's main thread ({@code main}) at 700. zygote (CPU 2) slept 50…700, runs
 * 750…1100, forks the app at 1000 ({@code task_newtask} 2500, comm {@code main}) and wakes it
 * ({@code sched_wakeup_new}) at 1010. The app's main thread (CPU 0) runs 1050…3000: {@code PostFork}
 * 1100…1600, renamed {@code om.example.shop} at 1700, {@code ActivityThreadMain} 1800…2400,
 * {@code bindApplication} 2500…9500 with {@code OpenDexFilesFromOat(…)} 2600…5600, in which it sleeps
 * in D 3000…5000 (woken from an interrupt, {@code sched_blocked_reason} {@code filemap_fault}); it runs
 * again 5050…11200, starts {@code Preloader} at 6000 ({@code task_newtask} 2520, wakeup_new 6010);
 * {@code activityStart} 9600…14500 ({@code inflate} 9700…11000) waits for Preloader: asleep
 * 11200…14000. Preloader (CPU 1) runs 6050…14100 ({@code preloadCatalog} 6200…13900) and wakes main at
 * 14000. Main runs 14100…15500: {@code activityResume} 14600…15400 creates RenderThread (2510) at
 * 14700, wakeup_new 14710; RenderThread runs 14750…15000 (renamed at 14800). Main sleeps 15500…18000
 * until SurfaceFlinger's {@code app} wakes it (vsync); it runs 18050…22200: {@code
 * Choreographer#doFrame 7001} 18100…22100 ({@code traversal} 18200…22000, {@code draw} 20000…21900),
 * waking RenderThread at 21500; RenderThread runs 21550…26700, {@code DrawFrames 7001} 21600…26600.
 * FrameTimeline presents it at 51200. {@code binder:600_2} is woken from an interrupt at 26800, runs
 * 26850…27100 ({@code MetricsLogger:launchObserverNotifyActivityLaunchFinished} 26900…27000), ends
 * {@code launchingActivity#1} at 27050 and marks {@code launchingActivity#1:completed-cold:…} at 27060.
 *
 * <p>Response: one (bindApplication), starts at 500 (the launchingActivity#1 that contains
 * bindApplication's start); tracked stretches: main 2500…15400 (trigger: bindApplication to the end
 * of activityResume), Preloader 6010…14100 (created by main; its last sleep has no waker),
 * RenderThread 14710…15000 (created by main; its sleep is ended by main at 21500, when main is not
 * tracked). The trigger requests doFrame 7001: drawn at 26600, on screen at 51200.
 *
 * <p>Critical path backwards from RenderThread at 26600: RT cpu 21550…26600 (5050), runnable
 * 21500…21550 (50); RT slept 15000…21500, woken by main → main over 15000…21500: cpu 18050…21500
 * (3450), runnable 18000…18050 (50), vsync wait 15500…18000 (2500), cpu 15000…15500 (500). At 15000,
 * RT's window start, main is in tracked work (2500…15400), so the window extends (§4): RT's own
 * 14710…15000 ran beside main and did not hold up main's wakeup at 21500. Main: cpu 14100…15000
 * (900), runnable 14000…14100 (100); main slept 11200…14000, woken by Preloader → Preloader cpu
 * 11200…14000; at 11200, main's window start, Preloader is in tracked work (6010…14100): extends —
 * main's own bindApplication/activityStart work 6010…11200 ran beside preloadCatalog, and main then
 * waited for Preloader all the same. Preloader cpu 6050…11200 (so 6050…14000, 7950 in all), runnable
 * 6010…6050 (40); its tracked work starts at its first state, made runnable by main's wakeup_new at
 * 6010 (main tracked): main over 500…6010: cpu 5050…6010 (960), runnable 5000…5050 (50), io
 * 3000…5000 (2000), cpu 1050…3000 (1950), runnable 1010…1050 (40); main's first state follows its
 * fork by zygote at 1010 → zygote over 500…1010: cpu 750…1010 (260), runnable 700…750 (50); zygote
 * slept 50…700, woken by binder:600_2 at 700 → binder:600_2 cpu 500…700 (200). Per thread: RT cpu
 * 5050 runnable 50; main cpu 7760 runnable 240 io 2000 wait 2500; Preloader cpu 7950 runnable 40;
 * zygote cpu 260 runnable 50; binder:600_2 cpu 200; total 26100 = 26600 − 500. Text forms lose only
 * the presentation. (Before windows extended, the walk returned to RT at 15000 and to main at 11200:
 * RT cpu 5300 runnable 90, main cpu 12660, Preloader cpu 2800 — main's 5150 µs of work beside
 * preloadCatalog were on the path and 5150 µs of preloadCatalog itself were not.)
 */
public final class ColdLaunchScenario {
    public static final long APP = 2500;
    public static final long RENDER = 2510;
    public static final long PRELOADER = 2520;
    public static final long SYSTEM_SERVER = 600;
    public static final long BINDER = 620;
    public static final long ZYGOTE = 400;
    public static final long SF = 500;
    public static final long SF_APP = 520;
    public static final String APP_COMM = "om.example.shop";
    /** Flags of zygote's fork (no CLONE_THREAD: a new process). */
    public static final long FORK_FLAGS = 0x01200011L;
    /** Flags of {@code new Thread().start()} (CLONE_THREAD among them). */
    public static final long THREAD_FLAGS = 0x3d0f00L;
    private static final String B = "binder:600_2";
    private static final String RT = "RenderThread";

    private ColdLaunchScenario() {
    }

    public static SystemTraceScript script() {
        SystemTraceScript s = new SystemTraceScript()
                .process(SYSTEM_SERVER, "system_server").thread(BINDER, SYSTEM_SERVER)
                .process(ZYGOTE, "zygote64")
                .process(SF, "/system/bin/surfaceflinger").thread(SF_APP, SF)
                .process(APP, "com.example.shop").thread(RENDER, APP).thread(PRELOADER, APP);
        // system_server starts the launch and asks zygote for a process.
        s.sw(3, t(0), 0, null, "R", BINDER, B)
                .print(3, t(100), BINDER, B, "B|600|MetricsLogger:launchObserverNotifyIntentStarted")
                .print(3, t(300), BINDER, B, "E|600")
                .print(3, t(500), BINDER, B, "S|600|launchingActivity#1|0")
                .waking(3, t(700), BINDER, B, ZYGOTE, "main", 2, false)
                .sw(3, t(800), BINDER, B, "S", 0, null);
        s.sw(2, t(0), 0, null, "R", ZYGOTE, "main").sw(2, t(50), ZYGOTE, "main", "S", 0, null)
                .sw(2, t(750), 0, null, "R", ZYGOTE, "main")
                .newTask(2, t(1000), ZYGOTE, "main", APP, "main", FORK_FLAGS)
                .wakeupNew(2, t(1010), ZYGOTE, "main", APP, "main", 0)
                .sw(2, t(1100), ZYGOTE, "main", "S", 0, null);
        // The app's main thread: fork to first frame.
        s.sw(0, t(1050), 0, null, "R", APP, "main")
                .print(0, t(1100), APP, "main", "B|2500|PostFork")
                .print(0, t(1600), APP, "main", "E|2500")
                .rename(0, t(1700), APP, "main", APP_COMM)
                .print(0, t(1800), APP, APP_COMM, "B|2500|ActivityThreadMain")
                .print(0, t(2400), APP, APP_COMM, "E|2500")
                .print(0, t(2500), APP, APP_COMM, "B|2500|bindApplication")
                .print(0, t(2600), APP, APP_COMM, "B|2500|OpenDexFilesFromOat(/data/app/com.example.shop/base.apk)")
                .sw(0, t(3000), APP, APP_COMM, "D", 0, null)
                .blocked(0, t(5000), 0, null, true, APP, 0xffffffc0_0823_4560L, "filemap_fault+0x5c/0x7a0", true)
                .waking(0, t(5000), 0, null, APP, APP_COMM, 0, true)
                .sw(0, t(5050), 0, null, "R", APP, APP_COMM)
                .print(0, t(5600), APP, APP_COMM, "E|2500")
                .newTask(0, t(6000), APP, APP_COMM, PRELOADER, APP_COMM, THREAD_FLAGS)
                .wakeupNew(0, t(6010), APP, APP_COMM, PRELOADER, APP_COMM, 1)
                .print(0, t(9500), APP, APP_COMM, "E|2500")
                .print(0, t(9600), APP, APP_COMM, "B|2500|activityStart")
                .print(0, t(9700), APP, APP_COMM, "B|2500|inflate")
                .print(0, t(11000), APP, APP_COMM, "E|2500")
                .sw(0, t(11200), APP, APP_COMM, "S", 0, null)
                .sw(0, t(14100), 0, null, "R", APP, APP_COMM)
                .print(0, t(14500), APP, APP_COMM, "E|2500")
                .print(0, t(14600), APP, APP_COMM, "B|2500|activityResume")
                .newTask(0, t(14700), APP, APP_COMM, RENDER, APP_COMM, THREAD_FLAGS)
                .wakeupNew(0, t(14710), APP, APP_COMM, RENDER, APP_COMM, 1)
                .print(0, t(15400), APP, APP_COMM, "E|2500")
                .sw(0, t(15500), APP, APP_COMM, "S", 0, null)
                .sw(0, t(18050), 0, null, "R", APP, APP_COMM)
                .print(0, t(18100), APP, APP_COMM, "B|2500|Choreographer#doFrame 7001")
                .print(0, t(18200), APP, APP_COMM, "B|2500|traversal")
                .print(0, t(20000), APP, APP_COMM, "B|2500|draw")
                .waking(0, t(21500), APP, APP_COMM, RENDER, RT, 1, false)
                .print(0, t(21900), APP, APP_COMM, "E|2500")
                .print(0, t(22000), APP, APP_COMM, "E|2500")
                .print(0, t(22100), APP, APP_COMM, "E|2500")
                .sw(0, t(22200), APP, APP_COMM, "S", 0, null);
        // The background thread and RenderThread share CPU 1.
        s.sw(1, t(6050), 0, null, "R", PRELOADER, APP_COMM)
                .rename(1, t(6100), PRELOADER, APP_COMM, "Preloader")
                .print(1, t(6200), PRELOADER, "Preloader", "B|2500|preloadCatalog")
                .print(1, t(13900), PRELOADER, "Preloader", "E|2500")
                .waking(1, t(14000), PRELOADER, "Preloader", APP, APP_COMM, 0, false)
                .sw(1, t(14100), PRELOADER, "Preloader", "S", 0, null)
                .sw(1, t(14750), 0, null, "R", RENDER, APP_COMM)
                .rename(1, t(14800), RENDER, APP_COMM, RT)
                .sw(1, t(15000), RENDER, RT, "S", 0, null)
                .sw(1, t(21550), 0, null, "R", RENDER, RT)
                .print(1, t(21600), RENDER, RT, "B|2500|DrawFrames 7001")
                .print(1, t(26600), RENDER, RT, "E|2500")
                .sw(1, t(26700), RENDER, RT, "S", 0, null);
        // Vsync, and system_server closing the launch.
        s.sw(2, t(17980), 0, null, "R", SF_APP, "app")
                .waking(2, t(18000), SF_APP, "app", APP, APP_COMM, 0, false)
                .sw(2, t(18030), SF_APP, "app", "S", 0, null)
                .waking(3, t(26800), 0, null, BINDER, B, 3, true)
                .sw(3, t(26850), 0, null, "R", BINDER, B)
                .print(3, t(26900), BINDER, B, "B|600|MetricsLogger:launchObserverNotifyActivityLaunchFinished")
                .print(3, t(27000), BINDER, B, "E|600")
                .print(3, t(27050), BINDER, B, "F|600|launchingActivity#1|0")
                .print(3, t(27060), BINDER, B,
                        "N|600|launchingActivity#1|launchingActivity#1:completed-cold:com.example.shop")
                .sw(3, t(27100), BINDER, B, "S", 0, null);
        s.frame(new SystemTraceScript.Timeline(false, 7001, 9701, (int) APP, t(18100), t(26600), 1))
                .frame(new SystemTraceScript.Timeline(true, 9701, 9701, (int) SF, t(50700), t(51200), 1));
        return s;
    }

    /** The hand-computed truth (see the class comment). */
    public static ScenarioTruth truth() {
        return new ScenarioTruth("cold-launch",
                Map.of(APP, "com.example.shop", SYSTEM_SERVER, "system_server", ZYGOTE, "zygote64",
                        SF, "/system/bin/surfaceflinger"),
                Map.of(APP, APP_COMM, ZYGOTE, "main"),
                Map.of(APP, List.of(APP, RENDER, PRELOADER), SYSTEM_SERVER, List.of(BINDER), ZYGOTE, List.of(ZYGOTE),
                        SF, List.of(SF_APP)),
                Map.of(APP, APP_COMM, RENDER, RT, PRELOADER, "Preloader", BINDER, B, ZYGOTE, "main", SF_APP, "app"),
                Map.of(APP, 10, RENDER, 1, PRELOADER, 1, BINDER, 2, ZYGOTE, 0, SF_APP, 0),
                List.of(new ScenarioTruth.FrameTruth(7001, APP, 18100, 22100, 26600, 51200)),
                1, 500, 500, 7001, 26600, 51200,
                List.of(new ScenarioTruth.Stretch(APP, 2500, 15400), new ScenarioTruth.Stretch(PRELOADER, 6010, 14100),
                        new ScenarioTruth.Stretch(RENDER, 14710, 15000)),
                List.of(new ScenarioTruth.PathTotal(RENDER, 5050, 50, 0, 0, 0),
                        new ScenarioTruth.PathTotal(APP, 7760, 240, 2000, 2500, 0),
                        new ScenarioTruth.PathTotal(PRELOADER, 7950, 40, 0, 0, 0),
                        new ScenarioTruth.PathTotal(ZYGOTE, 260, 50, 0, 0, 0),
                        new ScenarioTruth.PathTotal(BINDER, 200, 0, 0, 0, 0)),
                List.of(new ScenarioTruth.PathTotal(RENDER, 5050, 50, 0, 0, 0),
                        new ScenarioTruth.PathTotal(APP, 7760, 240, 2000, 2500, 0),
                        new ScenarioTruth.PathTotal(PRELOADER, 7950, 40, 0, 0, 0),
                        new ScenarioTruth.PathTotal(ZYGOTE, 260, 50, 0, 0, 0),
                        new ScenarioTruth.PathTotal(BINDER, 200, 0, 0, 0, 0)));
    }
}
