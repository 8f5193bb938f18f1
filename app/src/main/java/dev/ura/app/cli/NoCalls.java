package dev.ura.app.cli;

import dev.ura.trace.android.CallVisitor;
import dev.ura.trace.android.MethodTraceScan;

import java.util.function.IntFunction;

/** Visitors for a streaming pass that only counts ({@code ura info}): the calls are not looked at. */
final class NoCalls implements CallVisitor {
    static final MethodTraceScan.Visitors VISITORS = new MethodTraceScan.Visitors() {
        @Override
        public void methods(IntFunction<String> fullName, int defined) {
        }

        @Override
        public CallVisitor thread(int index) {
            return new NoCalls();
        }
    };

    private NoCalls() {
    }

    @Override
    public void enter(int method, long startNs) {
    }

    @Override
    public void exit(long endNs) {
    }

    @Override
    public void syntheticCaller(int method, long startNs, long endNs) {
    }

    @Override
    public void end() {
    }
}
