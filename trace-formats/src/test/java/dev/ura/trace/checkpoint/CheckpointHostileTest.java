package dev.ura.trace.checkpoint;

import dev.ura.trace.io.Progress;
import dev.ura.trace.io.TraceFormatException;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A CSV too big to hold in memory several times over is refused before it is copied. */
class CheckpointHostileTest {
    @Test
    void csvLargerThanTheLimitIsRefusedWithItsSize() {
        byte[] head = "name,count,total_ms\nparse,1,2\n".getBytes(StandardCharsets.US_ASCII);
        // A direct buffer: the reader must refuse it without copying it onto the heap.
        ByteBuffer big = ByteBuffer.allocateDirect(CheckpointCsvReader.MAX_BYTES + 1);
        big.put(head).clear();
        assertThatThrownBy(() -> new CheckpointCsvReader().read("huge.csv", big, Progress.NONE))
                .isInstanceOf(TraceFormatException.class)
                .hasMessage("huge.csv: checkpoint CSV of 67108865 bytes is larger than the 64 MiB"
                        + " a checkpoint report can have");
    }
}
