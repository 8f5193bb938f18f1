package dev.ura.trace.ftrace;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;

/** {@link FtraceLine} on bytes: a line inside a larger buffer, odd spacing, missing columns, cut lines, UTF-8. */
class FtraceLineBytesTest {

    /** The line placed in the middle of a buffer with junk around it, as LineStream hands it over. */
    private static FtraceLine parse(String line) {
        byte[] l = line.getBytes(StandardCharsets.UTF_8);
        byte[] buf = new byte[l.length + 20];
        java.util.Arrays.fill(buf, (byte) 'x');
        System.arraycopy(l, 0, buf, 7, l.length);
        FtraceLine f = new FtraceLine();
        return f.parse(buf, 7, 7 + l.length) ? f : null;
    }

    @Test
    void columnsAreOffsetsIntoTheCallersBuffer() {
        FtraceLine l = parse("  <...>-1234  (-----) [002] d.h3  316.196720: sched_waking: comm=a b pid=5 prio=120");
        assertThat(l).isNotNull();
        assertThat(l.comm()).isEqualTo("<...>");
        assertThat(l.commIs("<...>")).isTrue();
        assertThat(l.tid).isEqualTo(1234);
        assertThat(l.tgid).isEqualTo(-1); // "(-----)": not known
        assertThat(l.cpu).isEqualTo(2);
        assertThat(l.flags()).isEqualTo("d.h3");
        assertThat(l.interruptContext()).isTrue(); // third flag 'h': hard interrupt
        assertThat(l.tsNs).isEqualTo(316_196_720_000L);
        assertThat(l.eventIs("sched_waking")).isTrue();
        assertThat(l.eventIs("sched_wakin")).isFalse();
        assertThat(l.args()).isEqualTo("comm=a b pid=5 prio=120"); // up to the line's end, not the buffer's
    }

    @Test
    void withoutTheFlagsColumnAndWithWideSpacing() {
        // Kernels before 3.x print no irqs-off column; spacing varies with the width of the tid.
        FtraceLine l = parse("kworker/u16:3-77      [001]      99.500000:   cpu_idle: state=1 cpu_id=1");
        assertThat(l).isNotNull();
        assertThat(l.comm()).isEqualTo("kworker/u16:3");
        assertThat(l.tid).isEqualTo(77);
        assertThat(l.flags()).isEmpty();
        assertThat(l.interruptContext()).isFalse();
        assertThat(l.tsNs).isEqualTo(99_500_000_000L);
        assertThat(l.event()).isEqualTo("cpu_idle");
    }

    @Test
    void aCommWithDashesSpacesAndNonAsciiLetters() {
        // "-<digits>" inside the comm is not the tid: the tid is the last one before the cpu column.
        FtraceLine l = parse("  Привет мир-2-99-4321  ( 4321) [000] ...1  1.000001: tracing_mark_write: E|4321");
        assertThat(l).isNotNull();
        assertThat(l.comm()).isEqualTo("Привет мир-2-99");
        assertThat(l.tid).isEqualTo(4321);
        assertThat(l.tgid).isEqualTo(4321);
        assertThat(l.tsNs).isEqualTo(1_000_001_000L);
        assertThat(l.args()).isEqualTo("E|4321");
    }

    @Test
    void aCutLastLineIsNotAnEvent() {
        String full = "  RenderThread-4368  ( 4321) [007] ...1  3641.318920: tracing_mark_write: B|4321|Draw";
        // Cut in the timestamp, before its ": ": no event.
        assertThat(parse(full.substring(0, full.indexOf("318920") + 3))).isNull();
        // Cut inside the event name (no ':' after it): no event.
        assertThat(parse(full.substring(0, full.indexOf("_write")))).isNull();
        // Cut right after "event:": an event with empty arguments.
        FtraceLine l = parse(full.substring(0, full.indexOf("tracing_mark_write:") + "tracing_mark_write:".length()));
        assertThat(l).isNotNull();
        assertThat(l.args()).isEmpty();
    }

    @Test
    void aBracketedNumberInTheCommIsNotTheCpu() {
        FtraceLine l = parse("   Binder [1]-88   ( 88) [002] d..2  5.000001: sched_waking: comm=a pid=1");
        assertThat(l).isNotNull();
        assertThat(l.comm()).isEqualTo("Binder [1]");
        assertThat(l.cpu).isEqualTo(2);
    }
}
