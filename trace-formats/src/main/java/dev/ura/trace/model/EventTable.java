package dev.ura.trace.model;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * Response-relevant events (agent-log kinds) column-wise, in the order they were read or derived.
 * Intervals ({@code start < end}, or {@link #isInterval(int)}) also appear as calls of their
 * thread; {@link #call(int)} points at that call. Identities ({@code obj}, {@code view},
 * {@code page}, {@code surface}) and names are interned strings.
 */
public final class EventTable {
    private static final EventTable EMPTY = new Builder().build();

    private final int size;
    private final byte[] kind;
    private final boolean[] interval;
    private final int[] thread;
    private final long[] start;
    private final long[] end;
    private final int[] identity;
    private final int[] name;
    private final int[] via;
    private final int[] kindName;
    private final int[] detail;
    private final long[] bytes;
    private final long[] targetTid;
    private final long[] delayNs;
    private final int[] call;
    private final int[] line;
    private final String[] strings;

    private EventTable(Builder b) {
        size = b.size;
        kind = Arrays.copyOf(b.kind, size);
        interval = Arrays.copyOf(b.interval, size);
        thread = Arrays.copyOf(b.thread, size);
        start = Arrays.copyOf(b.start, size);
        end = Arrays.copyOf(b.end, size);
        identity = Arrays.copyOf(b.identity, size);
        name = Arrays.copyOf(b.name, size);
        via = Arrays.copyOf(b.via, size);
        kindName = Arrays.copyOf(b.kindName, size);
        detail = Arrays.copyOf(b.detail, size);
        bytes = Arrays.copyOf(b.bytes, size);
        targetTid = Arrays.copyOf(b.targetTid, size);
        delayNs = Arrays.copyOf(b.delayNs, size);
        call = Arrays.copyOf(b.call, size);
        line = Arrays.copyOf(b.line, size);
        strings = b.strings.toArray(new String[0]);
    }

    /** A table with no events. */
    public static EventTable empty() {
        return EMPTY;
    }

    public int size() {
        return size;
    }

    public EventKind kind(int i) {
        return EventKind.ofOrdinal(kind[i]);
    }

    /** The kind as written (differs from {@code kind(i).name()} only for {@link EventKind#UNKNOWN}). */
    public String kindName(int i) {
        return kindName[i] < 0 ? kind(i).name() : strings[kindName[i]];
    }

    /** Whether the event is an interval (B/E pair) rather than an instant. */
    public boolean isInterval(int i) {
        return interval[i];
    }

    /** Index of the thread in {@link Trace#threads()}. */
    public int thread(int i) {
        return thread[i];
    }

    /** Start (or instant) time, ns. */
    public long start(int i) {
        return start[i];
    }

    /** End time, ns ({@code == start} for instants). */
    public long end(int i) {
        return end[i];
    }

    /** The identity ({@code obj}, {@code view}, {@code page} or {@code surface}), or {@code null}. */
    public String identity(int i) {
        return identity[i] < 0 ? null : strings[identity[i]];
    }

    /** Interned id of the identity, or -1 (equal ids mean equal identities within this table). */
    public int identityId(int i) {
        return identity[i];
    }

    /** The event's {@code name}, or {@code null}. */
    public String name(int i) {
        return name[i] < 0 ? null : strings[name[i]];
    }

    /** The hand-off mechanism of a {@code SEND_MSG} ({@code handler}, {@code asynctask}, ...), or {@code null}. */
    public String via(int i) {
        return via[i] < 0 ? null : strings[via[i]];
    }

    /** A path (storage), host (network) or other free detail, or {@code null}. */
    public String detail(int i) {
        return detail[i] < 0 ? null : strings[detail[i]];
    }

    /** Bytes moved by an I/O event, or -1. */
    public long bytes(int i) {
        return bytes[i];
    }

    /** Thread id a {@code SEND_MSG} targets, or -1. */
    public long targetTid(int i) {
        return targetTid[i];
    }

    /** Delay of a delayed {@code SEND_MSG}, ns (0 when none). */
    public long delayNs(int i) {
        return delayNs[i];
    }

    /** Index of the call in the thread's {@link CallTable} that this event is (or lies in), or -1. */
    public int call(int i) {
        return call[i];
    }

    /** 1-based source line in the log, or -1 for derived events. */
    public int line(int i) {
        return line[i];
    }

    /** Collects events. Not thread-safe. */
    public static final class Builder {
        private int size;
        private byte[] kind = new byte[16];
        private boolean[] interval = new boolean[16];
        private int[] thread = new int[16];
        private long[] start = new long[16];
        private long[] end = new long[16];
        private int[] identity = new int[16];
        private int[] name = new int[16];
        private int[] via = new int[16];
        private int[] kindName = new int[16];
        private int[] detail = new int[16];
        private long[] bytes = new long[16];
        private long[] targetTid = new long[16];
        private long[] delayNs = new long[16];
        private int[] call = new int[16];
        private int[] line = new int[16];
        private final List<String> strings = new ArrayList<>();
        /** Open addressing over {@code strings}: id + 1, 0 = empty (no boxing on the load path). */
        private int[] stringSlots = new int[64];
        /** The hash of each slot's string, so a probe only follows a string whose hash matches. */
        private int[] slotHashes = new int[64];
        /** Strings {@code [0, indexed)} are in the slots; later ones came via {@link #appendNewString}. */
        private int indexed;

        /** A builder with room for a few events. */
        public Builder() {
        }

        /**
         * A builder with room for {@code expectedEvents} (a hint; growth beyond it is automatic).
         * Readers derive it from the input's size, never from a count written in the file.
         */
        public Builder(int expectedEvents) {
            int n = Math.max(16, expectedEvents);
            kind = new byte[n];
            interval = new boolean[n];
            thread = new int[n];
            start = new long[n];
            end = new long[n];
            identity = new int[n];
            name = new int[n];
            via = new int[n];
            kindName = new int[n];
            detail = new int[n];
            bytes = new long[n];
            targetTid = new long[n];
            delayNs = new long[n];
            call = new int[n];
            line = new int[n];
        }

        /**
         * Appends an event with every optional field unset.
         *
         * @return its index, for the {@code set*} methods
         */
        public int add(EventKind k, int threadIndex, long startNs, long endNs, boolean isInterval) {
            if (size == kind.length) {
                grow();
            }
            int i = size++;
            kind[i] = (byte) k.ordinal();
            interval[i] = isInterval;
            thread[i] = threadIndex;
            start[i] = startNs;
            end[i] = Math.max(startNs, endNs);
            identity[i] = -1;
            name[i] = -1;
            via[i] = -1;
            kindName[i] = -1;
            detail[i] = -1;
            bytes[i] = -1;
            targetTid[i] = -1;
            delayNs[i] = 0;
            call[i] = -1;
            line[i] = -1;
            return i;
        }

        public Builder setEnd(int i, long endNs) {
            end[i] = Math.max(start[i], endNs);
            return this;
        }

        public Builder setIdentity(int i, String value) {
            identity[i] = intern(value);
            return this;
        }

        public Builder setName(int i, String value) {
            name[i] = intern(value);
            return this;
        }

        /**
         * The id of a string in this table, adding it when new: readers that see the same few
         * strings millions of times intern once and then set events by id ({@link #setIdentityId}...).
         */
        public int stringId(String value) {
            return intern(value);
        }

        /**
         * Adds a string the caller knows is not in the table yet and returns its id, without a
         * lookup: a reader that interns with its own index (e.g. millions of distinct identities)
         * would otherwise pay a second hash probe per new string. The table's own index catches up
         * on the next {@link #stringId} or {@code set*(String)}; a duplicate passed here would get
         * a second id.
         */
        public int appendNewString(String value) {
            strings.add(Objects.requireNonNull(value));
            return strings.size() - 1;
        }

        /** Sets the identity by a {@link #stringId} (-1 for none). */
        public Builder setIdentityId(int i, int stringId) {
            identity[i] = checkedId(stringId);
            return this;
        }

        /** Sets the name by a {@link #stringId} (-1 for none). */
        public Builder setNameId(int i, int stringId) {
            name[i] = checkedId(stringId);
            return this;
        }

        /** Sets the hand-off mechanism by a {@link #stringId} (-1 for none). */
        public Builder setViaId(int i, int stringId) {
            via[i] = checkedId(stringId);
            return this;
        }

        /** Sets the detail by a {@link #stringId} (-1 for none). */
        public Builder setDetailId(int i, int stringId) {
            detail[i] = checkedId(stringId);
            return this;
        }

        private int checkedId(int stringId) {
            if (stringId < -1 || stringId >= strings.size()) {
                throw new IllegalArgumentException("no string with id " + stringId);
            }
            return stringId;
        }

        public Builder setVia(int i, String value) {
            via[i] = intern(value);
            return this;
        }

        public Builder setKindName(int i, String value) {
            kindName[i] = intern(value);
            return this;
        }

        public Builder setDetail(int i, String value) {
            detail[i] = intern(value);
            return this;
        }

        public Builder setBytes(int i, long value) {
            bytes[i] = value;
            return this;
        }

        public Builder setTargetTid(int i, long value) {
            targetTid[i] = value;
            return this;
        }

        public Builder setDelayNs(int i, long value) {
            delayNs[i] = value;
            return this;
        }

        public Builder setCall(int i, int callIndex) {
            call[i] = callIndex;
            return this;
        }

        public Builder setLine(int i, int value) {
            line[i] = value;
            return this;
        }

        public Builder setThread(int i, int threadIndex) {
            thread[i] = threadIndex;
            return this;
        }

        public int size() {
            return size;
        }

        public EventKind kind(int i) {
            return EventKind.ofOrdinal(kind[i]);
        }

        public int thread(int i) {
            return thread[i];
        }

        public long start(int i) {
            return start[i];
        }

        private int intern(String value) {
            if (value == null) {
                return -1;
            }
            while (indexed < strings.size()) {
                index(indexed++);
            }
            int h = value.hashCode();
            int mask = stringSlots.length - 1;
            int slot = spread(h) & mask;
            for (int entry; (entry = stringSlots[slot]) != 0; slot = (slot + 1) & mask) {
                if (slotHashes[slot] == h && strings.get(entry - 1).equals(value)) {
                    return entry - 1;
                }
            }
            int id = strings.size();
            strings.add(value);
            indexed++;
            stringSlots[slot] = id + 1;
            slotHashes[slot] = h;
            if (strings.size() * 2 > stringSlots.length) {
                rehashStrings();
            }
            return id;
        }

        /** Puts an appended string into the slots. */
        private void index(int id) {
            int h = strings.get(id).hashCode();
            int mask = stringSlots.length - 1;
            int slot = spread(h) & mask;
            while (stringSlots[slot] != 0) {
                slot = (slot + 1) & mask;
            }
            stringSlots[slot] = id + 1;
            slotHashes[slot] = h;
            if ((id + 1) * 2 > stringSlots.length) {
                rehashStrings();
            }
        }

        private static int spread(int h) {
            int x = h ^ (h >>> 16);
            x *= 0x85EBCA6B;
            x ^= x >>> 13;
            x *= 0xC2B2AE35;
            return x ^ (x >>> 16);
        }

        private void rehashStrings() {
            int[] next = new int[stringSlots.length * 2];
            int[] nextHashes = new int[next.length];
            int mask = next.length - 1;
            for (int i = 0; i < stringSlots.length; i++) {
                if (stringSlots[i] != 0) {
                    int slot = spread(slotHashes[i]) & mask;
                    while (next[slot] != 0) {
                        slot = (slot + 1) & mask;
                    }
                    next[slot] = stringSlots[i];
                    nextHashes[slot] = slotHashes[i];
                }
            }
            stringSlots = next;
            slotHashes = nextHashes;
        }

        private void grow() {
            int n = (int) Math.min(Integer.MAX_VALUE - 8, (long) size * 2 + 16);
            kind = Arrays.copyOf(kind, n);
            interval = Arrays.copyOf(interval, n);
            thread = Arrays.copyOf(thread, n);
            start = Arrays.copyOf(start, n);
            end = Arrays.copyOf(end, n);
            identity = Arrays.copyOf(identity, n);
            name = Arrays.copyOf(name, n);
            via = Arrays.copyOf(via, n);
            kindName = Arrays.copyOf(kindName, n);
            detail = Arrays.copyOf(detail, n);
            bytes = Arrays.copyOf(bytes, n);
            targetTid = Arrays.copyOf(targetTid, n);
            delayNs = Arrays.copyOf(delayNs, n);
            call = Arrays.copyOf(call, n);
            line = Arrays.copyOf(line, n);
        }

        public EventTable build() {
            return new EventTable(this);
        }
    }
}
