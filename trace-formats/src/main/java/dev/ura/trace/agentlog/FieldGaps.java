package dev.ura.trace.agentlog;

import dev.ura.trace.model.EventKind;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Events that lack a field their kind needs, counted per kind and field: one warning per gap names
 * its first lines, how many there are, and the meaning ura gives such an event (docs/agent-log-v1.md,
 * "What ura does with imperfect logs"), so a bad line never changes a result silently and a log
 * with thousands of them costs a few lines of warnings.
 */
final class FieldGaps {
    /** Lines named per gap; the rest are counted. */
    static final int LINES_NAMED = 3;

    private final Map<String, Gap> gaps = new LinkedHashMap<>();

    private static final class Gap {
        final String meaning;
        final int[] lines = new int[LINES_NAMED];
        long count;

        Gap(String meaning) {
            this.meaning = meaning;
        }
    }

    /** Checks one event line ({@code ph} B or instant: an "E" carries no fields of its own). */
    void check(EventKind kind, EventFields f, int line) {
        switch (kind) {
            case SEND_MSG, DISPATCH_MSG -> {
                if (f.identity < 0) {
                    add(kind.name() + " without \"obj\"", line,
                            "the hand-off is linked by inference (affinity, then first come first served)");
                }
            }
            case REMOVE_MSG -> {
                if (f.identity < 0) {
                    add("REMOVE_MSG without \"obj\"", line, "it cancels nothing");
                }
            }
            case INVALIDATE -> missingIdentity(f, line, "INVALIDATE", "view", "DRAW");
            case PAGE_START -> missingIdentity(f, line, "PAGE_START", "page", "PAGE_FINISH");
            case REQUEST_RENDER -> missingIdentity(f, line, "REQUEST_RENDER", "surface", "DRAW_FRAME");
            case DRAW -> missingDrawn(f, line, "DRAW", "view");
            case PAGE_FINISH -> missingDrawn(f, line, "PAGE_FINISH", "page");
            case DRAW_FRAME -> missingDrawn(f, line, "DRAW_FRAME", "surface");
            case USER_INPUT, START_ACTIVITY, METHOD -> {
                if (f.name < 0) {
                    add(kind.name() + " without \"name\"", line, "it is named " + kind.name());
                }
            }
            default -> {
            }
        }
    }

    private void missingIdentity(EventFields f, int line, String kind, String field, String fulfilment) {
        if (f.identity < 0) {
            add(kind + " without \"" + field + "\"", line, "it is fulfilled by the next " + fulfilment
                    + " on its thread (else on any thread), and is no request when none follows");
        }
    }

    private void missingDrawn(EventFields f, int line, String kind, String field) {
        if (f.identity < 0) {
            add(kind + " without \"" + field + "\"", line, "it fulfils every request of its kind pending when it starts");
        }
    }

    private void add(String what, int line, String meaning) {
        Gap g = gaps.computeIfAbsent(what, k -> new Gap(meaning));
        if (g.count < LINES_NAMED) {
            g.lines[(int) g.count] = line;
        }
        g.count++;
    }

    /** One warning per gap, in the order the gaps were first seen. */
    void report(Warnings warnings) {
        gaps.forEach((what, g) -> {
            StringBuilder sb = new StringBuilder(what);
            if (g.count > 1) {
                sb.append(" (").append(g.count).append(" lines: ");
                int named = (int) Math.min(g.count, LINES_NAMED);
                for (int i = 0; i < named; i++) {
                    sb.append(i > 0 ? ", " : "").append(g.lines[i]);
                }
                sb.append(g.count > named ? ", …)" : ")");
            }
            warnings.atLine(g.lines[0], sb.append(": ").append(g.meaning).toString());
        });
    }
}
