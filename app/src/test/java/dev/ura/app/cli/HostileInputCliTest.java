package dev.ura.app.cli;

import dev.ura.trace.io.TraceFiles;
import dev.ura.trace.io.TraceFormatException;
import dev.ura.trace.model.Trace;
import dev.ura.trace.testing.HostileInputs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

/**
 * Hostile files through {@code info} and {@code analyze}: a file the readers refuse is exit 1 and
 * one line on stderr naming it, never a stack trace or an internal error; a damaged file that still
 * reads must also get through the analysis without an internal error.
 */
class HostileInputCliTest {
    /** Damaged copies per seed; raise it for a deeper run: {@code -Dura.fuzz.cliMutants=300}. */
    private static final int MUTANTS_PER_SEED = Integer.getInteger("ura.fuzz.cliMutants", 2);

    @TempDir
    Path dir;

    @Test
    void refusedFilesAreOneLineOnStderrAndExit1() throws IOException {
        List<Path> files = new ArrayList<>();
        for (String name : List.of("empty.trace", "one-byte.trace", "one-nul.trace", "gzip-truncated.trace.gz",
                "gzip-header-only.gz", "gzip-of-garbage.gz", "slow-magic-only.trace", "key-section-cut.trace")) {
            files.add(Files.write(dir.resolve(name), HostileInputs.specials().get(name)));
        }
        files.add(Files.write(dir.resolve("bomb-cut.jsonl.gz"), java.util.Arrays.copyOf(HostileInputs.gzipBomb(1 << 20), 300)));
        files.add(Files.createDirectory(dir.resolve("folder.trace")));
        files.add(dir.resolve("missing.trace"));
        List<String> problems = new ArrayList<>();
        for (Path f : files) {
            for (String command : List.of("info", "analyze")) {
                Result r = run(command, f);
                if (r.code != UraCommand.EXIT_BAD_INPUT || !r.out.isEmpty() || !isOneCleanLine(r.err, f)) {
                    problems.add(command + " " + f.getFileName() + ": exit " + r.code + ", stderr " + r.err);
                }
            }
        }
        assertThat(problems).isEmpty();
    }

    @Test
    void damagedFilesEitherLoadWithVisibleWarningsAndAnalyzeOrFailInOneLine() throws IOException {
        Map<String, byte[]> inputs = new LinkedHashMap<>(HostileInputs.specials());
        for (HostileInputs.Seed seed : HostileInputs.seeds()) {
            Random random = new Random(seed.name().hashCode());
            for (int i = 0; i < MUTANTS_PER_SEED; i++) {
                inputs.put(i + "-" + seed.name(), HostileInputs.mutate(seed.bytes(), i, random));
            }
        }
        List<String> problems = new ArrayList<>();
        for (Map.Entry<String, byte[]> e : inputs.entrySet()) {
            Path f = Files.write(dir.resolve(e.getKey()), e.getValue());
            Trace trace = readOrNull(f);
            for (String command : List.of("info", "analyze")) {
                Result r = run(command, f);
                boolean ok = trace != null
                        ? r.code == UraCommand.EXIT_OK && !hasStackOrInternalError(r.err)
                        && (!command.equals("info") || trace.warnings().isEmpty() || r.out.contains("warnings"))
                        : r.code == UraCommand.EXIT_BAD_INPUT && isOneCleanLine(r.err, f);
                if (!ok) {
                    problems.add(command + " " + f.getFileName() + ": exit " + r.code + ", stderr " + r.err);
                }
            }
        }
        assertThat(problems).isEmpty();
    }

    @Test
    void deeplyNestedFilesGetThroughEveryCommandWithoutAStackOverflow() throws IOException {
        List<String> problems = new ArrayList<>();
        for (Map.Entry<String, byte[]> e : HostileInputs.deepNesting(20_000).entrySet()) {
            Path f = Files.write(dir.resolve(e.getKey()), e.getValue());
            boolean readable = readOrNull(f) != null;
            for (String command : List.of("info", "analyze", "profile", "callgraph")) {
                Result r = run(command, f);
                boolean ok = readable ? r.code == UraCommand.EXIT_OK && !hasStackOrInternalError(r.err)
                        : r.code == UraCommand.EXIT_BAD_INPUT && isOneCleanLine(r.err, f);
                if (!ok) {
                    problems.add(command + " " + f.getFileName() + ": exit " + r.code + ", stderr " + r.err);
                }
            }
        }
        assertThat(problems).isEmpty();
    }

    private static Trace readOrNull(Path f) {
        try {
            return TraceFiles.read(f);
        } catch (TraceFormatException e) {
            return null;
        }
    }

    private static boolean isOneCleanLine(String err, Path f) {
        return err.startsWith("ura: " + f) && err.endsWith(System.lineSeparator())
                && err.strip().lines().count() == 1 && !hasStackOrInternalError(err);
    }

    private static boolean hasStackOrInternalError(String err) {
        return err.contains("\tat ") || err.contains("at dev.ura") || err.contains("Exception")
                || err.contains("Error:") || err.contains("internal error");
    }

    private record Result(int code, String out, String err) {
    }

    private static Result run(String command, Path f) {
        return assertTimeoutPreemptively(Duration.ofSeconds(20), () -> {
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            int code = UraCommand.run(new String[] {command, f.toString()}, new PrintWriter(out, true),
                    new PrintWriter(err, true));
            return new Result(code, out.toString(), err.toString());
        }, () -> command + " " + f + " hangs");
    }
}
