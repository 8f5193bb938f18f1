package dev.ura.agent;

import dev.ura.app.analysis.Analysis;
import dev.ura.app.analysis.model.Category;
import dev.ura.app.analysis.model.LinkKind;
import dev.ura.app.analysis.model.Response;
import dev.ura.app.analysis.model.Segment;
import dev.ura.trace.io.TraceFiles;
import dev.ura.trace.model.EventKind;
import dev.ura.trace.model.Trace;
import dev.ura.workload.DemoDriver;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The done-when of the agent: the demo feed reader, recorded with the agent under Xvfb and driven
 * by AssertJ Swing, gives a log that the analysis turns into the expected responses: each click's
 * response follows the hand-off to the SwingWorker by identity, through the network load and back
 * to the EDT, and ends with a draw on the EDT.
 */
@Tag("gui")
class FeedReaderRecordingRobotTest {
    @Test
    void eachClickIsAResponseFromTheInputThroughTheBackgroundLoadToTheRepaint() throws Exception {
        // kept in target/ so a failure can be looked at (ura analyze / open it)
        Path log = Files.createDirectories(Path.of("target", "agent-logs")).resolve("feed-robot.jsonl").toAbsolutePath();
        AgentJvm.Run run = AgentJvm.run("out=" + log + ",include=dev.ura.samples.demo.FeedParser;dev.ura.samples.demo.CacheStore",
                DemoDriver.class.getName(), List.of("2", "--items", "500", "--thumbnails", "3"), 240);
        assertThat(run.exitCode()).as(run.stderr()).isZero();

        Trace trace = TraceFiles.read(log);
        Analysis analysis = Analysis.of(trace);
        List<Response> clicks = analysis.responses().stream().filter(r -> r.trigger().equals("mouseReleased")).toList();
        assertThat(clicks).hasSize(2);
        for (Response r : clicks) {
            assertThat(r.finished()).as("response %d finished", r.index()).isTrue();
            assertThat(r.threadName()).startsWith("AWT-EventQueue-");
            assertThat(r.end().kind()).isEqualTo(EventKind.DRAW);
            assertThat(r.end().threadName()).startsWith("AWT-EventQueue-");
            List<Segment> path = analysis.criticalPath(r.index()).segments();
            // input on the EDT -> (identity) SwingWorker thread: network, parse -> (identity) EDT: cache write, draw
            assertThat(path).anyMatch(s -> s.threadName().startsWith("SwingWorker-") && s.via() == LinkKind.IDENTITY);
            assertThat(path).anyMatch(s -> s.threadName().startsWith("SwingWorker-") && s.category() == Category.NETWORK);
            assertThat(path).anyMatch(s -> s.name().equals("dev.ura.samples.demo.FeedParser.parse"));
            assertThat(path).anyMatch(s -> s.threadName().startsWith("AWT-EventQueue-") && s.via() == LinkKind.IDENTITY
                    && s.startNs() > r.startNs());
            assertThat(path).anyMatch(s -> s.name().equals("dev.ura.samples.demo.CacheStore.write")
                    && s.threadName().startsWith("AWT-EventQueue-"));
            assertThat(path).anyMatch(s -> s.category() == Category.DRAW && s.threadName().startsWith("AWT-EventQueue-"));
            // the response lasts at least the feed's latency plus one thumbnail's, by construction of the server
            assertThat(r.durationNs()).isGreaterThan(125_000_000L);
        }
        assertThat(analysis.links()).anyMatch(l -> l.via() == LinkKind.IDENTITY);
    }
}
