package dev.ura.trace.system;

import dev.ura.trace.model.CallTable;
import dev.ura.trace.model.MethodTable;

import java.util.List;

/**
 * Which thread is "the app's main thread" the user cares about: the one that handled the most inputs
 * ({@code deliverInputEvent}; the first such thread on a tie), else the one that bound a launched
 * application ({@code bindApplication}), else the one that ran the most {@code Choreographer#doFrame}s.
 * Most inputs, not the first: a launcher scrolled for seconds shares its touches' first instant with
 * a widget process that took one of them (a Xiaomi launcher capture: com.miui.home handled 85 inputs,
 * com.miui.personalassistant 1, on a thread with a lower index).
 */
final class AppProcess {
    private AppProcess() {
    }

    /** The thread index, or -1 when no thread drew or handled anything. */
    static int pick(List<CallTable> calls, long[] tgids, MethodTable methods) {
        int input = -1;
        int mostInputs = 0;
        int launched = -1;
        int most = -1;
        int mostFrames = 0;
        byte[] kind = SliceKinds.of(methods);
        for (int t = 0; t < calls.size(); t++) {
            CallTable c = calls.get(t);
            int frames = 0;
            int inputs = 0;
            for (int i = 0; i < c.size(); i++) {
                byte k = kind[c.method(i)];
                if (k == SliceKinds.INPUT) {
                    inputs++;
                } else if (launched < 0 && k == SliceKinds.BIND_APPLICATION) {
                    launched = t;
                } else if (k == SliceKinds.DO_FRAME) {
                    frames++;
                }
            }
            if (inputs > mostInputs) {
                input = t;
                mostInputs = inputs;
            }
            if (frames > mostFrames) {
                most = t;
                mostFrames = frames;
            }
        }
        return input >= 0 ? input : launched >= 0 ? launched : most;
    }
}
