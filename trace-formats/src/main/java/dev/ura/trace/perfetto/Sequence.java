package dev.ura.trace.perfetto;

import java.util.HashMap;
import java.util.Map;

/**
 * Per-writer state of a trusted packet sequence: interned names, defaults, the incremental clock
 * and whether data was lost since the last clear. A clear voids all of it.
 */
final class Sequence {
    final Map<Long, String> eventNames = new HashMap<>();
    long defaultClock = -1;
    long defaultTrackUuid = -1;
    /** Legacy ThreadDescriptor (#44) of the sequence: pid, tid; -1 when none. */
    long legacyPid = -1;
    long legacyTid = -1;
    /** Sequence-scoped clocks (ids 64..127): snapshot value, boot value, unit, incremental, running abs value. */
    final Map<Long, long[]> scopedClocks = new HashMap<>();
    boolean lostSinceClear;
    boolean everCleared;

    void clear() {
        eventNames.clear();
        defaultClock = -1;
        defaultTrackUuid = -1;
        legacyPid = -1;
        legacyTid = -1;
        scopedClocks.clear();
        lostSinceClear = false;
        everCleared = true;
    }
}
