package dev.ura.app.analysis.events;

import dev.ura.trace.model.CallTable;
import dev.ura.trace.model.EventKind;
import dev.ura.trace.model.EventTable;
import dev.ura.trace.model.MethodInfo;
import dev.ura.trace.model.MethodTable;
import dev.ura.trace.model.ThreadTrack;
import dev.ura.trace.model.Trace;

import java.util.Arrays;
import java.util.List;

/**
 * Derives agent-log events from a method trace with a {@link MethodRules} table. Every derived
 * event points at the call it comes from ({@link EventTable#call(int)}); events are in start order.
 *
 * <p>What the rules document asks beyond name matching: only the outermost of nested matches of
 * one rule counts; a send reached from a framework scheduler, or made inside another send (the
 * worker thread {@code ThreadPoolExecutor.execute} starts is part of that hand-off), is not a
 * hand-off of its own; inside a frame
 * ({@code Choreographer.doFrame}) nothing but draws, I/O and ad calls is derived, because a frame
 * is where requests are fulfilled, not where the user's work continues (an input handler run
 * inside a frame still counts as the user's work); a dispatch that runs a frame is not a dispatch.
 * A {@code joinsLaunch} START_ACTIVITY carries the detail {@link #JOINS_LAUNCH}; an ad SDK call is
 * a {@code METHOD} event named {@link #AD_REQUEST} whose detail is the method's full name.
 */
public final class MethodEventDeriver {
    /** Detail of a START_ACTIVITY that joins an unfinished launch response of its thread. */
    public static final String JOINS_LAUNCH = "joins-launch";
    /** Detail of a USER_INPUT that delivers one input event of the view system (a gesture's member). */
    public static final String INPUT_EVENT = "input-event";
    /** Detail of a click USER_INPUT that joins the input event delivered just before it on its thread. */
    public static final String JOINS_INPUT = "joins-input";
    /** Detail of an INVALIDATE that opens a window: only a real draw fulfils it. */
    public static final String NEW_WINDOW = "new-window";
    /**
     * Detail of a DRAW that is a traversal in which the sampler caught no {@code performDraw}: it
     * stands in for the draw of an ordinary frame, but not for a new window's first draw.
     */
    public static final String STAND_IN_DRAW = "traversal without a sampled draw";
    /** Name of the METHOD events that mark ad SDK calls (for the findings). */
    public static final String AD_REQUEST = "ad-request";
    private static final int NAME_SEARCH_LIMIT = 20_000;
    /** In a sampled trace, a traversal whose draw was not sampled is the frame's draw. */
    static final String TRAVERSAL = "android.view.ViewRootImpl.performTraversals";

    private final MethodRules rules;

    /** A deriver applying {@code rules}. */
    public MethodEventDeriver(MethodRules rules) {
        this.rules = rules;
    }

    /** The events of {@code trace}'s calls; an empty table when no call matches. */
    public EventTable derive(Trace trace) {
        RuleMatcher matcher = new RuleMatcher(rules, trace.methods());
        Collected out = new Collected();
        long traceStart = trace.firstTimeNs();
        List<ThreadTrack> threads = trace.threads();
        int drawRule = SampledTrace.isSampled(trace) ? drawRule(matcher.rules()) : -1;
        boolean[] traversal = drawRule < 0 ? null : methodsNamed(trace.methods(), TRAVERSAL);
        int most = 0;
        for (ThreadTrack thread : threads) {
            most = Math.max(most, thread.calls().size());
        }
        // every thread's subtree ends in one reused array, not one per thread
        int[] subtreeEnds = new int[most];
        int ui = UiThread.of(trace, rules);
        for (int t = 0; t < threads.size(); t++) {
            deriveThread(trace, matcher, t, t == ui, traceStart, out, drawRule, traversal, subtreeEnds);
        }
        return out.build(trace, this);
    }

    private static int drawRule(List<MethodRule> list) {
        for (int r = 0; r < list.size(); r++) {
            if (list.get(r).event() == EventKind.DRAW) {
                return r;
            }
        }
        return -1;
    }

    private static boolean[] methodsNamed(MethodTable methods, String fullName) {
        boolean[] match = new boolean[methods.size()];
        for (int m = 0; m < methods.size(); m++) {
            match[m] = fullName.equals(methods.get(m).fullName());
        }
        return match;
    }

    /**
     * @param drawRule  in a sampled trace, the DRAW rule a traversal without a sampled draw counts
     *                  under (short draws are often missed by the sampler), else -1
     * @param traversal which methods are {@link #TRAVERSAL}, when {@code drawRule >= 0}
     */
    private void deriveThread(Trace trace, RuleMatcher matcher, int t, boolean ui, long traceStart, Collected out,
                              int drawRule, boolean[] traversal, int[] subtreeEnds) {
        ThreadTrack thread = trace.threads().get(t);
        CallTable calls = thread.calls();
        int n = calls.size();
        if (n == 0) {
            return;
        }
        List<MethodRule> list = matcher.rules();
        long allowed = threadAllowedMask(list, thread.name());
        int[] subtreeEnd = calls.subtreeEnds(subtreeEnds);
        // the enclosing call of each depth so far: the parent of a call, without asking the table for
        // its parent column (4 bytes a call, kept for the trace's lifetime)
        int[] enclosing = new int[Math.max(1, calls.maxDepth() + 1)];
        int[] openUntil = new int[list.size()];
        Arrays.fill(openUntil, -1);
        int frameUntil = -1;
        int schedulerUntil = -1;
        int triggerUntil = -1;
        int sendUntil = -1;
        // the UI thread's outermost call is its looper, never a thread handed work
        boolean threadStartsLate = !thread.main() && !ui && calls.start(0) > traceStart;
        int openTraversal = -1;
        boolean drawInTraversal = false;
        for (int i = 0; i < n; i++) {
            int m = calls.method(i);
            int depth = calls.depth(i);
            int parent = depth == 0 ? -1 : enclosing[depth - 1];
            enclosing[depth] = i;
            if (openTraversal >= 0 && i > subtreeEnd[openTraversal]) {
                if (!drawInTraversal) {
                    out.addStandIn(drawRule, t, openTraversal, calls.start(openTraversal));
                }
                openTraversal = -1;
            }
            if (drawRule >= 0 && openTraversal < 0 && traversal[m]) {
                openTraversal = i;
                drawInTraversal = false;
            }
            boolean inFrame = i <= frameUntil;
            boolean inScheduler = i <= schedulerUntil;
            boolean inTrigger = i <= triggerUntil;
            boolean inSend = i <= sendUntil;
            long mask = matcher.nameMask(m) & ~matcher.threadRootMask();
            long direct = mask & matcher.directChildMask();
            if (direct != 0) {
                int p = parent;
                long ok = p < 0 ? 0 : matcher.parentMask(calls.method(p));
                mask = (mask & ~direct) | (direct & ok);
            }
            if (i == 0 && threadStartsLate) {
                mask |= matcher.threadRootMask();
            }
            mask &= allowed;
            for (long bits = mask; bits != 0; bits &= bits - 1) {
                int r = Long.numberOfTrailingZeros(bits);
                if (i <= openUntil[r]) {
                    continue;
                }
                openUntil[r] = subtreeEnd[i];
                EventKind kind = list.get(r).event();
                if (suppressed(kind, inFrame && !inTrigger, inScheduler || inSend)
                        || kind == EventKind.DISPATCH_MSG && runsFrame(matcher, calls, i, subtreeEnd[i])) {
                    continue;
                }
                out.add(r, t, i, calls.start(i));
                drawInTraversal |= kind == EventKind.DRAW;
                if (kind.isTrigger()) {
                    triggerUntil = Math.max(triggerUntil, subtreeEnd[i]);
                } else if (kind == EventKind.SEND_MSG) {
                    sendUntil = Math.max(sendUntil, subtreeEnd[i]);
                }
            }
            if (!inFrame && matcher.isFrame(m)) {
                frameUntil = subtreeEnd[i];
            }
            if (!inScheduler && matcher.isScheduler(m)) {
                schedulerUntil = subtreeEnd[i];
            }
        }
        if (openTraversal >= 0 && !drawInTraversal) {
            out.addStandIn(drawRule, t, openTraversal, calls.start(openTraversal));
        }
    }

    private static long threadAllowedMask(List<MethodRule> list, String threadName) {
        long allowed = 0;
        for (int r = 0; r < list.size(); r++) {
            String glob = list.get(r).threadName();
            if (glob == null || Glob.anyOf(List.of(glob)).matches(threadName)) {
                allowed |= 1L << r;
            }
        }
        return allowed;
    }

    private static boolean suppressed(EventKind kind, boolean inUntrackedFrame, boolean inScheduler) {
        return switch (kind) {
            case SEND_MSG -> inUntrackedFrame || inScheduler;
            case REMOVE_MSG, DISPATCH_MSG, INVALIDATE, PAGE_START, REQUEST_RENDER -> inUntrackedFrame;
            default -> false;
        };
    }

    private static boolean runsFrame(RuleMatcher matcher, CallTable calls, int call, int last) {
        for (int j = call; j <= last; j++) {
            if (matcher.isFrame(calls.method(j))) {
                return true;
            }
        }
        return false;
    }

    /**
     * A readable name for a trigger: the first app method named {@code on…} it runs
     * ({@code MainActivity$1.onClick}); for an activity start, the activity launched or resumed:
     * the app class constructed by {@code Instrumentation.newActivity}, else the first app lifecycle
     * method's class named {@code …Activity}, else the app class whose method
     * {@code Activity.perform…} / {@code Instrumentation.callActivityOn…} calls directly (its
     * {@code onCreate}, {@code onResume}); never a lifecycle listener the activity forwards to.
     * Else the framework method itself.
     */
    String triggerName(MethodTable methods, CallTable calls, int call, EventKind kind) {
        int last = Math.min(calls.size() - 1, call + NAME_SEARCH_LIMIT);
        int d = calls.depth(call);
        String named = null;
        String called = null;
        for (int j = call + 1; j <= last && calls.depth(j) > d; j++) {
            MethodInfo mi = methods.get(calls.method(j));
            if (!rules.isAppClass(mi.className())) {
                continue;
            }
            String cls = mi.className();
            if (kind != EventKind.START_ACTIVITY) {
                if (mi.name().startsWith("on")) {
                    return cls.substring(cls.lastIndexOf('.') + 1) + "." + mi.name();
                }
                continue;
            }
            if (mi.name().equals("<init>") && underNewActivity(methods, calls, j, call)) {
                return cls;
            }
            if (named == null && cls.endsWith("Activity") && mi.name().startsWith("on")) {
                named = cls;
            }
            int p = calls.parent(j);
            if (called == null && p >= 0 && isActivityCallback(methods.get(calls.method(p)).fullName())) {
                called = cls;
            }
        }
        if (named != null || called != null) {
            return named != null ? named : called;
        }
        MethodInfo self = methods.get(calls.method(call));
        String cls = self.className();
        return cls.substring(cls.lastIndexOf('.') + 1) + "." + self.name();
    }

    /**
     * A delivered input event's name: the first app method it runs that handles input (a listener
     * such as {@code MainActivity$1.onTouch}, {@code onItemClick}, {@code onScrollStateChanged}; not
     * a view recycled while the list scrolls, {@code onDetachedFromWindow}), else what the input pipeline stage says it is
     * ({@code touch input}, {@code key input}, ...), else {@code input}.
     */
    String inputName(MethodTable methods, CallTable calls, int call) {
        int last = Math.min(calls.size() - 1, call + NAME_SEARCH_LIMIT);
        int d = calls.depth(call);
        for (int j = call + 1; j <= last && calls.depth(j) > d; j++) {
            MethodInfo mi = methods.get(calls.method(j));
            if (InputKinds.isHandler(mi.name()) && rules.isAppClass(mi.className())) {
                String cls = mi.className();
                return cls.substring(cls.lastIndexOf('.') + 1) + "." + mi.name();
            }
        }
        for (int j = call + 1; j <= last && calls.depth(j) > d; j++) {
            String kind = InputKinds.of(methods.get(calls.method(j)).name());
            if (kind != null) {
                return kind + " input";
            }
        }
        return "input";
    }

    /** Whether the framework method calls an activity's own lifecycle method directly. */
    private static boolean isActivityCallback(String fullName) {
        return fullName.startsWith("android.app.Activity.perform")
                || fullName.startsWith("android.app.Instrumentation.callActivityOn");
    }

    /** Whether {@code j} runs (at any depth below {@code top}) inside {@code Instrumentation.newActivity}. */
    private static boolean underNewActivity(MethodTable methods, CallTable calls, int j, int top) {
        for (int p = calls.parent(j); p >= 0 && p != top; p = calls.parent(p)) {
            if (methods.get(calls.method(p)).fullName().equals("android.app.Instrumentation.newActivity")) {
                return true;
            }
        }
        return false;
    }

    /** Matches found, in discovery order, turned into a start-ordered table at the end. */
    private static final class Collected {
        private int size;
        private int[] rule = new int[64];
        private int[] thread = new int[64];
        private int[] call = new int[64];
        private long[] start = new long[64];
        private boolean[] standIn = new boolean[64];

        void addStandIn(int r, int t, int c, long s) {
            add(r, t, c, s);
            standIn[size - 1] = true;
        }

        void add(int r, int t, int c, long s) {
            if (size == rule.length) {
                int next = size * 2;
                rule = Arrays.copyOf(rule, next);
                thread = Arrays.copyOf(thread, next);
                call = Arrays.copyOf(call, next);
                start = Arrays.copyOf(start, next);
                standIn = Arrays.copyOf(standIn, next);
            }
            rule[size] = r;
            thread[size] = t;
            call[size] = c;
            start[size] = s;
            size++;
        }

        EventTable build(Trace trace, MethodEventDeriver deriver) {
            Integer[] order = new Integer[size];
            for (int i = 0; i < size; i++) {
                order[i] = i;
            }
            Arrays.sort(order, (a, b) -> Long.compare(start[a], start[b]));
            List<MethodRule> list = deriver.rules.rules();
            MethodTable methods = trace.methods();
            EventTable.Builder b = new EventTable.Builder();
            for (int k = 0; k < size; k++) {
                int i = order[k];
                MethodRule r = list.get(rule[i]);
                CallTable calls = trace.threads().get(thread[i]).calls();
                int c = call[i];
                EventKind kind = r.event();
                boolean interval = isInterval(kind);
                int e = b.add(kind, thread[i], calls.start(c), interval ? calls.end(c) : calls.start(c), interval);
                b.setCall(e, c);
                String fullName = methods.get(calls.method(c)).fullName();
                if (kind.isTrigger()) {
                    b.setName(e, r.inputEvent() ? deriver.inputName(methods, calls, c)
                            : deriver.triggerName(methods, calls, c, kind));
                } else {
                    b.setName(e, r.name() != null ? r.name() : fullName);
                }
                if (r.via() != null) {
                    b.setVia(e, r.via());
                }
                if (r.joinsLaunch()) {
                    b.setDetail(e, JOINS_LAUNCH);
                } else if (standIn[i]) {
                    b.setDetail(e, STAND_IN_DRAW);
                } else if (r.inputEvent()) {
                    b.setDetail(e, INPUT_EVENT);
                } else if (r.joinsInput()) {
                    b.setDetail(e, JOINS_INPUT);
                } else if (r.newWindow()) {
                    b.setDetail(e, NEW_WINDOW);
                } else if (r.name() != null) {
                    b.setDetail(e, fullName);
                }
            }
            return b.build();
        }

        private static boolean isInterval(EventKind kind) {
            return switch (kind) {
                case SEND_MSG, REMOVE_MSG, INVALIDATE, PAGE_START, PAGE_FINISH, REQUEST_RENDER -> false;
                default -> true;
            };
        }
    }
}
