package dev.ura.samples.scenarios;

/**
 * A what-if as {@code ura analyze} takes it. The pattern is a glob that matches the changed work
 * in both forms of a sample: {@code pkg.Class.method} in the method trace, and
 * {@code METHOD:pkg.Class.method} or {@code DISPATCH_MSG:pkg.Class.method} in the agent log.
 *
 * @param flag    {@code defer}, {@code parallel} or {@code speedup}
 * @param pattern the glob
 * @param factor  the speed-up factor (only for {@code speedup}, else 0)
 */
public record WhatIf(String flag, String pattern, double factor) {

    public static WhatIf defer(String pattern) {
        return new WhatIf("defer", pattern, 0);
    }

    public static WhatIf parallel(String pattern) {
        return new WhatIf("parallel", pattern, 0);
    }

    public static WhatIf speedup(String pattern, double factor) {
        return new WhatIf("speedup", pattern, factor);
    }

    /** The command-line arguments, e.g. {@code --speedup *Dao.query=4}. */
    public String[] arguments() {
        String value = flag.equals("speedup") ? pattern + "=" + trimmed(factor) : pattern;
        return new String[] {"--" + flag, value};
    }

    private static String trimmed(double d) {
        return d == Math.rint(d) ? Long.toString((long) d) : Double.toString(d);
    }

    @Override
    public String toString() {
        return String.join(" ", arguments());
    }
}
