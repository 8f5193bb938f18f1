package dev.ura.trace.perfetto;

/**
 * Where {@link FtraceDecoder} puts what it decodes: straight into the model
 * ({@link BuilderSink}), into a chunk's tables ({@link ColumnSink}) that the model's thread
 * merges, or into a chunk's record of calls ({@link FtraceOps}) that a decoding thread fills and
 * the model's thread replays in file order. The calls are those of
 * {@link dev.ura.trace.system.SystemTraceBuilder}, except that a switch carries the raw
 * {@code prev_state} (how it reads depends on the kernel version, which a packet earlier in the
 * file may set after a decoding thread has already passed the switch).
 */
interface FtraceSink {
    void count(String what);

    void current(int cpu, long ts, long tid);

    void print(long ts, long tid, String payload);

    /** An atrace payload written while pid 0 was current on {@code cpu} (interrupt context). */
    void irqPrint(int cpu, long ts, String payload);

    void printEnd(long ts, long tid, long tgid);

    /** An atrace {@code B|tgid|name}; false, having done nothing, when the name needs the general path. */
    boolean printBegin(long ts, long tid, long tgid, byte[] b, int from, int len);

    void sched(int cpu, long ts, long prevTid, String prevComm, long rawPrevState, long nextTid, String nextComm);

    void waking(int cpu, long ts, long wakerTid, long wakeeTid, String wakeeComm, int targetCpu, int flags);

    /** A {@code sched_wakeup} (the second half of a wake when the trace also has its {@code sched_waking}). */
    void wakeup(int cpu, long ts, long wakerTid, long wakeeTid, String wakeeComm, int targetCpu, int flags);

    void blocked(long ts, long tid, String function);

    void newTask(long ts, long parentTid, long newTid, String comm, long cloneFlags);

    void rename(long ts, long tid, String name);

    void binderTransaction(long ts, long tid, int debugId, long destPid, boolean reply, long flags, long code);

    void binderReceived(long ts, long tid, int debugId);

    void record();
}
