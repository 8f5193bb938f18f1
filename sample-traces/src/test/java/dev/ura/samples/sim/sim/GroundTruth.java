package dev.ura.samples.sim;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * What the simulation knows about its responses, independent of any analysis: when each started,
 * which draw fulfilled the last request its tracked work made, and when its tracked work ended
 * (the computation-centric end). Samples are checked against the engine with these figures.
 */
public final class GroundTruth {
    /**
     * One response as simulated.
     *
     * @param index     0-based, in start order
     * @param trigger   {@code onClick} or the activity class
     * @param startNs   the trigger's begin
     * @param endNs     end of the last draw that fulfilled a tracked request (screen-centric end)
     * @param workEndNs end of the last tracked work (computation-centric end)
     * @param endWhat   identity drawn last
     */
    public record ResponseTruth(int index, String trigger, long startNs, long endNs, long workEndNs, String endWhat) {
        public long durationNs() {
            return endNs - startNs;
        }

        public long workDurationNs() {
            return workEndNs - startNs;
        }
    }

    private record Request(int response, String identity, long atNs) {
    }

    private final List<String> triggers = new ArrayList<>();
    private final List<Long> starts = new ArrayList<>();
    private final List<Long> ends = new ArrayList<>();
    private final List<Long> workEnds = new ArrayList<>();
    private final List<String> endWhat = new ArrayList<>();
    private final List<Request> pending = new ArrayList<>();

    int start(String trigger, long atNs) {
        triggers.add(trigger);
        starts.add(atNs);
        ends.add(atNs);
        workEnds.add(atNs);
        endWhat.add(null);
        return triggers.size() - 1;
    }

    void request(int response, String identity, long atNs) {
        if (response >= 0) {
            pending.add(new Request(response, identity, atNs));
        }
    }

    /** A draw of {@code identity} over [startNs, endNs] fulfils the requests made before it began. */
    void fulfil(String identity, long startNs, long endNs) {
        pending.removeIf(r -> {
            if (r.identity.equals(identity) && r.atNs <= startNs) {
                if (endNs >= ends.get(r.response)) {
                    ends.set(r.response, endNs);
                    endWhat.set(r.response, identity);
                }
                return true;
            }
            return false;
        });
    }

    /** Records that tracked work of {@code response} ran until {@code atNs}. */
    public void workEnd(int response, long atNs) {
        if (response >= 0 && atNs > workEnds.get(response)) {
            workEnds.set(response, atNs);
        }
    }

    /** The responses, in start order. */
    public List<ResponseTruth> responses() {
        List<ResponseTruth> out = new ArrayList<>();
        for (int i = 0; i < triggers.size(); i++) {
            out.add(new ResponseTruth(i, triggers.get(i), starts.get(i), ends.get(i), workEnds.get(i), endWhat.get(i)));
        }
        return Collections.unmodifiableList(out);
    }

    /** Whether some tracked request was never drawn. */
    public boolean hasUnfulfilledRequests() {
        return !pending.isEmpty();
    }
}
