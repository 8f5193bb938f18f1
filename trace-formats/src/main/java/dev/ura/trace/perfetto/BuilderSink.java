package dev.ura.trace.perfetto;

import dev.ura.trace.system.SystemTraceBuilder;

/** {@link FtraceSink} straight into the model. */
final class BuilderSink implements FtraceSink {
    final SystemTraceBuilder b;

    BuilderSink(SystemTraceBuilder b) {
        this.b = b;
    }

    @Override
    public void count(String what) {
        b.count(what);
    }

    @Override
    public void current(int cpu, long ts, long tid) {
        b.current(cpu, ts, tid);
    }

    @Override
    public void print(long ts, long tid, String payload) {
        b.print(ts, tid, payload);
    }

    @Override
    public void irqPrint(int cpu, long ts, String payload) {
        b.irqPrint(cpu, ts, payload);
    }

    @Override
    public void printEnd(long ts, long tid, long tgid) {
        b.printEnd(ts, tid, tgid);
    }

    @Override
    public boolean printBegin(long ts, long tid, long tgid, byte[] bytes, int from, int len) {
        return b.printBegin(ts, tid, tgid, bytes, from, len);
    }

    @Override
    public void sched(int cpu, long ts, long prevTid, String prevComm, long rawPrevState, long nextTid, String nextComm) {
        b.sched(cpu, ts, prevTid, prevComm, b.prevState(rawPrevState), nextTid, nextComm);
    }

    @Override
    public void waking(int cpu, long ts, long wakerTid, long wakeeTid, String wakeeComm, int targetCpu, int flags) {
        b.waking(cpu, ts, wakerTid, wakeeTid, wakeeComm, targetCpu, flags);
    }

    @Override
    public void wakeup(int cpu, long ts, long wakerTid, long wakeeTid, String wakeeComm, int targetCpu, int flags) {
        b.wakeup(cpu, ts, wakerTid, wakeeTid, wakeeComm, targetCpu, flags);
    }

    @Override
    public void blocked(long ts, long tid, String function) {
        b.blocked(ts, tid, function);
    }

    @Override
    public void newTask(long ts, long parentTid, long newTid, String comm, long cloneFlags) {
        b.newTask(ts, parentTid, newTid, comm, cloneFlags);
    }

    @Override
    public void rename(long ts, long tid, String name) {
        b.rename(ts, tid, name);
    }

    @Override
    public void binderTransaction(long ts, long tid, int debugId, long destPid, boolean reply, long flags, long code) {
        b.binderTransaction(ts, tid, debugId, destPid, reply, flags, code);
    }

    @Override
    public void binderReceived(long ts, long tid, int debugId) {
        b.binderReceived(ts, tid, debugId);
    }

    @Override
    public void record() {
        b.record();
    }
}
