package dev.ura.app.analysis.events;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import dev.ura.trace.model.EventKind;

import java.util.List;

/**
 * One row of the rule table: calls whose full name ({@code pkg.Class.method}) matches
 * {@code methods} (and none of {@code except}) become events of kind {@code event}.
 *
 * @param event         the agent-log kind it derives ({@code USER_INPUT}, {@code SEND_MSG}, ...)
 * @param via           for {@code SEND_MSG} / {@code DISPATCH_MSG}: the hand-off mechanism
 *                      ({@code handler}, {@code executor}, {@code thread}); sends link only to
 *                      dispatches of the same {@code via}
 * @param name          the derived event's name; {@code null} uses the method's full name
 *                      ({@code ad-request} marks ad SDK calls for the findings)
 * @param methods       globs over full method names
 * @param except        globs excluded from {@code methods}
 * @param directChildOf when set, the call must be a direct child of a call matching these globs
 * @param threadRoot    the rule matches the first outermost call of a thread that starts after
 *                      the trace begins, whatever its name
 * @param threadName    glob the thread's name must match, or {@code null}
 * @param joinsLaunch   for {@code START_ACTIVITY}: joins an unfinished launch response of the same
 *                      thread instead of starting a response of its own
 * @param inputEvent    for {@code USER_INPUT}: the call delivers one input event of the view system
 *                      (a touch, scroll step, key); such responses are grouped into gestures
 * @param joinsInput    for {@code USER_INPUT}: a click handler; run outside an input event (Android
 *                      posts {@code performClick} after the up event) it joins the response of the
 *                      input event its thread delivered just before, instead of starting its own
 * @param newWindow     for {@code INVALIDATE}: the call opens a window (an activity's, a popup's, a
 *                      dialog's); only a real {@code performDraw} fulfils it, never a traversal that
 *                      merely stands in for an unsampled draw
 */
@JsonIgnoreProperties(ignoreUnknown = false)
public record MethodRule(EventKind event, String via, String name, List<String> methods, List<String> except,
                         List<String> directChildOf, boolean threadRoot, String threadName, boolean joinsLaunch,
                         boolean inputEvent, boolean joinsInput, boolean newWindow) {

    public MethodRule {
        methods = methods == null ? List.of() : List.copyOf(methods);
        except = except == null ? List.of() : List.copyOf(except);
        directChildOf = directChildOf == null ? List.of() : List.copyOf(directChildOf);
    }
}
