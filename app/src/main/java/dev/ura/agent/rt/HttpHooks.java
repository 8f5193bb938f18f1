package dev.ura.agent.rt;

/**
 * {@code HttpClient.sendAsync}: the exchange runs on the client's own threads while the caller goes
 * on, and its network time belongs to no app thread. Each exchange in flight gets a lane (a log of
 * its own, named {@code HttpClient exchange #N}, tid {@link #LANE_TID} + N): the caller hands the
 * request off to it ({@code SEND_MSG request via http}); the lane runs it
 * ({@code DISPATCH_MSG request name HttpClient.sendAsync}) as one {@code RECV} with the request's
 * host, from the call until the response future completes, and then releases that future
 * ({@code SEND_MSG future via release}), so a {@code join}/{@code get} of it or a callback on it
 * resumes from the exchange. Lanes are reused once free, so exchanges on one lane never overlap.
 * The client's internal hand-offs and callbacks made by the calling thread inside
 * {@code sendAsync} are not recorded: the lane stands for them.
 */
public final class HttpHooks {
    private HttpHooks() {
    }

    /** Lanes' tids start here, far above any thread id a JVM hands out. */
    static final long LANE_TID = 1L << 40;
    /** Owner of every lane (never started, never collected), so the writer keeps lanes while recording. */
    private static final Thread LANE_OWNER = new Thread("ura-http-lanes");
    private static final java.util.ArrayDeque<ThreadLog> FREE = new java.util.ArrayDeque<>();
    private static int lanes;
    /** Exchanges in flight: the response future to its lane. */
    private static final java.util.Map<Object, ThreadLog> IN_FLIGHT = new java.util.IdentityHashMap<>();
    /** {@code IN_FLIGHT.size()}, read without the lock: every future's completion checks it. */
    private static volatile int inFlight;

    /**
     * {@code sendAsync(request)} starts on this thread: the hand-off and the lane's start. Returns the
     * lane (for {@link #exchangeEnd}), or null when nothing was recorded.
     */
    public static Object exchangeBegin(Object request, String host) {
        ThreadLog t = Recorder.log();
        if (t == null || request == null) {
            return null;
        }
        ThreadLog lane = takeLane();
        if (lane == null) {
            return null;
        }
        Hooks.send(request, "http", 0);
        t.busy = true;
        try {
            synchronized (lane) {
                long now = System.nanoTime();
                lane.push(Kind.DISPATCH_MSG, request);
                lane.begin(now, Kind.DISPATCH_MSG, 'B').key("obj").identity(request)
                        .key("name").string("java.net.http.HttpClient.sendAsync").commit();
                lane.push(Kind.RECV, null);
                lane.begin(now, Kind.RECV, 'B');
                if (host != null) {
                    lane.key("host").string(host);
                }
                lane.commit();
            }
            // the client's own hand-offs and callbacks inside sendAsync are the lane's, not the caller's
            t.inExchange++;
        } finally {
            Hooks.leave(t);
        }
        return lane;
    }

    /** {@code sendAsync} returns {@code future}: the exchange ends when it completes ({@link #completed}). */
    public static void exchangeEnd(Object lane, Object future) {
        ThreadLog t = Recorder.log();
        if (lane == null) {
            return;
        }
        if (t != null) {
            t.inExchange--;
        }
        ThreadLog l = (ThreadLog) lane;
        if (!(future instanceof java.util.concurrent.Future<?> f) || f.isDone()) {
            // failed at once (or no future): the exchange is over
            finish(l, future, false);
            return;
        }
        synchronized (IN_FLIGHT) {
            IN_FLIGHT.put(future, l);
            inFlight = IN_FLIGHT.size();
        }
        if (f.isDone()) {
            // completed between the check and the registration: completed() may have missed it
            synchronized (IN_FLIGHT) {
                if (IN_FLIGHT.remove(future) == null) {
                    return;
                }
                inFlight = IN_FLIGHT.size();
            }
            finish(l, future, false);
        }
    }

    /** Whether the calling thread is inside {@code sendAsync}: its hand-offs there are the client's own. */
    static boolean inExchange() {
        ThreadLog t = Recorder.log();
        return t != null && t.inExchange > 0;
    }

    /**
     * {@code future} completes (see {@link WaitHooks#release}): when it is an exchange's response, the
     * lane ends the exchange and releases it. Returns whether it did (the completing thread then writes
     * no release of its own).
     */
    static boolean completed(Object future) {
        if (inFlight == 0) {
            return false;
        }
        ThreadLog l;
        synchronized (IN_FLIGHT) {
            l = IN_FLIGHT.remove(future);
            inFlight = IN_FLIGHT.size();
        }
        if (l == null) {
            return false;
        }
        ThreadLog t = Recorder.log();
        if (t != null) {
            t.busy = true;
        }
        try {
            finish(l, future, true);
        } finally {
            if (t != null) {
                Hooks.leave(t);
            }
        }
        return true;
    }

    /**
     * Closes the lane's RECV and dispatch, releasing {@code future}. (The response's size is not
     * written: reading it needs java.net.http, which the boot class path runtime does not use.)
     */
    private static void finish(ThreadLog lane, Object future, boolean release) {
        synchronized (lane) {
            if (Recorder.current(lane)) {
                long now = System.nanoTime();
                lane.closeTo(1, now);
                if (release) {
                    lane.begin(now, Kind.SEND_MSG, (char) 0).key("obj").identity(future).key("via").string("release").commit();
                }
                lane.closeTo(0, now);
            }
        }
        synchronized (FREE) {
            FREE.push(lane);
        }
    }

    private static ThreadLog takeLane() {
        synchronized (FREE) {
            while (!FREE.isEmpty()) {
                ThreadLog l = FREE.pop();
                if (Recorder.current(l)) {
                    return l;
                }
            }
            lanes++;
            return Recorder.lane(LANE_TID + lanes, "HttpClient exchange #" + lanes, LANE_OWNER);
        }
    }
}
