package dev.ura.app.analysis.system;

import dev.ura.app.analysis.Analysis;
import dev.ura.trace.io.TraceFiles;
import dev.ura.trace.testing.SharedFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Cut off on system traces (docs/system-responses.md §3, "Cut off"): a detected response whose
 * tracked stretch reaches the trace's end was still running when the recording stopped. Checked on
 * real captures, complete and truncated by bytes. Skipped when the shared folder is absent.
 */
class SystemCutOffTest {

    /** No response of a complete shared capture is cut off: each one's tracked work ends before the file does. */
    @ParameterizedTest
    @ValueSource(strings = {"traces/systrace/jvm-app-kernel.systrace.txt",
            "traces/system-real/catapult__tracing_test_data_android_systrace.html",
            "traces/system-real/catapult__systrace_systrace_test_data_decompressed_atrace_data.txt",
            "traces/system-real/nowinandroid__trace.perfetto-trace"})
    void completeCapturesHaveNoCutOffResponse(String relative) throws Exception {
        Analysis a = Analysis.of(TraceFiles.read(SharedFiles.require(relative)));
        assertThat(a.responses()).isNotEmpty();
        assertThat(IntStream.range(0, a.responses().size()).filter(a::cutOff)).isEmpty();
    }

    /**
     * jvm-app-kernel.systrace.txt cut 30 bytes into line 7361. The click at 2911.324773 (line 7045)
     * starts FeedWorker (27416), which sleeps on the network from line 7077 (.327541) — a sleep an
     * interrupt ends, so the work goes on — and is in uninterruptible I/O (D) from line 7354
     * (.449676) when the cut file's last whole line (7360, .452034) ends: its stretch reaches the
     * trace's end. The response still "finishes" at the frame the trigger stretch requested
     * (doFrame 1094, line 7103 at .338453; DrawFrames 1094 line 7116, ended by the E at line 7126,
     * .341618), but it is cut off: the complete file ends it at .477392 (DrawFrames 1102).
     */
    @Test
    void aTruncatedCaptureWhoseWorkerIsStillWritingIsCutOff(@TempDir Path dir) throws Exception {
        Path full = SharedFiles.require("traces/systrace/jvm-app-kernel.systrace.txt");
        byte[] bytes = Files.readAllBytes(full);
        int lines = 0;
        int cut = -1;
        for (int i = 0; i < bytes.length && cut < 0; i++) {
            if (bytes[i] == '\n' && ++lines == 7360) {
                cut = i + 1 + 30;
            }
        }
        Path truncated = dir.resolve("jvm-app-kernel-truncated.systrace.txt");
        Files.write(truncated, Arrays.copyOf(bytes, cut));

        Analysis a = Analysis.of(TraceFiles.read(truncated));
        assertThat(a.responses()).hasSize(1);
        assertThat(a.responses().get(0).startNs()).isEqualTo(2_911_324_773_000L);
        assertThat(a.trace().lastTimeNs()).isEqualTo(2_911_452_034_000L);
        assertThat(a.cutOff(0)).isTrue();
        assertThat(a.responses().get(0).endNs()).isEqualTo(2_911_341_618_000L);
    }

    /** The first {@code lines} lines of jvm-app-kernel.systrace.txt, as a file of its own. */
    private static Path firstLines(Path dir, int lines) throws Exception {
        Path full = SharedFiles.require("traces/systrace/jvm-app-kernel.systrace.txt");
        byte[] bytes = Files.readAllBytes(full);
        int seen = 0;
        int cut = bytes.length;
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] == '\n' && ++seen == lines) {
                cut = i + 1;
                break;
            }
        }
        Path out = dir.resolve("jvm-app-kernel-" + lines + ".systrace.txt");
        Files.write(out, Arrays.copyOf(bytes, cut));
        return out;
    }

    /**
     * The click of line 7045 (2911.324773) hands the load to FeedWorker (27416), which posts the
     * result back to the UI thread without waking it: it falls asleep for good at line 7401
     * (.456909, prev_state=S) while the UI thread, switched in at line 7384 (.455989), runs
     * doFrame 1101 (line 7388, .456130) until line 7407. The post-back is drawn by the first frame
     * of the UI thread that starts after .456909: doFrame 1102, line 7453 (§3 "Post-back without a
     * wakeup"). Cut after line 7401 (FeedWorker falls asleep on the last line) or after line 7452
     * (the last line before doFrame 1102, .472193), that frame is not in the file: the response is
     * unfinished — its work posts back after the trace's last frame — and ends with FeedWorker's
     * stretch at .456909. It is not cut off: FeedWorker had fallen asleep (its part ended), and no
     * other stretch (the trigger to .326925, VM Thread 27398 .326329–.326624) reaches the end.
     * Before, both files answered "finished at DrawFrames 1094, 16.8 ms", a frame the post-back
     * never asked for.
     */
    @ParameterizedTest
    @ValueSource(ints = {7401, 7452})
    void aPostBackAfterTheLastFrameOfACutCaptureIsUnfinished(int lines, @TempDir Path dir) throws Exception {
        Analysis a = Analysis.of(TraceFiles.read(firstLines(dir, lines)));
        assertThat(a.responses()).hasSize(1);
        assertThat(a.responses().get(0).startNs()).isEqualTo(2_911_324_773_000L);
        assertThat(a.responses().get(0).finished()).isFalse();
        assertThat(a.systemWork(0).orElseThrow().unfinishedReason())
                .isEqualTo("its work posts back to the UI thread after the last frame of the trace");
        assertThat(a.responses().get(0).endNs()).isEqualTo(2_911_456_909_000L);
        assertThat(a.cutOff(0)).isFalse();
    }

    /**
     * Cut after line 7400 (.456738, the UI thread's B|layout): FeedWorker, woken at line 7393
     * (.456200, from softirq) and running since its first event on CPU 1 (line 7394, .456360, an E),
     * is still running when the file ends — its sleep comes at line 7401. Its stretch reaches the end
     * on a running thread: cut off (before, a running last state was not judged, because a thread
     * switched out on the last line looked the same; docs/system-responses.md "Cut off").
     */
    @Test
    void aTrackedThreadStillRunningAtTheEndIsCutOff(@TempDir Path dir) throws Exception {
        Analysis a = Analysis.of(TraceFiles.read(firstLines(dir, 7400)));
        assertThat(a.trace().lastTimeNs()).isEqualTo(2_911_456_738_000L);
        assertThat(a.responses()).hasSize(1);
        assertThat(a.cutOff(0)).isTrue();
        assertThat(a.responses().get(0).finished()).isFalse();
    }
}
