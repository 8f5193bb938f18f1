package dev.ura.trace.model.system;

/**
 * Values of one counter over time (atrace {@code C}, TrackEvent counters), in time order.
 */
public final class CounterTrack {
    private final long pid;
    private final String name;
    private final long[] times;
    private final double[] values;

    /**
     * @param pid    owning process, -1 when global
     * @param name   counter name
     * @param times  sample times, ns (copied; sorted here, stable)
     * @param values values, same length as {@code times}
     */
    public CounterTrack(long pid, String name, long[] times, double[] values) {
        if (times.length != values.length) {
            throw new IllegalArgumentException("times and values differ in length");
        }
        this.pid = pid;
        this.name = name;
        int n = times.length;
        int[] order = TimeOrder.of(times, n);
        this.times = new long[n];
        this.values = new double[n];
        for (int i = 0; i < n; i++) {
            this.times[i] = times[order[i]];
            this.values[i] = values[order[i]];
        }
    }

    public long pid() {
        return pid;
    }

    public String name() {
        return name;
    }

    public int size() {
        return times.length;
    }

    public long time(int i) {
        return times[i];
    }

    public double value(int i) {
        return values[i];
    }
}
