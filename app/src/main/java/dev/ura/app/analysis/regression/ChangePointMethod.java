package dev.ura.app.analysis.regression;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/** Which change-point detector a regression check uses. */
public enum ChangePointMethod {
    /** {@link EDivisiveAlgorithm}: permutation test, seeded (the default). */
    E_DIVISIVE,
    /** {@link HunterAlgorithm}: Otava's t-test split and merge, window 50, no randomness. */
    HUNTER;

    /** The command-line spelling: {@code e-divisive}, {@code hunter}. */
    public String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** The method spelled {@code label} (case-insensitive), if any. */
    public static Optional<ChangePointMethod> of(String label) {
        return Arrays.stream(values()).filter(m -> m.label().equalsIgnoreCase(label)).findFirst();
    }
}
