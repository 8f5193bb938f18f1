package dev.ura.trace.android;

import dev.ura.trace.io.Progress;
import dev.ura.trace.io.TraceFiles;
import dev.ura.trace.model.CallTable;
import dev.ura.trace.model.Clock;
import dev.ura.trace.model.Trace;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A legacy trace read from its file (records copied with positional reads, on two decoding threads
 * past a million records) is the trace read from the same bytes in memory.
 */
class FileReadTest {
    @TempDir
    Path dir;

    @Test
    void aLargeFileReadInBlocksFromDiskEqualsTheSameBytesReadInMemory() throws Exception {
        AndroidTraceWriter w = AndroidTraceWriter.legacy(3, Clock.DUAL);
        for (int t = 1; t <= 6; t++) {
            w.thread(t, t == 1 ? "main" : "t" + t);
        }
        for (int m = 0; m < 300; m++) {
            w.method(w.methodId(m), "a.B", "m" + m, "()V", "B.java");
        }
        SplittableRandom random = new SplittableRandom(11);
        long wall = 0;
        int records = (int) RecordScanner.PARALLEL_MIN_RECORDS + 70_001;
        for (int i = 0; i < records; i++) {
            int tid = 1 + random.nextInt(7); // thread 7 is never named
            int action = random.nextInt(10) < 5 ? 0 : random.nextInt(20) == 0 ? 2 : 1;
            long id = w.methodId(random.nextInt(310)); // ids 300..309 are never defined
            wall += random.nextInt(3);
            w.record(tid, id, action, wall, wall / 3);
        }
        byte[] bytes = w.toBytes();
        byte[] withStray = java.util.Arrays.copyOf(bytes, bytes.length + 5); // a partial record at the end
        Path file = Files.write(dir.resolve("big.trace"), withStray);
        Trace fromFile = TraceFiles.read(file, Progress.NONE);
        Trace inMemory = TraceFiles.read(file.toString(), ByteBuffer.wrap(withStray), Progress.NONE);
        assertThat(fromFile.records()).isEqualTo(records);
        assertThat(fromFile.warnings()).isEqualTo(inMemory.warnings()).isNotEmpty();
        assertThat(fromFile.methods().all()).isEqualTo(inMemory.methods().all());
        assertThat(fromFile.threads()).hasSize(7).hasSameSizeAs(inMemory.threads());
        for (int i = 0; i < fromFile.threads().size(); i++) {
            assertThat(fromFile.threads().get(i).name()).isEqualTo(inMemory.threads().get(i).name());
            assertThat(dump(fromFile.threads().get(i).calls())).isEqualTo(dump(inMemory.threads().get(i).calls()));
        }
    }

    private static String dump(CallTable c) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < c.size(); i++) {
            sb.append(c.depth(i)).append(' ').append(c.method(i)).append(' ').append(c.start(i)).append(' ')
                    .append(c.end(i)).append(' ').append(c.cpuStart(i)).append(' ').append(c.cpuEnd(i)).append('\n');
        }
        return sb.toString();
    }
}
