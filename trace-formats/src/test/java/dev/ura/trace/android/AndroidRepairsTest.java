package dev.ura.trace.android;

import dev.ura.trace.model.Clock;
import dev.ura.trace.model.Trace;
import org.junit.jupiter.api.Test;

import java.util.Arrays;

import static dev.ura.trace.android.AndroidTraces.calls;
import static dev.ura.trace.android.AndroidTraces.read;
import static dev.ura.trace.android.AndroidTraces.thread;
import static org.assertj.core.api.Assertions.assertThat;

/** Each repair of a damaged or unusual trace: the calls that result and the one warning line. */
class AndroidRepairsTest {
    private static final long A = 4;
    private static final long B = 8;
    private static final long C = 12;
    private static final long D = 16;

    private static AndroidTraceWriter writer() {
        return AndroidTraceWriter.legacy(3, Clock.DUAL).thread(1, "main").thread(2, "worker")
                .method(A, "x.Y", "a", "()V", "Y.java").method(B, "x.Y", "b", "()V", "Y.java")
                .method(C, "x.Y", "c", "()V", "Y.java").method(D, "x.Y", "d", "()V", "Y.java");
    }

    @Test
    void exitsBeforeAnyEntryGetSyntheticCallersThatAdoptEarlierCalls() throws Exception {
        Trace trace = read(writer().enter(1, A, 10, 1).exit(1, A, 20, 2).exit(1, B, 30, 3)
                .enter(1, C, 40, 4).exit(1, C, 50, 5).exit(1, D, 60, 6).enter(1, A, 70, 7).exit(1, A, 80, 8)
                .toBytes());
        assertThat(calls(trace, "main")).containsExactly(
                "d 10-60 cpu 1-6",
                "  b 10-30 cpu 1-3",
                "    a 10-20 cpu 1-2",
                "  c 40-50 cpu 4-5",
                "a 70-80 cpu 7-8");
        assertThat(trace.warnings()).containsExactly("main: 2 exits without a matching entry; synthetic callers added"
                + " (starting at the thread's first time)");
        RealAndroidTracesTest.assertWellFormed(thread(trace, "main").calls());
    }

    @Test
    void callsOpenAtTheEndCloseAtTheThreadsLastTime() throws Exception {
        Trace trace = read(writer().enter(1, A, 10, 1).enter(1, B, 20, 2).enter(2, C, 25, 1).exit(1, B, 30, 3)
                .enter(1, C, 35, 4).enter(2, D, 99, 9).toBytes());
        assertThat(calls(trace, "main")).containsExactly("a 10-35 cpu 1-4", "  b 20-30 cpu 2-3", "  c 35-35 cpu 4-4");
        assertThat(calls(trace, "worker")).containsExactly("c 25-99 cpu 1-9", "  d 99-99 cpu 9-9");
        assertThat(trace.warnings()).containsExactly("4 calls still open at the end on 2 threads (main 2, worker 2);"
                + " closed at the thread's last time");
    }

    @Test
    void unwindClosesLikeAnExitAndAction3IsAnExitWithAWarning() throws Exception {
        Trace trace = read(writer().enter(1, A, 10, 1).enter(1, B, 20, 2).unwind(1, B, 30, 3)
                .record(1, A, 3, 40, 4).toBytes());
        assertThat(calls(trace, "main")).containsExactly("a 10-40 cpu 1-4", "  b 20-30 cpu 2-3");
        assertThat(trace.warnings()).containsExactly("main: 1 record with the unused action 3; treated as exits");
    }

    @Test
    void exitOfAnEnclosingMethodPopsUntilItAndAStrayExitIsDropped() throws Exception {
        Trace trace = read(writer().enter(1, A, 10, 1).enter(1, B, 20, 2).enter(1, C, 25, 2).exit(1, A, 30, 3)
                .enter(1, A, 40, 4).exit(1, D, 45, 4).exit(1, A, 50, 5).toBytes());
        assertThat(calls(trace, "main")).containsExactly("a 10-30 cpu 1-3", "  b 20-30 cpu 2-3",
                "    c 25-30 cpu 2-3", "a 40-50 cpu 4-5");
        assertThat(trace.warnings()).containsExactly(
                "main: 2 calls closed by the exit of an enclosing method; the exit did not match the innermost call",
                "main: 1 exit of a method not on the stack; dropped");
    }

    @Test
    void unlistedThreadsAndMethodsGetPlaceholderNames() throws Exception {
        Trace trace = read(writer().enter(4621, A, 1, 1).exit(4621, A, 2, 2).enter(1, 0x1a2c, 3, 3)
                .exit(1, 0x1a2c, 4, 4).toBytes());
        assertThat(calls(trace, "thread 4621")).containsExactly("a 1-2 cpu 1-2");
        assertThat(calls(trace, "main")).containsExactly("unknown 0x1a2c 3-4 cpu 3-4");
        assertThat(trace.methods().definedCount()).isEqualTo(4);
        assertThat(trace.warnings()).containsExactly(
                "1 method id used by records but never defined; named \"unknown 0x…\"",
                "1 thread with records but no name: 4621; named \"thread <id>\"");
    }

    @Test
    void linuxTidsAboveSixteenBitsMatchTheirTruncatedRecordIds() throws Exception {
        Trace trace = read(writer().thread(70000, "Binder:70000_1").enter(70000, A, 1, 1).exit(70000, A, 2, 2)
                .toBytes());
        assertThat(trace.threads()).singleElement().satisfies(t -> {
            assertThat(t.id()).isEqualTo(70000);
            assertThat(t.name()).isEqualTo("Binder:70000_1");
        });
        assertThat(trace.warnings()).isEmpty();
    }

    @Test
    void trailingPartialRecordAndOverflowFlagAreReported() throws Exception {
        byte[] bytes = writer().property("data-file-overflow", "true").enter(1, A, 1, 1).exit(1, A, 2, 2).toBytes();
        byte[] withStray = Arrays.copyOf(bytes, bytes.length + 1);
        Trace trace = read(withStray);
        assertThat(trace.records()).isEqualTo(2);
        assertThat(trace.warnings()).containsExactly(
                "data-file-overflow=true: the VM's trace buffer filled up and later events were not recorded",
                "1 byte after the last whole record ignored (at byte " + bytes.length + ")");
    }

    @Test
    void timesNeverRunBackwardsWithinAThread() throws Exception {
        Trace trace = read(writer().enter(1, A, 50, 1).enter(1, B, 40, 2).exit(1, B, 60, 3).exit(1, A, 70, 4)
                .toBytes());
        assertThat(calls(trace, "main")).containsExactly("a 50-70 cpu 1-4", "  b 50-60 cpu 2-3");
        assertThat(trace.warnings()).containsExactly(
                "main: 1 record earlier than the one before it; given the previous record's time");
    }

    @Test
    void numMethodCallsDisagreementIsAWarning() throws Exception {
        Trace trace = read(writer().property("num-method-calls", "5").enter(1, A, 1, 1).toBytes());
        assertThat(trace.warnings()).contains("num-method-calls=5 but the data section holds 1 records");
    }

    @Test
    void missingClockLineIsInferredFromTheRecordSize() throws Exception {
        Trace trace = read(writer().property("clock", null).enter(1, A, 10, 1).exit(1, A, 20, 2).toBytes());
        assertThat(trace.metadata().clock()).isEqualTo(Clock.DUAL);
        assertThat(trace.warnings()).containsExactly("no clock= line; assuming dual from the 14-byte records");
    }

    @Test
    void streamingCutInsideARecordKeepsWhatCameBefore() throws Exception {
        byte[] full = AndroidTraceWriter.streaming(3, Clock.DUAL).thread(1, "main").method(A, "x.Y", "a", "()V", "Y.java")
                .enter(1, A, 10, 1).exit(1, A, 20, 2).withoutSummary().toBytes();
        Trace trace = read(Arrays.copyOf(full, full.length - 5));
        assertThat(trace.records()).isEqualTo(1);
        assertThat(calls(trace, "main")).containsExactly("a 10-10 cpu 1-1");
        assertThat(trace.warnings()).anyMatch(w -> w.startsWith("file ends inside a record at byte"));
    }
}
