package dev.ura.trace.perfetto;

import java.util.Arrays;

/**
 * TrackEvent payloads' own fields, column-wise, as read from the bytes alone: what needs no
 * sequence state, so a decoding thread can read a chunk's events ahead of the reading thread,
 * which then applies them in file order with the sequence's interned names, clocks and defaults
 * ({@link TrackEventDecoder#apply}). The direct decode reads each event into row 0 of its own set.
 */
final class TrackEventFields {
    /** The repeated fields of an event, in {@link #arrays}; each null when absent. */
    static final int FLOWS = 0;
    static final int ENDS = 1;
    static final int EXTRA_VALUES = 2;
    static final int EXTRA_TRACKS = 3;
    static final int EXTRA_DOUBLES = 4;
    static final int EXTRA_DOUBLE_TRACKS = 5;

    int size;
    int[] type = new int[64];
    /** track_uuid, -1 when absent. */
    long[] uuid = new long[64];
    /** The inline name, null when absent; name_iid, -1 when absent. */
    String[] name = new String[64];
    long[] nameIid = new long[64];
    double[] value = new double[64];
    /** Legacy timestamps: timestamp_delta_us and timestamp_absolute_us, Long.MIN_VALUE when absent. */
    long[] deltaUs = new long[64];
    long[] absoluteUs = new long[64];
    /** The repeated fields (indexed by {@link #FLOWS}...), null when the event has none of them (most). */
    long[][][] arrays = new long[64][][];

    void clear() {
        Arrays.fill(name, 0, size, null);
        Arrays.fill(arrays, 0, size, null);
        size = 0;
    }

    /** Drops the last event read (its bytes turned out malformed). */
    void dropLast() {
        size--;
        name[size] = null;
        arrays[size] = null;
    }

    /** Reads the TrackEvent in {@code pb} (up to its limit) into a new row; its index. */
    int read(Pb pb) {
        int i = size;
        if (i == type.length) {
            grow(i * 2);
        }
        size++;
        int t = 0;
        long u = -1;
        String n = null;
        long iid = -1;
        double v = 0;
        long delta = Long.MIN_VALUE;
        long absolute = Long.MIN_VALUE;
        long[][] a = null;
        while (pb.more()) {
            int f = pb.field();
            switch (f) {
                case 1 -> delta = pb.varintOrSkip();
                case 16 -> absolute = pb.varintOrSkip();
                case 12 -> a = ids(pb, a, EXTRA_VALUES, false);
                case 31 -> a = ids(pb, a, EXTRA_TRACKS, false);
                case 46 -> a = ids(pb, a, EXTRA_DOUBLES, true);
                case 45 -> a = ids(pb, a, EXTRA_DOUBLE_TRACKS, false);
                case 9 -> t = (int) pb.varintOrSkip();
                case 11 -> u = pb.varintOrSkip();
                case 23 -> n = pb.stringOrSkip();
                case 10 -> iid = pb.varintOrSkip();
                case 30 -> v = pb.varintOrSkip();
                case 44 -> v = pb.wire == 1 ? Double.longBitsToDouble(pb.fixed64()) : skip(pb);
                case 47, 36 -> a = ids(pb, a, FLOWS, true);
                case 48, 42 -> a = ids(pb, a, ENDS, true);
                default -> pb.skip();
            }
        }
        type[i] = t;
        uuid[i] = u;
        name[i] = n;
        nameIid[i] = iid;
        value[i] = v;
        deltaUs[i] = delta;
        absoluteUs[i] = absolute;
        arrays[i] = a;
        return i;
    }

    /** Event {@code i}'s repeated field {@code which}, or null. */
    long[] array(int i, int which) {
        long[][] a = arrays[i];
        return a == null ? null : a[which];
    }

    /**
     * Appends a repeated field's values to {@code a[which]}: varints (packed or not) or, with
     * {@code fixed}, fixed64s (doubles as their bits; flow ids, which may also come as one varint).
     */
    private static long[][] ids(Pb pb, long[][] a, int which, boolean fixed) {
        long[][] out = a == null ? new long[6][] : a;
        out[which] = TrackEventDecoder.ids(pb, out[which], fixed);
        return out;
    }

    private static double skip(Pb pb) {
        pb.skip();
        return 0;
    }

    private void grow(int n) {
        type = Arrays.copyOf(type, n);
        uuid = Arrays.copyOf(uuid, n);
        name = Arrays.copyOf(name, n);
        nameIid = Arrays.copyOf(nameIid, n);
        value = Arrays.copyOf(value, n);
        deltaUs = Arrays.copyOf(deltaUs, n);
        absoluteUs = Arrays.copyOf(absoluteUs, n);
        arrays = Arrays.copyOf(arrays, n);
    }
}
