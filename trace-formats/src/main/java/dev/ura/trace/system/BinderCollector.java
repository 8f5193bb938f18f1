package dev.ura.trace.system;

import dev.ura.trace.model.system.BinderTransaction;

import java.util.ArrayList;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Binder sends and receipts joined by the kernel's debug id; a reply is matched to the latest
 * unanswered two-way transaction its sender received.
 */
final class BinderCollector {
    private final List<Send> sends = new ArrayList<>();
    private final List<long[]> receipts = new ArrayList<>();

    private record Send(long ts, int thread, int debugId, long destPid, boolean reply, boolean oneway, long code,
                        int seq) {
    }

    void transaction(long ts, int thread, int debugId, long destPid, boolean reply, long flags, long code) {
        sends.add(new Send(ts, thread, debugId, destPid, reply, (flags & 1) != 0, code, sends.size()));
    }

    void received(long ts, int thread, int debugId) {
        receipts.add(new long[] {ts, thread, debugId});
    }

    boolean any() {
        return !sends.isEmpty();
    }

    List<BinderTransaction> build() {
        List<Send> ordered = new ArrayList<>(sends);
        ordered.sort((a, b) -> a.ts != b.ts ? Long.compare(a.ts, b.ts) : Integer.compare(a.seq, b.seq));
        // A debug id is reused only after its transaction completed: keep the first receipt after each send.
        Map<Integer, List<long[]>> byId = new HashMap<>();
        for (long[] r : receipts) {
            byId.computeIfAbsent((int) r[2], k -> new ArrayList<>()).add(r);
        }
        byId.values().forEach(l -> l.sort((a, b) -> Long.compare(a[0], b[0])));
        List<long[]> events = new ArrayList<>(); // time, kind (0 receipt of send i, 1 send i), i
        long[] recvTime = new long[ordered.size()];
        int[] recvThread = new int[ordered.size()];
        for (int i = 0; i < ordered.size(); i++) {
            Send s = ordered.get(i);
            recvTime[i] = -1;
            recvThread[i] = -1;
            List<long[]> rs = byId.get(s.debugId);
            if (rs != null) {
                for (int k = 0; k < rs.size(); k++) {
                    if (rs.get(k)[0] >= s.ts) {
                        recvTime[i] = rs.get(k)[0];
                        recvThread[i] = (int) rs.get(k)[1];
                        rs.remove(k);
                        break;
                    }
                }
            }
            events.add(new long[] {s.ts, 1, i});
            if (recvTime[i] >= 0) {
                events.add(new long[] {recvTime[i], 0, i});
            }
        }
        events.sort((a, b) -> a[0] != b[0] ? Long.compare(a[0], b[0]) : Long.compare(a[1], b[1]));
        int[] replyTo = new int[ordered.size()];
        java.util.Arrays.fill(replyTo, -1);
        Map<Integer, Deque<Integer>> pending = new HashMap<>();
        for (long[] e : events) {
            int i = (int) e[2];
            Send s = ordered.get(i);
            if (e[1] == 0) {
                if (!s.reply && !s.oneway) {
                    pending.computeIfAbsent(recvThread[i], k -> new ArrayDeque<>()).push(i);
                }
            } else if (s.reply) {
                Deque<Integer> d = pending.get(s.thread);
                if (d != null && !d.isEmpty()) {
                    replyTo[i] = d.pop();
                }
            }
        }
        List<BinderTransaction> out = new ArrayList<>(ordered.size());
        for (int i = 0; i < ordered.size(); i++) {
            Send s = ordered.get(i);
            out.add(new BinderTransaction(s.debugId, s.reply, s.oneway, s.thread, s.ts, s.destPid, recvThread[i],
                    recvTime[i], replyTo[i], s.code));
        }
        return out;
    }
}
