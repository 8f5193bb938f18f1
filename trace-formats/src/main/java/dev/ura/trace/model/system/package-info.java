/**
 * What a system trace (Perfetto protobuf, systrace / ftrace text) adds to the common model:
 * processes, thread identities and names over time, scheduler thread states, kernel wakeups,
 * binder transactions, flows, frames with their presentation, async slices, instants and
 * counters. Slices of a thread (atrace {@code B}/{@code E}, TrackEvent slices) are calls in that
 * thread's {@link dev.ura.trace.model.CallTable}, named by {@link dev.ura.trace.model.MethodInfo}s
 * with an empty class, exactly like Chrome JSON slices.
 *
 * <p>All times are nanoseconds on the trace clock (Linux {@code CLOCK_BOOTTIME} for Android
 * traces); a thread index is a position in {@link dev.ura.trace.model.Trace#threads()}.
 * Nothing here imports AWT or Swing.
 */
package dev.ura.trace.model.system;
