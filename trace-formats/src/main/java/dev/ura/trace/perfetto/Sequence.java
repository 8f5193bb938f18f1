package dev.ura.trace.perfetto;

import java.util.HashMap;
import java.util.Map;

/**
 * Per-writer state of a trusted packet sequence: interned names, defaults, clocks and whether data
 * was lost since the last clear. A clear voids the incremental state (interned names, defaults,
 * the legacy delta-timestamp base) as Perfetto's trace processor does; the legacy thread
 * descriptor and the sequence-scoped clocks live on (the processor keeps both across a clear, and
 * writers do not resend them with every clear).
 */
final class Sequence {
    /** Interned event names by iid: small iids (the SDK counts from 1) in an array, others in a map. */
    private String[] smallNames = new String[64];
    private final Map<Long, String> largeNames = new HashMap<>();
    long defaultClock = -1;
    long defaultTrackUuid = -1;
    /** TrackEventDefaults.extra_counter_track_uuids / extra_double_counter_track_uuids, null when none. */
    long[] defaultExtraCounters;
    long[] defaultExtraDoubleCounters;
    /** Legacy ThreadDescriptor (#44) of the sequence: pid, tid; -1 when none. */
    long legacyPid = -1;
    long legacyTid = -1;
    /** Sequence-scoped clocks (ids 64..127): snapshot value, boot value, unit, incremental, running abs value. */
    private final Map<Long, long[]> scopedClocks = new HashMap<>();
    /** The scoped clock asked for last (a writer's packets name one clock, or their defaults do). */
    private long lastClockId = -1;
    private long[] lastClock;
    /**
     * Whether the incremental state is unusable: from the start of the sequence until its first
     * clear (nothing says what came before), and after a loss until the next clear.
     */
    boolean lostSinceClear = true;
    boolean everCleared;
    /** Whether a packet of this sequence was read before (the first one's loss flag means nothing). */
    boolean seen;
    /** Legacy TrackEvent delta timestamps (MONOTONIC, ns): base from the ThreadDescriptor, running sum. */
    long legacyTimeNs;
    boolean legacyTimeValid;

    /** Iids below this live in the array (it never grows past {@code 4 * 2^12} bytes of references). */
    private static final int SMALL_IIDS = 1 << 12;

    void eventName(long iid, String name) {
        if (iid >= 0 && iid < SMALL_IIDS) {
            if (iid >= smallNames.length) {
                smallNames = java.util.Arrays.copyOf(smallNames, (int) Math.min(SMALL_IIDS, Math.max(iid + 1,
                        smallNames.length * 2L)));
            }
            smallNames[(int) iid] = name;
        } else {
            largeNames.put(iid, name);
        }
    }

    /** The interned name of {@code iid}, or null when it was never sent (since the last clear). */
    String eventName(long iid) {
        if (iid >= 0 && iid < SMALL_IIDS) {
            return iid < smallNames.length ? smallNames[(int) iid] : null;
        }
        return largeNames.get(iid);
    }

    /** Scoped clock {@code id}'s state (see {@link #scopedClocks}), null when never defined. */
    long[] scopedClock(long id) {
        if (id != lastClockId) {
            lastClock = scopedClocks.get(id);
            lastClockId = id;
        }
        return lastClock;
    }

    /** Defines (or redefines) scoped clock {@code id}. */
    void scopedClock(long id, long[] state) {
        scopedClocks.put(id, state);
        if (id == lastClockId) {
            lastClock = state;
        }
    }

    void clear() {
        java.util.Arrays.fill(smallNames, null);
        largeNames.clear();
        defaultClock = -1;
        defaultTrackUuid = -1;
        defaultExtraCounters = null;
        defaultExtraDoubleCounters = null;
        legacyTimeValid = false;
        lostSinceClear = false;
        everCleared = true;
    }

    /** A packet loss: interned data and delta bases are unusable until the next clear. */
    void lost() {
        lostSinceClear = true;
        legacyTimeValid = false;
    }
}
