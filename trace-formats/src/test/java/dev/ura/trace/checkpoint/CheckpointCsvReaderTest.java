package dev.ura.trace.checkpoint;

import dev.ura.trace.io.Progress;
import dev.ura.trace.io.TraceFiles;
import dev.ura.trace.io.TraceFormatException;
import dev.ura.trace.model.BlockStat;
import dev.ura.trace.model.Trace;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class CheckpointCsvReaderTest {
    private static Trace read(String text) throws TraceFormatException {
        return TraceFiles.read("report.csv", ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8)), Progress.NONE);
    }

    @Test
    void threeColumnReportGivesBlocksInNanoseconds() throws Exception {
        Trace t = read("name,count,total_ms\nload config,3,12.5\n\"parse, validate\",10,0.001\n");
        assertThat(t.metadata().format()).isEqualTo("checkpoint");
        assertThat(t.blocks()).containsExactly(
                new BlockStat("load config", 3, 12_500_000, -1, -1),
                new BlockStat("parse, validate", 10, 1_000, -1, -1));
        assertThat(t.threads()).isEmpty();
        assertThat(t.callCount()).isZero();
        assertThat(t.warnings()).isEmpty();
    }

    @Test
    void fiveColumnReportKeepsMinAndMax() throws Exception {
        Trace t = read("name,count,total_ms,min_ms,max_ms\r\nrender,4,10,1.5,4.25\r\n");
        assertThat(t.blocks()).containsExactly(new BlockStat("render", 4, 10_000_000, 1_500_000, 4_250_000));
    }

    @Test
    void headerlessRowsAreRecognisedByContent() throws Exception {
        Trace t = read("startup,1,250\nsync,2,30.5\n");
        assertThat(t.blocks()).extracting(BlockStat::name).containsExactly("startup", "sync");
        assertThat(t.blocks().get(1).totalNs()).isEqualTo(30_500_000);
    }

    @Test
    void badRowsBecomeWarningsWithTheirLineNumbers() throws Exception {
        Trace t = read("name,count,total_ms\nok,1,1\nbroken,x,2\n\nshort,1\nneg,1,-3\nminmax,1,5,4,2\nlast,2,2\n");
        assertThat(t.blocks()).extracting(BlockStat::name).containsExactly("ok", "last");
        assertThat(t.warnings()).hasSize(4);
        assertThat(t.warnings().get(0)).startsWith("line 3: count is not an integer");
        assertThat(t.warnings().get(1)).startsWith("line 5: expected 3 or 5 fields");
        assertThat(t.warnings().get(2)).startsWith("line 6: total_ms");
        assertThat(t.warnings().get(3)).startsWith("line 7: min_ms 4 is greater than max_ms 2");
    }

    @Test
    void aFileWithNoValidRowIsOneFormatException() {
        assertThatThrownBy(() -> read("name,count,total_ms\nbad,x,1\nworse,1\n"))
                .isInstanceOf(TraceFormatException.class)
                .hasMessageContaining("report.csv")
                .hasMessageContaining("line 2: count is not an integer");
    }

    @Test
    void sniffsOnlyCheckpointShapes() {
        CheckpointCsvReader r = new CheckpointCsvReader();
        assertThat(r.canRead("name,count,total_ms\n".getBytes(StandardCharsets.UTF_8))).isTrue();
        assertThat(r.canRead("a,1,2.5,1,2\n".getBytes(StandardCharsets.UTF_8))).isTrue();
        assertThat(r.canRead("run,value\nabc,3\n".getBytes(StandardCharsets.UTF_8))).isFalse();
        assertThat(r.canRead("{\"kind\":\"META\"}\n".getBytes(StandardCharsets.UTF_8))).isFalse();
        assertThat(r.canRead("E0x400584\n".getBytes(StandardCharsets.UTF_8))).isFalse();
    }
}
