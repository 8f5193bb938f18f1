package dev.ura.app.analysis.response;

import dev.ura.app.analysis.Analysis;
import dev.ura.trace.io.TraceFiles;
import dev.ura.trace.model.Trace;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A response whose work is still running when the trace ends is cut off. The sample
 * news-launch.trace is an activity launch whose onCreate starts an AsyncTask (FeedTask) that loads
 * the feed; the launch ends when the feed is drawn, 629.4 ms after it started. Its first 30 KB hold
 * 1247 of the 3892 records: they end while AsyncTask #1 is still inside FeedTask.doInBackground
 * (the reader warns "41 calls still open at the end on 6 threads (main 14, AsyncTask #1 10, …)").
 * Cut there, the launch looks done at the first draw, 89.5 ms; the flag says it is not.
 */
class CutOffTest {
    private static final Path SAMPLE = Path.of("../sample-traces/samples/news-launch.trace");

    @TempDir
    Path dir;

    @Test
    void theFirst30KbOfALaunchAreCutOffAndTheWholeFileIsNot() throws Exception {
        byte[] all = Files.readAllBytes(SAMPLE);
        Path cut = dir.resolve("news-30k.trace");
        Files.write(cut, Arrays.copyOf(all, 30 * 1024));

        Analysis whole = Analysis.of(TraceFiles.read(SAMPLE));
        assertThat(whole.responses()).hasSize(1);
        assertThat(whole.cutOff(0)).isFalse();

        Trace part = TraceFiles.read(cut);
        assertThat(part.warnings()).anyMatch(w -> w.contains("still open at the end") && w.contains("AsyncTask #1"));
        Analysis a = Analysis.of(part);
        assertThat(a.responses()).hasSize(1);
        assertThat(a.cutOff(0)).isTrue();
        // what the cut file alone would claim: done, and much shorter than the whole launch
        assertThat(a.responses().get(0).durationNs()).isLessThan(whole.responses().get(0).durationNs());
    }

    /**
     * The same launch recorded by the agent, whole: each thread's last interval ends when the thread
     * goes idle (the worker's last event is the feed task itself), which says nothing about the
     * recording stopping; agent logs are not judged.
     */
    @Test
    void aWholeAgentLogIsNotCutOff() throws Exception {
        Analysis a = Analysis.of(TraceFiles.read(Path.of("../sample-traces/samples/news-launch.jsonl")));
        assertThat(a.responses()).hasSize(1);
        assertThat(a.cutOff(0)).isFalse();
    }
}
