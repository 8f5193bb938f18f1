package dev.ura.app.analysis.findings;

import dev.ura.app.analysis.model.Change;
import dev.ura.app.analysis.model.Finding;
import dev.ura.app.analysis.model.Response;
import dev.ura.app.analysis.model.SliceRef;
import dev.ura.app.analysis.model.SliceSelector;
import dev.ura.trace.model.CallTable;
import dev.ura.trace.model.system.BinderTransaction;
import dev.ura.trace.model.system.SystemTrace;

import java.util.ArrayList;
import java.util.List;

/**
 * System traces: a synchronous binder call from the app's main thread during the response. Names
 * the remote thread and process, the server's AIDL slice when recorded, the round trip (from the
 * send to when the main thread received the reply) and how much of it is on the critical path:
 * all of it when the main thread is on the path when the reply arrives (the path then walks the
 * remote side over the whole wait), else none. The suggestion runs the main-thread slice that
 * makes the call in parallel (off the main thread), unless that slice is the framework's (the
 * input, the frame).
 */
public final class MainThreadBinderRule implements FindingRule {
    /** The rule id findings carry. */
    public static final String ID = "binder-on-main-thread";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public List<Finding> check(FindingContext ctx) {
        int main = ctx.mainThread();
        if (!ctx.system() || main < 0) {
            return List.of();
        }
        Response r = ctx.response();
        SystemTrace sys = ctx.trace().system();
        SystemFacts facts = ctx.systemFacts();
        List<BinderTransaction> binder = sys.binder();
        List<Finding> out = new ArrayList<>();
        for (int k = 0; k < binder.size(); k++) {
            BinderTransaction b = binder.get(k);
            if (b.reply() || b.oneway() || b.fromThread() != main || b.sendNs() < r.startNs() || b.sendNs() >= r.endNs()) {
                continue;
            }
            BinderTransaction reply = replyTo(binder, k);
            long back = reply == null ? r.endNs() : reply.received() ? reply.receiveNs() : reply.sendNs();
            long roundTrip = back - b.sendNs();
            if (roundTrip < ctx.thresholds().minMainThreadBinderNs()) {
                continue;
            }
            long critical = SystemFacts.onPathAt(ctx.path(), main, Math.min(back, r.endNs() - 1))
                    ? SystemFacts.onPath(ctx.path(), -1, b.sendNs(), Math.min(back, r.endNs())) : 0;
            String remote = b.toThread() >= 0 ? facts.label(b.toThread())
                    : sys.process(b.destPid()).map(p -> p.name() + " (" + p.pid() + ")").orElse("another process");
            String aidl = b.received() ? aidlSlice(ctx, b, reply) : null;
            int client = facts.sliceAt(main, b.sendNs());
            String clientName = client < 0 ? null : facts.sliceName(main, client);
            boolean movable = clientName != null && !SystemFacts.isContainer(clientName);
            Change fix = movable ? new Change.RunInParallel(new SliceSelector.ByName(clientName)) : null;
            long saved = fix == null ? 0 : ctx.saving(fix);
            String message = "The main thread makes a synchronous binder call to " + remote
                    + (aidl == null ? "" : " (" + aidl + ")") + (clientName == null ? "" : " in " + clientName)
                    + ": " + (reply == null ? "no reply before the response ends, " : "a round trip of ")
                    + FindingContext.ms(roundTrip) + ", " + FindingContext.ms(critical) + " of it on the critical path. "
                    + (fix == null ? "Make the call from a background thread, or one-way."
                    : "Make the call from a background thread" + (saved > 0 ? ": the response would be about "
                    + FindingContext.ms(saved) + " faster." : "; it does not delay this response, but it blocks the main thread."));
            List<SliceRef> calls = new ArrayList<>();
            if (client >= 0) {
                calls.add(new SliceRef(main, client));
            }
            out.add(new Finding(ID, ctx.thresholds().severityFor(Math.max(saved, critical)), message, b.sendNs(),
                    Math.min(back, r.endNs()), main, calls, fix, saved));
        }
        return out;
    }

    /** The reply to transaction {@code k}: by the kernel's link, else the first reply its receiver sent back. */
    private static BinderTransaction replyTo(List<BinderTransaction> binder, int k) {
        BinderTransaction b = binder.get(k);
        BinderTransaction byThreads = null;
        for (int i = k + 1; i < binder.size(); i++) {
            BinderTransaction x = binder.get(i);
            if (!x.reply()) {
                continue;
            }
            if (x.replyTo() == k) {
                return x;
            }
            if (byThreads == null && x.replyTo() < 0 && b.toThread() >= 0 && x.fromThread() == b.toThread()
                    && x.toThread() == b.fromThread()) {
                byThreads = x;
            }
        }
        return byThreads;
    }

    private static boolean isAidl(String name) {
        return name.startsWith("AIDL::") || name.startsWith("HIDL::");
    }

    /** The server's {@code AIDL::…} (or {@code HIDL::…}) slice while it served the call, or {@code null}. */
    private static String aidlSlice(FindingContext ctx, BinderTransaction b, BinderTransaction reply) {
        CallTable calls = ctx.trace().threads().get(b.toThread()).calls();
        long from = b.receiveNs();
        long to = reply == null ? ctx.response().endNs() : reply.sendNs();
        SystemFacts facts = ctx.systemFacts();
        for (int c = facts.sliceAt(b.toThread(), from); c >= 0; c = calls.parent(c)) {
            if (isAidl(facts.sliceName(b.toThread(), c))) {
                return facts.sliceName(b.toThread(), c);
            }
        }
        for (int c = facts.firstStartingAtOrAfter(b.toThread(), from); c < calls.size() && calls.start(c) <= to; c++) {
            if (isAidl(facts.sliceName(b.toThread(), c))) {
                return facts.sliceName(b.toThread(), c);
            }
        }
        return null;
    }
}
