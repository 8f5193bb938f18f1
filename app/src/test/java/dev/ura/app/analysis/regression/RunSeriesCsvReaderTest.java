package dev.ura.app.analysis.regression;

import dev.ura.trace.io.TraceFormatException;
import org.junit.jupiter.api.Test;

import java.io.StringReader;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class RunSeriesCsvReaderTest {
    private static SeriesSet read(String csv) throws Exception {
        return RunSeriesCsvReader.read("s.csv", new StringReader(csv));
    }

    @Test
    void readsRunValue() throws Exception {
        SeriesSet s = read("run,value\nabc1,10\nabc2, 12.5\n\n# comment\n\"abc3\",\"11\"\n");
        assertThat(s.warnings()).isEmpty();
        assertThat(s.series()).singleElement().satisfies(r -> {
            assertThat(r.metric()).isEqualTo("value");
            assertThat(r.runs()).containsExactly("abc1", "abc2", "abc3");
            assertThat(r.values()).containsExactly(10, 12.5, 11);
        });
    }

    @Test
    void readsRunMetricValueInOrderOfFirstAppearance() throws Exception {
        SeriesSet s = read("run,metric,value\nc1,startup,5\nc1,scroll,7\nc2,startup,6\nc2,scroll,8\nc3,startup,4\n");
        assertThat(s.series()).extracting(RunSeries::metric).containsExactly("startup", "scroll");
        assertThat(s.series().get(0).runs()).containsExactly("c1", "c2", "c3");
        assertThat(s.series().get(1).values()).containsExactly(7, 8);
    }

    @Test
    void badLinesAreSkippedWithTheirLineNumbers() throws Exception {
        SeriesSet s = read("run,value\na,1\nb,x\nc,2,3\nd,NaN\n,4\ne,5\n");
        assertThat(s.series().get(0).runs()).containsExactly("a", "e");
        assertThat(s.warnings()).containsExactly(
                "s.csv: line 3: value is not a number: 'x', skipped",
                "s.csv: line 4: expected 2 fields, found 3, skipped",
                "s.csv: line 5: value is not finite: 'NaN', skipped",
                "s.csv: line 6: empty run name, skipped");
    }

    @Test
    void headerIsRequired() {
        assertThatThrownBy(() -> read("")).isInstanceOf(TraceFormatException.class)
                .hasMessageContaining("s.csv: line 1: empty");
        assertThatThrownBy(() -> read("# only a comment\nonecolumn\n")).isInstanceOf(TraceFormatException.class)
                .hasMessage("s.csv: line 2: expected a header run,value or run,metric,value, found 1 column(s): "
                        + "'onecolumn'");
        assertThatThrownBy(() -> read("run,value\nx,y\n")).isInstanceOf(TraceFormatException.class)
                .hasMessage("s.csv: line 2: no usable row after the header (1 bad)");
    }

    @Test
    void readsTheSharedOtavaFiles() throws Exception {
        SeriesSet s = RunSeriesCsvReader.read(dev.ura.trace.testing.SharedFiles.require(
                "regression/otava_tigerbeetle.csv"));
        assertThat(s.series().get(0).size()).isEqualTo(365);
        assertThat(s.series().get(0).runs().get(0)).isEqualTo("0");
        assertThat(s.series().get(0).value(0)).isEqualTo(26705);
    }
}
