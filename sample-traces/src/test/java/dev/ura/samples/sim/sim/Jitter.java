package dev.ura.samples.sim;

import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Deterministic, keyed jitter. Each step of a scenario names its key ("parse", "frame.draw"), and
 * the n-th use of a key always gets the same factor for a seed, so an original and its optimised
 * twin share the jitter of every step they have in common, whatever the other one adds or drops.
 */
public final class Jitter {
    private final long seed;
    private final double spread;
    private final Map<String, Integer> uses = new HashMap<>();

    /**
     * @param seed   the run's seed
     * @param spread relative half-width of the uniform jitter (0.05 = ±5 %)
     */
    public Jitter(long seed, double spread) {
        this.seed = seed;
        this.spread = spread;
    }

    /** A jittered duration in ns, a whole number of microseconds and at least 1 µs. */
    public long ns(String key, double ms) {
        double u = uniform(key);
        long us = Math.round(ms * 1000.0 * (1.0 + spread * (2 * u - 1)));
        return Math.max(1, us) * 1000L;
    }

    /** A uniform number in [0, 1) for the next use of {@code key}. */
    public double uniform(String key) {
        int n = uses.merge(key, 1, Integer::sum);
        long mixed = seed * 0x9E3779B97F4A7C15L + key.hashCode() * 0xBF58476D1CE4E5B9L + n * 0x94D049BB133111EBL;
        return new SplittableRandom(mixed).nextDouble();
    }
}
