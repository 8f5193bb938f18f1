/**
 * Assembly of system traces shared by the Perfetto protobuf and the ftrace/systrace text
 * readers: a reader decodes its wire format into calls on {@link dev.ura.trace.system.SystemTraceBuilder}
 * (scheduler switches and wakings per CPU, atrace payloads, binder, task lifetime, TrackEvents,
 * FrameTimeline), in file order; the builder orders what needs ordering and produces the model of
 * {@link dev.ura.trace.model.system}.
 */
package dev.ura.trace.system;
