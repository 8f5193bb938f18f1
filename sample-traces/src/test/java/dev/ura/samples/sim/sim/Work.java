package dev.ura.samples.sim;

/** Code a simulated thread runs: it advances the thread's clock through {@link Exec}. */
@FunctionalInterface
public interface Work {
    void run(Exec x);
}
