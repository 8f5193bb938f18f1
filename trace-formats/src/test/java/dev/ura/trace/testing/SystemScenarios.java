package dev.ura.trace.testing;

/**
 * Small hand-timed machines for system-trace tests. Every number an assertion checks is written
 * here in microseconds after {@link #BASE_NS}, so expectations can be worked out by hand.
 */
public final class SystemScenarios {
    /** Boot time of the scenario's t = 0. */
    public static final long BASE_NS = 10_000_000_000L;
    public static final long APP = 1000;
    public static final long RENDER = 1010;
    public static final long WORKER = 1020;
    public static final long POOL = 1030;
    public static final long JIT = 1040;
    public static final long SYSTEM_SERVER = 600;
    public static final long BINDER = 610;
    public static final long SF = 500;
    /** The app main thread's comm: the last 15 characters of the package. */
    public static final String APP_COMM = "om.example.feed";

    private SystemScenarios() {
    }

    /** {@code µs} after the base, in ns. */
    public static long t(long us) {
        return BASE_NS + us * 1000;
    }

    /**
     * A tap: the main thread handles the input (100–400 µs) and wakes a worker (300), which calls
     * system_server over binder (sent 400, received 510, reply sent 710, received 760), writes to
     * disk (asleep in D 820–1500, woken from an interrupt), then posts back to the main thread
     * (wake 1600). The main thread draws frame 42 (doFrame 1700–1950) and wakes RenderThread
     * (1800), which draws it (DrawFrames 42, 1830–2500); SurfaceFlinger shows it at 3000.
     * CPU 0: main 0–500, binder 500–720, main 1650–2000, Jit 2000–2100. CPU 1: SurfaceFlinger
     * 0–350, worker 350–420, 750–820, 1520–1610, RenderThread 1820–2600.
     */
    public static SystemTraceScript tap() {
        SystemTraceScript s = new SystemTraceScript()
                .process(APP, "com.example.feed").thread(RENDER, APP).thread(WORKER, APP).thread(POOL, APP)
                .thread(JIT, APP).process(SYSTEM_SERVER, "system_server").thread(BINDER, SYSTEM_SERVER)
                .process(SF, "/system/bin/surfaceflinger")
                .clock(BASE_NS - 2_000_000_000L, BASE_NS);
        s.sw(0, t(0), 0, null, "R", APP, APP_COMM)
                .sw(1, t(0), 0, null, "R", SF, "surfaceflinger")
                .print(1, t(10), SF, "surfaceflinger", "E|500")
                .print(0, t(20), APP, APP_COMM, "S|1000|launching: com.example.feed|5")
                .newTask(0, t(50), APP, APP_COMM, POOL, APP_COMM, 0x3d0f00)
                .rename(0, t(60), POOL, APP_COMM, "pool-1-thread-1")
                .print(0, t(90), APP, APP_COMM, "C|1000|aq:pending:Feed|1")
                .print(0, t(100), APP, APP_COMM, "B|1000|deliverInputEvent src=0x1002 eventTimeNano=7999900000 id=0x1")
                .waking(0, t(300), APP, APP_COMM, WORKER, "FeedWorker", 1, false)
                .print(0, t(400), APP, APP_COMM, "E|1000")
                .print(0, t(450), APP, APP_COMM, "C|1000|aq:pending:Feed|0")
                .sw(1, t(350), SF, "surfaceflinger", "S", WORKER, "FeedWorker")
                .print(1, t(360), WORKER, "FeedWorker", "B|1000|fetch")
                .binderTx(1, t(400), WORKER, "FeedWorker", 77, SYSTEM_SERVER, BINDER, false, 0, 3)
                .waking(1, t(400), WORKER, "FeedWorker", BINDER, "binder:600_1", 0, false)
                .sw(1, t(420), WORKER, "FeedWorker", "S", 0, null)
                .sw(0, t(500), APP, APP_COMM, "S", BINDER, "binder:600_1")
                .binderRx(0, t(510), BINDER, "binder:600_1", 77)
                .print(0, t(520), BINDER, "binder:600_1", "B|600|AIDL::java::IFeed::load::server")
                .print(0, t(700), BINDER, "binder:600_1", "E|600")
                .binderTx(0, t(710), BINDER, "binder:600_1", 78, APP, WORKER, true, 0, 0)
                .waking(0, t(710), BINDER, "binder:600_1", WORKER, "FeedWorker", 1, false)
                .sw(0, t(720), BINDER, "binder:600_1", "S", 0, null)
                .sw(1, t(750), 0, null, "R", WORKER, "FeedWorker")
                .binderRx(1, t(760), WORKER, "FeedWorker", 78)
                .print(1, t(800), WORKER, "FeedWorker", "E|1000")
                .print(1, t(810), WORKER, "FeedWorker", "B|1000|write")
                .sw(1, t(820), WORKER, "FeedWorker", "D", 0, null)
                .waking(1, t(1500), 0, null, WORKER, "FeedWorker", 1, true)
                .sw(1, t(1520), 0, null, "R", WORKER, "FeedWorker")
                .print(1, t(1530), WORKER, "FeedWorker", "E|1000")
                .waking(1, t(1600), WORKER, "FeedWorker", APP, APP_COMM, 0, false)
                .sw(1, t(1610), WORKER, "FeedWorker", "S", 0, null)
                .sw(0, t(1650), 0, null, "R", APP, APP_COMM)
                .print(0, t(1700), APP, APP_COMM, "B|1000|Choreographer#doFrame 42")
                .print(0, t(1710), APP, APP_COMM, "B|1000|traversal")
                .waking(0, t(1800), APP, APP_COMM, RENDER, "RenderThread", 1, false)
                .sw(1, t(1820), 0, null, "R", RENDER, "RenderThread")
                .print(1, t(1830), RENDER, "RenderThread", "B|1000|DrawFrames 42")
                .print(0, t(1900), APP, APP_COMM, "E|1000")
                .print(0, t(1950), APP, APP_COMM, "E|1000")
                .waking(0, t(1950), APP, APP_COMM, JIT, "Jit thread pool", 0, false)
                .sw(0, t(2000), APP, APP_COMM, "S", JIT, "Jit thread pool")
                .sw(0, t(2100), JIT, "Jit thread pool", "S", 0, null)
                .print(1, t(2500), RENDER, "RenderThread", "E|1000")
                .print(1, t(2550), RENDER, "RenderThread", "F|1000|launching: com.example.feed|5")
                .sw(1, t(2600), RENDER, "RenderThread", "S", 0, null);
        s.frame(new SystemTraceScript.Timeline(false, 42, 900, (int) APP, t(1700), t(2550), 1))
                .frame(new SystemTraceScript.Timeline(true, 900, 900, (int) SF, t(2600), t(3000), 1));
        return s;
    }
}
