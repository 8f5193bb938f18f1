package dev.ura.app.ui;

import dev.ura.app.render.TraceIndex;
import dev.ura.trace.model.Trace;

/** A trace read and indexed off the EDT, ready to show. */
record LoadedTrace(TraceSource source, Trace trace, TraceIndex index) {
}
