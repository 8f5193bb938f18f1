package dev.ura.app.analysis;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.IntFunction;

/**
 * The most recently used per-response values that are big and cheap to rebuild (dependency graphs,
 * what-if estimators). Keeping them for every response made the memory of an analysis grow with
 * its response count times their size; the UI and the CLI look at one response at a time, so a
 * few recent ones are enough. Thread-safe; a value is built outside the lock, so two threads
 * asking at once may both build it and one result is kept.
 *
 * @param <V> the cached value
 */
final class RecentCache<V> {
    private final Map<Integer, V> recent;

    RecentCache(int capacity) {
        this.recent = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<Integer, V> eldest) {
                return size() > capacity;
            }
        };
    }

    /** The value for {@code key}, built by {@code build} when it is not among the recent ones. */
    V get(int key, IntFunction<V> build) {
        synchronized (recent) {
            V v = recent.get(key);
            if (v != null) {
                return v;
            }
        }
        V built = build.apply(key);
        synchronized (recent) {
            V raced = recent.putIfAbsent(key, built);
            return raced != null ? raced : built;
        }
    }
}
