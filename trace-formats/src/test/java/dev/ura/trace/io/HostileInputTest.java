package dev.ura.trace.io;

import dev.ura.trace.model.Trace;
import dev.ura.trace.testing.HostileInputs;
import dev.ura.trace.testing.TraceInvariants;
import org.junit.jupiter.api.Test;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CancellationException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

/**
 * Deterministic mutation fuzzing of every reader through {@link TraceFiles}: truncations, flipped
 * bytes, huge counts, duplicated and deleted regions, NULs, invalid UTF-8, deep nesting, enormous
 * lines, gzip bombs. Whatever the input, only {@link TraceFormatException} (one line, naming the
 * file) may escape, within a generous time bound, and every trace read must be consistent.
 */
class HostileInputTest {
    /** Guards against hangs only; a read normally takes milliseconds. */
    private static final Duration HANG = Duration.ofSeconds(10);
    /** Mutants per seed; raise it for a deeper run: {@code -Dura.fuzz.mutants=5000 -Dura.fuzz.seed=7}. */
    private static final int MUTANTS_PER_SEED = Integer.getInteger("ura.fuzz.mutants", 40);
    private static final long FUZZ_SEED = Long.getLong("ura.fuzz.seed", 0);

    @Test
    void mutatedSeedsOfEveryFormatFailCleanlyOrGiveConsistentTraces() {
        List<String> problems = new ArrayList<>();
        int reads = 0;
        for (HostileInputs.Seed seed : HostileInputs.seeds()) {
            Random r = new Random(seed.name().hashCode() + FUZZ_SEED);
            byte[] in = seed.bytes();
            for (int i = 0; i < MUTANTS_PER_SEED; i++) {
                byte[] mutant = HostileInputs.mutate(in, i, r);
                check(seed.name() + "#" + i, mutant, problems);
                reads++;
            }
            // Truncation at many evenly spaced offsets (headers and record boundaries included).
            int step = Math.max(1, in.length / 30);
            for (int cut = 0; cut < in.length; cut += cut < 48 ? 1 : step) {
                check(seed.name() + "@cut" + cut, java.util.Arrays.copyOf(in, cut), problems);
                reads++;
            }
        }
        assertThat(reads).isGreaterThan(20 * MUTANTS_PER_SEED);
        assertThat(problems).isEmpty();
    }

    @Test
    void specialFilesFailCleanly() {
        List<String> problems = new ArrayList<>();
        for (Map.Entry<String, byte[]> e : HostileInputs.specials().entrySet()) {
            check(e.getKey(), e.getValue(), problems);
        }
        for (int b = 0; b < 256; b++) {
            check("byte-" + b, new byte[] {(byte) b}, problems);
        }
        assertThat(problems).isEmpty();
    }

    @Test
    void millionUnclosedEntersAndBeginsAreReadOrRefusedCleanly() {
        List<String> problems = new ArrayList<>();
        for (Map.Entry<String, byte[]> e : HostileInputs.deepNesting(1_000_000).entrySet()) {
            check(e.getKey(), e.getValue(), problems);
        }
        assertThat(problems).isEmpty();
    }

    @Test
    void enormousLinesAreReadOrRefusedCleanly() {
        List<String> problems = new ArrayList<>();
        for (Map.Entry<String, byte[]> e : HostileInputs.enormousLines(16 << 20).entrySet()) {
            check(e.getKey(), e.getValue(), problems);
        }
        assertThat(problems).isEmpty();
    }

    @Test
    void gzipOfEverySeedReadsLikeTheSeedAndTruncatedGzipIsRefused() {
        List<String> problems = new ArrayList<>();
        for (HostileInputs.Seed seed : HostileInputs.seeds()) {
            byte[] gz = HostileInputs.gzip(seed.bytes());
            for (int cut : new int[] {2, 10, 11, gz.length / 2, gz.length - 8, gz.length - 1}) {
                if (cut > 0 && cut < gz.length) {
                    check(seed.name() + ".gz@cut" + cut, java.util.Arrays.copyOf(gz, cut), problems);
                }
            }
        }
        assertThat(problems).isEmpty();
    }

    /** Reads once; records anything but a clean refusal or a consistent trace. */
    private static void check(String name, byte[] bytes, List<String> problems) {
        String problem = assertTimeoutPreemptively(HANG, () -> outcome(name, bytes),
                () -> name + " hangs: " + describe(bytes));
        if (problem != null) {
            problems.add(name + ": " + problem + " [input " + describe(bytes) + "]");
        }
    }

    private static String outcome(String name, byte[] bytes) {
        try {
            Trace t = TraceFiles.read(name, ByteBuffer.wrap(bytes), Progress.NONE);
            return TraceInvariants.violation(t);
        } catch (TraceFormatException e) {
            if (!e.getMessage().startsWith(name)) {
                return "message does not start with the file name: " + e.getMessage();
            }
            if (e.getMessage().chars().anyMatch(Character::isISOControl)) {
                return "message is not one printable line: " + e.getMessage();
            }
            return null;
        } catch (CancellationException e) {
            return "cancelled without being asked: " + e;
        } catch (Throwable e) {
            StringWriter sw = new StringWriter();
            e.printStackTrace(new PrintWriter(sw));
            String trace = sw.toString();
            return trace.substring(0, Math.min(trace.length(), 1500));
        }
    }

    private static String describe(byte[] bytes) {
        int n = Math.min(bytes.length, 48);
        return bytes.length + " bytes, starting " + HexFormat.of().formatHex(bytes, 0, n);
    }
}
