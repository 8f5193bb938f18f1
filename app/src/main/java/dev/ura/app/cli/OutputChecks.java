package dev.ura.app.cli;

import dev.ura.app.annotations.AnnotationStore;
import dev.ura.trace.io.AtomicWriter;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Checks an {@code -o} target against the files the command reads, before anything is read or
 * written: {@code convert t.jsonl -o t.jsonl} replaced the trace with its conversion and
 * {@code export-png -o t.jsonl.ura.json} the annotations with a PNG, both with exit 0. Such a
 * target is bad usage (exit 2, one line), and nothing is touched.
 */
final class OutputChecks {
    private OutputChecks() {
    }

    /**
     * Refuses {@code out} when it is (after following links, or as a hard link) one of
     * {@code traces} or a trace's annotation sidecar.
     */
    static void notAnInput(String command, Path out, List<Path> traces) throws CommandFailure {
        for (Path trace : traces) {
            if (same(out, trace)) {
                throw refuse(command, out, "is the trace this command reads");
            }
            Path sidecar = AnnotationStore.beside(trace).sidecar();
            if (same(out, sidecar)) {
                throw refuse(command, out, "is the annotations sidecar of " + trace);
            }
        }
    }

    static void notAnInput(String command, Path out, Path trace) throws CommandFailure {
        notAnInput(command, out, List.of(trace));
    }

    private static CommandFailure refuse(String command, Path out, String why) {
        return new CommandFailure(UraCommand.EXIT_USAGE, command + ": -o " + out + " " + why + "; refusing to overwrite it");
    }

    /** Whether two paths name one file: the same place once links are followed, or one inode. */
    static boolean same(Path a, Path b) {
        try {
            Path ra = AtomicWriter.resolveLinks(a).normalize();
            Path rb = AtomicWriter.resolveLinks(b).normalize();
            if (ra.equals(rb)) {
                return true;
            }
            return Files.exists(ra) && Files.exists(rb) && Files.isSameFile(ra, rb);
        } catch (IOException | SecurityException e) {
            return false; // a path that cannot be resolved is not a file the command could read either
        }
    }
}
