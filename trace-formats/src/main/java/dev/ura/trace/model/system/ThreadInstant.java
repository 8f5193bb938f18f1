package dev.ura.trace.model.system;

/**
 * An instant on a thread (atrace {@code I}, TrackEvent INSTANT on a thread track).
 *
 * @param thread thread index
 * @param timeNs time
 * @param name   name
 */
public record ThreadInstant(int thread, long timeNs, String name) {
}
