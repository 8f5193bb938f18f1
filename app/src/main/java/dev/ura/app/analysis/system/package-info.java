/**
 * Responses on system traces (Perfetto, systrace), as docs/system-responses.md §1–§3 defines
 * them: the triggers ({@code deliverInputEvent}, {@code bindApplication}) and their start
 * ({@link dev.ura.app.analysis.system.InputTime}, {@link dev.ura.app.analysis.system.TriggerFinder}),
 * the tracked stretches found through wakeups, binder and flows
 * ({@link dev.ura.app.analysis.system.StretchTracker}), the frame that ends each response
 * ({@link dev.ura.app.analysis.system.FrameMatcher}), and the small event table that lets the
 * method-trace consumers show them ({@link dev.ura.app.analysis.system.SystemResponses}).
 */
package dev.ura.app.analysis.system;
