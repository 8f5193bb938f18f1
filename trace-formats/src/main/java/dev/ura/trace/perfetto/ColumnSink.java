package dev.ura.trace.perfetto;

import dev.ura.trace.system.ChunkTables;

/**
 * {@link FtraceSink} into a chunk's {@link ChunkTables} (on a decoding thread). A call the tables
 * do not take marks the bundle {@link #refused}; the chunk then drops the bundle's rows and records
 * its calls instead ({@link FtraceOps}), so such a bundle is replayed as before.
 */
final class ColumnSink implements FtraceSink {
    ChunkTables tables;
    /** A call of the current bundle was not taken: the rest of the bundle is ignored here. */
    boolean refused;

    /** Starts a bundle into {@code t}. */
    void begin(ChunkTables t) {
        tables = t;
        refused = false;
        t.begin();
    }

    private void refuse() {
        refused = true;
    }

    @Override
    public void count(String what) {
        if (!refused) {
            tables.count(what);
        }
    }

    @Override
    public void current(int cpu, long ts, long tid) {
        if (!refused && !tables.current(cpu, ts, tid)) {
            refuse();
        }
    }

    @Override
    public void print(long ts, long tid, String payload) {
        refuse();
    }

    @Override
    public void irqPrint(int cpu, long ts, String payload) {
        refuse();
    }

    @Override
    public void printEnd(long ts, long tid, long tgid) {
        if (!refused && !tables.printEnd(ts, tid, tgid)) {
            refuse();
        }
    }

    @Override
    public boolean printBegin(long ts, long tid, long tgid, byte[] b, int from, int len) {
        if (!refused && !tables.printBegin(ts, tid, tgid, b, from, len)) {
            refuse();
        }
        return true; // refused or not, the general path has nothing to add here
    }

    @Override
    public void sched(int cpu, long ts, long prevTid, String prevComm, long rawPrevState, long nextTid, String nextComm) {
        if (!refused && !tables.sched(cpu, ts, prevTid, prevComm, rawPrevState, nextTid, nextComm)) {
            refuse();
        }
    }

    @Override
    public void waking(int cpu, long ts, long wakerTid, long wakeeTid, String wakeeComm, int targetCpu, int flags) {
        if (!refused && !tables.waking(cpu, ts, wakerTid, wakeeTid, wakeeComm, targetCpu, flags)) {
            refuse();
        }
    }

    @Override
    public void wakeup(int cpu, long ts, long wakerTid, long wakeeTid, String wakeeComm, int targetCpu, int flags) {
        if (!refused && !tables.wakeup(cpu, ts, wakerTid, wakeeTid, wakeeComm, targetCpu, flags)) {
            refuse();
        }
    }

    @Override
    public void blocked(long ts, long tid, String function) {
        refuse();
    }

    @Override
    public void newTask(long ts, long parentTid, long newTid, String comm, long cloneFlags) {
        refuse();
    }

    @Override
    public void rename(long ts, long tid, String name) {
        refuse();
    }

    @Override
    public void binderTransaction(long ts, long tid, int debugId, long destPid, boolean reply, long flags, long code) {
        refuse();
    }

    @Override
    public void binderReceived(long ts, long tid, int debugId) {
        refuse();
    }

    @Override
    public void record() {
        if (!refused) {
            tables.record();
        }
    }
}
