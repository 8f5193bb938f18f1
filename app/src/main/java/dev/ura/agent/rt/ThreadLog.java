package dev.ura.agent.rt;

import java.io.IOException;
import java.io.OutputStream;
import java.lang.ref.WeakReference;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * One thread's agent-log lines: the thread encodes each event as a JSON line into a scratch array,
 * then copies it into a single-producer / single-consumer ring that only the writer thread drains.
 * No lock: the producer publishes whole lines by advancing {@code head}; the writer publishes what
 * it consumed by advancing {@code tail}. When the ring is full the producer waits for the writer
 * (losing lines would leave unmatched intervals), unless recording has stopped.
 *
 * <p>Also holds the thread's open intervals (kind and object per depth), so an exit hook can close
 * everything opened inside it even when an exception skipped inner exits.
 */
final class ThreadLog {
    static final int RING_BYTES = 1 << 16;
    /** Longest string value written, in chars; longer ones are cut (a hostile name must not blow the ring). */
    static final int MAX_STRING = 400;
    static final int MAX_DEPTH = 1024;
    private static final byte[] HEX = "0123456789abcdef".getBytes(StandardCharsets.US_ASCII);

    final long tid;
    final WeakReference<Thread> thread;
    /** Set while a hook of this thread runs, so the JDK code a hook calls is not recorded. */
    boolean busy;
    /** The recording this log belongs to (see Recorder). */
    int generation;

    private final byte[] ring = new byte[RING_BYTES];
    private final AtomicLong head = new AtomicLong();
    private final AtomicLong tail = new AtomicLong();
    private byte[] line = new byte[512];
    private int len;

    private byte[] openKinds = new byte[32];
    private Object[] openObjs = new Object[32];
    private long[] openBytes = new long[32];
    private int depth;

    // a USER_INPUT whose target component is not known yet (see InputHooks.inputBegin)
    String pendingInput;
    long pendingTs;
    Object pendingSource;
    String pendingName;
    /** Components painted in the current RepaintManager pass, or null outside a pass. */
    java.util.Map<Object, Boolean> passDrawn;
    /** What the last key press with a character handed to its KEY_TYPED event, or null. */
    InputHooks.TypedKey pendingTyped;
    /** Token of the thread-pool task running on this thread, or -1. */
    int poolToken = -1;
    /** The task an app's own {@code Executor.execute} is handing off on this thread, until it is recorded (see TaskHooks). */
    Object handingOff;
    /** The dispatch of an app executor's task this thread took from a queue, or -1 (see TaskHooks.taken). */
    int queueToken = -1;
    /** How many {@code HttpClient.sendAsync} calls this thread is inside (see HttpHooks). */
    int inExchange;
    /** How deep this thread's stack was when it took that task: a take deeper down is the task's own. */
    int queueFrames;

    ThreadLog(Thread t) {
        this(t.getId(), t);
    }

    /** A log under {@code tid} kept while {@code owner} lives (a lane of {@link HttpHooks}: its owner is never collected). */
    ThreadLog(long tid, Thread owner) {
        this.tid = tid;
        this.thread = new WeakReference<>(owner);
    }

    // ---- open intervals -------------------------------------------------------------------

    int depth() {
        return depth;
    }

    byte kindAt(int d) {
        return openKinds[d];
    }

    Object objAt(int d) {
        return openObjs[d];
    }

    void addBytesAt(int d, long n) {
        openBytes[d] = openBytes[d] < 0 ? n : openBytes[d] + n;
    }

    void setBytesAt(int d, long n) {
        openBytes[d] = n;
    }

    /** Pushes an open interval; false when too deep (then nothing is written for it). */
    boolean push(byte kind, Object obj) {
        if (depth >= MAX_DEPTH) {
            return false;
        }
        if (depth == openKinds.length) {
            openKinds = java.util.Arrays.copyOf(openKinds, depth * 2);
            openObjs = java.util.Arrays.copyOf(openObjs, depth * 2);
            openBytes = java.util.Arrays.copyOf(openBytes, depth * 2);
        }
        openKinds[depth] = kind;
        openObjs[depth] = obj;
        openBytes[depth] = -1;
        depth++;
        return true;
    }

    /** Closes every interval at depth {@code >= token}, innermost first, at {@code ts}. */
    void closeTo(int token, long ts) {
        while (depth > token && depth > 0) {
            depth--;
            begin(ts, openKinds[depth], 'E');
            if (openBytes[depth] >= 0) {
                key("bytes").number(openBytes[depth]);
            }
            openObjs[depth] = null;
            commit();
        }
    }

    // ---- encoding -------------------------------------------------------------------------

    /** Starts a line: {@code {"ts":..,"tid":..,"kind":"..","ph":".."}; ph 0 = instant. */
    ThreadLog begin(long ts, byte kind, char ph) {
        len = 0;
        raw("{\"ts\":").number(ts);
        raw(",\"tid\":").number(tid);
        bytes(Kind.field(kind));
        if (ph != 0) {
            raw(",\"ph\":\"").ascii(ph).ascii('"');
        }
        return this;
    }

    /** Starts a line with no ts (META, THREAD). */
    ThreadLog beginRaw() {
        len = 0;
        return ascii('{');
    }

    ThreadLog key(String name) {
        if (len > 1) {
            ascii(',');
        }
        return ascii('"').raw(name).raw("\":");
    }

    ThreadLog raw(String ascii) {
        ensure(ascii.length());
        for (int i = 0; i < ascii.length(); i++) {
            line[len++] = (byte) ascii.charAt(i);
        }
        return this;
    }

    ThreadLog ascii(char c) {
        ensure(1);
        line[len++] = (byte) c;
        return this;
    }

    private ThreadLog bytes(byte[] b) {
        ensure(b.length);
        System.arraycopy(b, 0, line, len, b.length);
        len += b.length;
        return this;
    }

    ThreadLog number(long v) {
        ensure(20);
        if (v == Long.MIN_VALUE) {
            return raw("-9223372036854775808");
        }
        if (v < 0) {
            line[len++] = '-';
            v = -v;
        }
        int start = len;
        do {
            line[len++] = (byte) ('0' + v % 10);
            v /= 10;
        } while (v != 0);
        for (int i = start, j = len - 1; i < j; i++, j--) {
            byte t = line[i];
            line[i] = line[j];
            line[j] = t;
        }
        return this;
    }

    /** A JSON string, escaped, cut at {@link #MAX_STRING} chars. */
    ThreadLog string(String s) {
        int n = Math.min(s.length(), MAX_STRING);
        ensure(n * 6 + 2);
        line[len++] = '"';
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            if (c == '"' || c == '\\') {
                line[len++] = '\\';
                line[len++] = (byte) c;
            } else if (c < 0x20 || (c >= 0xD800 && c <= 0xDFFF)) {
                // control characters and (possibly unpaired) surrogates as \\u escapes: always valid JSON and UTF-8
                line[len++] = '\\';
                line[len++] = 'u';
                line[len++] = HEX[(c >> 12) & 15];
                line[len++] = HEX[(c >> 8) & 15];
                line[len++] = HEX[(c >> 4) & 15];
                line[len++] = HEX[c & 15];
            } else if (c < 0x80) {
                line[len++] = (byte) c;
            } else if (c < 0x800) {
                line[len++] = (byte) (0xC0 | c >> 6);
                line[len++] = (byte) (0x80 | c & 0x3F);
            } else {
                line[len++] = (byte) (0xE0 | c >> 12);
                line[len++] = (byte) (0x80 | c >> 6 & 0x3F);
                line[len++] = (byte) (0x80 | c & 0x3F);
            }
        }
        line[len++] = '"';
        return this;
    }

    /**
     * An object identity as a string: {@code "ShortClassName@hex number"}, the number unique to the
     * object for the whole recording ({@link IdentityIds}), so two objects never share one.
     */
    ThreadLog identity(Object o) {
        byte[] name = ClassNames.INSTANCE.get(o.getClass());
        ensure(name.length + 20);
        line[len++] = '"';
        System.arraycopy(name, 0, line, len, name.length);
        len += name.length;
        line[len++] = '@';
        long h = IdentityIds.of(o);
        boolean started = false;
        for (int shift = 60; shift >= 0; shift -= 4) {
            int digit = (int) (h >>> shift) & 15;
            if (digit != 0 || started || shift == 0) {
                line[len++] = HEX[digit];
                started = true;
            }
        }
        line[len++] = '"';
        return this;
    }

    private void ensure(int more) {
        if (len + more > line.length) {
            line = java.util.Arrays.copyOf(line, Math.max(line.length * 2, len + more));
        }
    }

    // ---- ring -----------------------------------------------------------------------------

    /** Ends the line and publishes it to the writer; waits while the ring is full. */
    void commit() {
        ascii('}').ascii('\n');
        if (len > RING_BYTES / 2) {
            return; // cannot happen with MAX_STRING; never let one line wedge the ring
        }
        long h = head.get();
        while (h + len - tail.get() > RING_BYTES) {
            if (!Recorder.waitForSpace()) {
                return;
            }
        }
        int at = (int) (h & (RING_BYTES - 1));
        int first = Math.min(len, RING_BYTES - at);
        System.arraycopy(line, 0, ring, at, first);
        if (first < len) {
            System.arraycopy(line, first, ring, 0, len - first);
        }
        head.lazySet(h + len);
    }

    /** Writer thread only: copies every published line to {@code out}; true if anything was written. */
    boolean drainTo(OutputStream out) throws IOException {
        long t = tail.get();
        long h = head.get();
        if (h == t) {
            return false;
        }
        int at = (int) (t & (RING_BYTES - 1));
        int n = (int) (h - t);
        int first = Math.min(n, RING_BYTES - at);
        out.write(ring, at, first);
        if (first < n) {
            out.write(ring, 0, n - first);
        }
        tail.lazySet(h);
        return true;
    }

    boolean isEmpty() {
        return head.get() == tail.get();
    }

    static void parkBriefly() {
        LockSupport.parkNanos(50_000);
    }
}
