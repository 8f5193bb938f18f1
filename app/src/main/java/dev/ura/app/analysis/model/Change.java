package dev.ura.app.analysis.model;

/**
 * One what-if change. A change selects slices either by a glob over slice names ({@code *} = any
 * run of characters; {@code pkg.Class.method} for calls, {@code KIND} or {@code KIND:name} for
 * agent-log intervals) or as one exact slice the user picked.
 */
public sealed interface Change permits Change.Defer, Change.RunInParallel, Change.SideBySide, Change.SpeedUp {

    /** Which slices the change applies to. */
    SliceSelector target();

    /** A one-line description for scenario lists and reports. */
    String describe();

    /** The work runs after the response ends instead of inside it. */
    record Defer(SliceSelector target) implements Change {
        @Override
        public String describe() {
            return "defer " + target.describe();
        }
    }

    /** The work starts when the response starts, on its own thread; whatever waited for it still waits. */
    record RunInParallel(SliceSelector target) implements Change {
        @Override
        public String describe() {
            return "run in parallel " + target.describe();
        }
    }

    /**
     * The matched pieces that ran one after another on one thread (or one queue) run at the same
     * time, all starting where the first of them started; what followed the last waits for all.
     */
    record SideBySide(SliceSelector target) implements Change {
        @Override
        public String describe() {
            return "run side by side " + target.describe();
        }
    }

    /** The work takes {@code 1/factor} of its time. */
    record SpeedUp(SliceSelector target, double factor) implements Change {
        public SpeedUp {
            if (!(factor > 0) || Double.isInfinite(factor)) {
                throw new IllegalArgumentException("speed-up factor must be a positive number: " + factor);
            }
        }

        @Override
        public String describe() {
            return "speed up " + target.describe() + " ×" + factor;
        }
    }
}
