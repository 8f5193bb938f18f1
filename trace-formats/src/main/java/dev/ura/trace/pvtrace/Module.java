package dev.ura.trace.pvtrace;

import java.nio.file.Path;

/**
 * A loaded binary as a {@code # module <base> <path>} line describes it.
 *
 * @param base the address it was loaded at (0 when unknown or not relocated)
 * @param path the file, resolved against the trace's folder when relative
 */
record Module(long base, Path path) {
}
