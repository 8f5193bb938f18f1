package dev.ura.app.ui;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The explorer window's milestones, for a program that embeds or drives the window (UI automation,
 * the benchmarks' start-up timing): a trace's timeline painted, its analysis shown or failed.
 * Listeners are called on the EDT and must return quickly; with none registered a milestone costs
 * one look at an empty list.
 */
public final class WindowEvents {
    /** What a listener hears; every method does nothing unless overridden. */
    public interface Listener {
        /** The timeline painted a loaded trace (every such paint, the first one included). */
        default void tracePainted() {
        }

        /** The analysis of the opened trace is shown: its responses and, when it has one, the selected response's path. */
        default void analysisShown() {
        }

        /** The analysis (or the selected response's path) failed; {@code message} is what the window shows. */
        default void analysisFailed(String message) {
        }
    }

    private static final List<Listener> LISTENERS = new CopyOnWriteArrayList<>();

    private WindowEvents() {
    }

    public static void addListener(Listener l) {
        LISTENERS.add(l);
    }

    public static void removeListener(Listener l) {
        LISTENERS.remove(l);
    }

    /** Called by the timeline after it painted a trace. */
    public static void tracePainted() {
        for (Listener l : LISTENERS) {
            l.tracePainted();
        }
    }

    /** Called by the response panel's model when an analysis is shown. */
    public static void analysisShown() {
        for (Listener l : LISTENERS) {
            l.analysisShown();
        }
    }

    /** Called by the response panel's model when an analysis failed. */
    public static void analysisFailed(String message) {
        for (Listener l : LISTENERS) {
            l.analysisFailed(message);
        }
    }
}
