package dev.ura.app.cli.bench;

import dev.ura.trace.io.TraceFiles;
import dev.ura.trace.model.CallTable;
import dev.ura.trace.model.ThreadTrack;
import dev.ura.trace.model.Trace;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * bench batch's copies must all be stored (different content hashes) and stay the same trace: copy i
 * differs from copy 0 only in its last four bytes, the last record's wall time, i µs later.
 */
class BatchCopiesTest {
    @Test
    void copiesDifferOnlyInTheLastRecordsTimeAndReadAlike(@TempDir Path dir) throws Exception {
        BatchCopies.write(dir, 3, 1);
        byte[] first = Files.readAllBytes(dir.resolve("copy-0.trace"));
        Trace original = TraceFiles.read(dir.resolve("copy-0.trace"));
        for (int i = 1; i < 3; i++) {
            byte[] copy = Files.readAllBytes(dir.resolve("copy-" + i + ".trace"));
            assertThat(copy).hasSameSizeAs(first);
            int n = copy.length;
            assertThat(Arrays.equals(copy, 0, n - 4, first, 0, n - 4)).isTrue();
            int was = ByteBuffer.wrap(first, n - 4, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
            int now = ByteBuffer.wrap(copy, n - 4, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
            assertThat(now - was).isEqualTo(i);

            Trace t = TraceFiles.read(dir.resolve("copy-" + i + ".trace"));
            assertThat(t.warnings()).isEqualTo(original.warnings());
            assertThat(t.callCount()).isEqualTo(original.callCount()).isPositive();
            // The latest call end moved by at most i µs (the last record's time, if it ends a call).
            assertThat(lastEnd(t) - lastEnd(original)).isBetween(0L, i * 1000L);
        }
    }

    private static long lastEnd(Trace t) {
        long last = Long.MIN_VALUE;
        for (ThreadTrack tt : t.threads()) {
            CallTable c = tt.calls();
            for (int k = 0; k < c.size(); k++) {
                last = Math.max(last, c.end(k));
            }
        }
        return last;
    }
}
