package dev.ura.app.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;

/**
 * The bound on {@code --response all}: 3,000 responses wrote 3,000 PNGs (71 MB, 46 s) and a
 * 100,000-response log would have written about 2.4 GB without a word. By default at most
 * {@value #DEFAULT} are written, with a warning naming the flag that lifts the cap.
 */
final class ResponseCap {
    static final int DEFAULT = 200;

    private ResponseCap() {
    }

    static void check(String command, int max) throws CommandFailure {
        if (max < 0) {
            throw new CommandFailure(UraCommand.EXIT_USAGE, command + ": --max-responses must be 0 (no limit) or more, got " + max);
        }
    }

    /** The first {@code max} of {@code wanted} (all when {@code max} is 0), warning when some are left out. */
    static List<Integer> apply(List<Integer> wanted, int max, Path file, PrintWriter err, String order) {
        if (max == 0 || wanted.size() <= max) {
            return wanted;
        }
        err.printf("ura: warning: %s has %,d responses; writing only the first %,d, %s (--max-responses N raises "
                + "the cap, --max-responses 0 lifts it)%n", file, wanted.size(), max, order);
        err.flush();
        return wanted.subList(0, max);
    }
}
