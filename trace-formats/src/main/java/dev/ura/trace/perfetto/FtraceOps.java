package dev.ura.trace.perfetto;

import dev.ura.trace.system.SystemTraceBuilder;
import dev.ura.trace.util.ByteKeyMap;

import java.util.Arrays;

/**
 * The {@link FtraceSink} calls of one chunk of the file, column-wise, made by a decoding thread
 * and replayed into the model by the reading thread in file order, so the model is built exactly
 * as if the calls had been made there (same order of threads, names, counts). Slice names are
 * kept as chunk-local ids with their bytes; the replay asks the model for each one's id once.
 */
final class FtraceOps implements FtraceSink {
    private static final byte COUNT = 0;
    private static final byte CURRENT = 1;
    private static final byte PRINT = 2;
    private static final byte PRINT_END = 3;
    private static final byte PRINT_BEGIN = 4;
    private static final byte SCHED = 5;
    private static final byte WAKING = 6;
    private static final byte BLOCKED = 7;
    private static final byte NEW_TASK = 8;
    private static final byte RENAME = 9;
    private static final byte BINDER_TX = 10;
    private static final byte BINDER_REPLY = 11;
    private static final byte BINDER_RX = 12;
    private static final byte RECORD = 13;
    private static final byte IRQ_PRINT = 14;
    private static final byte WAKEUP = 15;

    private int size;
    private byte[] op = new byte[1024];
    private int[] cpu = new int[1024];
    private long[] ts = new long[1024];
    private long[] a = new long[1024];
    private long[] b = new long[1024];
    private long[] c = new long[1024];
    private int[] d = new int[1024];
    private Object[] s = new Object[1024];
    private Object[] s2 = new Object[1024];

    /** Slice names of this chunk: UTF-8 bytes → local id; the bytes of local id i at names[i]. */
    private ByteKeyMap nameIds = new ByteKeyMap();
    private byte[][] names = new byte[64][];
    private int nameCount;
    /** During a replay: the model's id of each local name, -1 until asked. */
    private int[] modelIds = new int[64];

    int size() {
        return size;
    }

    /** Forgets the previous chunk's calls (the arrays are kept for the next). */
    void clear() {
        Arrays.fill(s, 0, size, null);
        Arrays.fill(s2, 0, size, null);
        size = 0;
        if (nameCount > 0) {
            Arrays.fill(names, 0, nameCount, null);
            nameIds = new ByteKeyMap();
            nameCount = 0;
        }
    }

    private int add(byte kind, int cpuNo, long t, long x, long y, long z, int w, Object o, Object o2) {
        int i = size;
        if (i == op.length) {
            int n = i * 2;
            op = Arrays.copyOf(op, n);
            cpu = Arrays.copyOf(cpu, n);
            ts = Arrays.copyOf(ts, n);
            a = Arrays.copyOf(a, n);
            b = Arrays.copyOf(b, n);
            c = Arrays.copyOf(c, n);
            d = Arrays.copyOf(d, n);
            s = Arrays.copyOf(s, n);
            s2 = Arrays.copyOf(s2, n);
        }
        op[i] = kind;
        cpu[i] = cpuNo;
        ts[i] = t;
        a[i] = x;
        b[i] = y;
        c[i] = z;
        d[i] = w;
        s[i] = o;
        s2[i] = o2;
        size = i + 1;
        return i;
    }

    @Override
    public void count(String what) {
        add(COUNT, 0, 0, 0, 0, 0, 0, what, null);
    }

    @Override
    public void current(int cpuNo, long t, long tid) {
        add(CURRENT, cpuNo, t, tid, 0, 0, 0, null, null);
    }

    @Override
    public void print(long t, long tid, String payload) {
        add(PRINT, 0, t, tid, 0, 0, 0, payload, null);
    }

    @Override
    public void irqPrint(int cpuNo, long t, String payload) {
        add(IRQ_PRINT, cpuNo, t, 0, 0, 0, 0, payload, null);
    }

    @Override
    public void printEnd(long t, long tid, long tgid) {
        add(PRINT_END, 0, t, tid, tgid, 0, 0, null, null);
    }

    /**
     * The model refuses exactly the names holding CR, LF or NUL (it never stores such bytes, so
     * it never finds them), so that is decided here.
     */
    @Override
    public boolean printBegin(long t, long tid, long tgid, byte[] bytes, int from, int len) {
        int id = nameIds.get(bytes, from, len);
        if (id < 0) {
            for (int k = from; k < from + len; k++) {
                if (bytes[k] == '\r' || bytes[k] == '\n' || bytes[k] == 0) {
                    return false;
                }
            }
            id = nameCount++;
            if (id == names.length) {
                names = Arrays.copyOf(names, id * 2);
            }
            names[id] = Arrays.copyOfRange(bytes, from, from + len);
            nameIds.put(bytes, from, len, id);
        }
        add(PRINT_BEGIN, 0, t, tid, tgid, 0, id, null, null);
        return true;
    }

    @Override
    public void sched(int cpuNo, long t, long prevTid, String prevComm, long rawPrevState, long nextTid,
                      String nextComm) {
        add(SCHED, cpuNo, t, prevTid, nextTid, rawPrevState, 0, prevComm, nextComm);
    }

    @Override
    public void waking(int cpuNo, long t, long wakerTid, long wakeeTid, String wakeeComm, int targetCpu, int flags) {
        add(WAKING, cpuNo, t, wakerTid, wakeeTid, targetCpu, flags, wakeeComm, null);
    }

    @Override
    public void wakeup(int cpuNo, long t, long wakerTid, long wakeeTid, String wakeeComm, int targetCpu, int flags) {
        add(WAKEUP, cpuNo, t, wakerTid, wakeeTid, targetCpu, flags, wakeeComm, null);
    }

    @Override
    public void blocked(long t, long tid, String function) {
        add(BLOCKED, 0, t, tid, 0, 0, 0, function, null);
    }

    @Override
    public void newTask(long t, long parentTid, long newTid, String comm, long cloneFlags) {
        add(NEW_TASK, 0, t, parentTid, newTid, cloneFlags, 0, comm, null);
    }

    @Override
    public void rename(long t, long tid, String name) {
        add(RENAME, 0, t, tid, 0, 0, 0, name, null);
    }

    @Override
    public void binderTransaction(long t, long tid, int debugId, long destPid, boolean reply, long flags, long code) {
        // flags is a uint32 (the decoder masks it): it fits the int column of the CPU.
        add(reply ? BINDER_REPLY : BINDER_TX, (int) flags, t, tid, destPid, code, debugId, null, null);
    }

    @Override
    public void binderReceived(long t, long tid, int debugId) {
        add(BINDER_RX, 0, t, tid, 0, 0, debugId, null, null);
    }

    @Override
    public void record() {
        add(RECORD, 0, 0, 0, 0, 0, 0, null, null);
    }

    /** Starts replaying this chunk (forgets the model ids of another chunk's names). */
    void beginReplay() {
        if (modelIds.length < nameCount) {
            modelIds = new int[Math.max(nameCount, modelIds.length * 2)];
        }
        Arrays.fill(modelIds, 0, nameCount, -1);
    }

    /** Makes the calls {@code [from, to)} on the model, in order. */
    void replay(int from, int to, BuilderSink out) {
        SystemTraceBuilder m = out.b;
        for (int i = from; i < to; i++) {
            switch (op[i]) {
                case CURRENT -> m.current(cpu[i], ts[i], a[i]);
                case PRINT_BEGIN -> m.printBegin(ts[i], a[i], b[i], modelName(d[i], m));
                case PRINT_END -> m.printEnd(ts[i], a[i], b[i]);
                case SCHED -> m.sched(cpu[i], ts[i], a[i], (String) s[i], m.prevState(c[i]), b[i], (String) s2[i]);
                case WAKING -> m.waking(cpu[i], ts[i], a[i], b[i], (String) s[i], (int) c[i], d[i]);
                case WAKEUP -> m.wakeup(cpu[i], ts[i], a[i], b[i], (String) s[i], (int) c[i], d[i]);
                case PRINT -> m.print(ts[i], a[i], (String) s[i]);
                case IRQ_PRINT -> m.irqPrint(cpu[i], ts[i], (String) s[i]);
                case COUNT -> m.count((String) s[i]);
                case BLOCKED -> m.blocked(ts[i], a[i], (String) s[i]);
                case NEW_TASK -> m.newTask(ts[i], a[i], b[i], (String) s[i], c[i]);
                case RENAME -> m.rename(ts[i], a[i], (String) s[i]);
                case BINDER_TX, BINDER_REPLY -> m.binderTransaction(ts[i], a[i], d[i], b[i], op[i] == BINDER_REPLY,
                        cpu[i] & 0xFFFF_FFFFL, c[i]);
                case BINDER_RX -> m.binderReceived(ts[i], a[i], d[i]);
                case RECORD -> m.record();
                default -> throw new IllegalStateException("op " + op[i]);
            }
        }
    }

    private int modelName(int local, SystemTraceBuilder m) {
        int id = modelIds[local];
        if (id < 0) {
            byte[] n = names[local];
            id = m.sliceName(n, 0, n.length);
            modelIds[local] = id;
        }
        return id;
    }
}
