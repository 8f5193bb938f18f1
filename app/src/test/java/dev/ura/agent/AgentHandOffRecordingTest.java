package dev.ura.agent;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ura.app.analysis.Analysis;
import dev.ura.app.analysis.model.Link;
import dev.ura.app.analysis.model.LinkKind;
import dev.ura.trace.io.TraceFiles;
import dev.ura.workload.HandOffWorkload;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static dev.ura.agent.AgentRecordingTest.endOf;
import static dev.ura.agent.AgentRecordingTest.of;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link HandOffWorkload} under the agent in a child JVM (headless): blocking NIO socket I/O, an
 * app's own executors and two waiters on one latch. Each expected value comes from the program's
 * own constants (bytes it moves, the thread names it gives, the times it sleeps), not from ura.
 */
class AgentHandOffRecordingTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private Path log;

    private List<JsonNode> record(String mode) throws Exception {
        log = dir.resolve(mode + ".jsonl");
        AgentJvm.Run run = AgentJvm.run("out=" + log, HandOffWorkload.class.getName(), List.of(mode), 120);
        assertThat(run.exitCode()).as(run.stderr()).isZero();
        assertThat(run.stderr()).doesNotContain("ura agent:");
        List<JsonNode> lines = new ArrayList<>();
        for (String line : Files.readAllLines(log)) {
            lines.add(JSON.readTree(line));
        }
        return lines;
    }

    private static long tid(List<JsonNode> lines, String threadName) {
        return lines.stream().filter(l -> l.path("kind").asText().equals("THREAD") && l.path("name").asText().equals(threadName))
                .findFirst().orElseThrow(() -> new AssertionError("no thread " + threadName)).path("tid").asLong();
    }

    private static List<JsonNode> on(List<JsonNode> lines, long tid) {
        return lines.stream().filter(l -> l.path("tid").asLong() == tid).toList();
    }

    /** The instant SEND_MSG lines of thread {@code tid} with {@code via}. */
    private static List<JsonNode> sendsVia(List<JsonNode> lines, long tid, String via) {
        return of(on(lines, tid), "SEND_MSG", null).stream().filter(l -> l.path("via").asText().equals(via)).toList();
    }

    private static long bytes(List<JsonNode> lines, List<JsonNode> begins) {
        return begins.stream().mapToLong(b -> endOf(lines, b).path("bytes").asLong()).sum();
    }

    @Test
    void blockingSocketChannelIoIsSendAndRecvWithItsBytesAndPeer() throws Exception {
        List<JsonNode> lines = record("channel");
        List<JsonNode> main = on(lines, tid(lines, "main"));
        List<JsonNode> sends = of(main, "SEND", "B");
        List<JsonNode> recvs = of(main, "RECV", "B");
        // the client writes 2000 bytes, then 1000 + 2000 in one gathering write: two SEND intervals;
        // it reads the 3000-byte answer in one or more reads
        assertThat(sends).hasSize(2);
        assertThat(bytes(lines, sends)).isEqualTo(HandOffWorkload.CHANNEL_SENT);
        assertThat(recvs).isNotEmpty();
        assertThat(bytes(lines, recvs)).isEqualTo(HandOffWorkload.CHANNEL_ANSWER);
        assertThat(sends).allMatch(l -> l.path("host").asText().equals("127.0.0.1"));
        // the peer thread reads the 5000 bytes and writes the answer, on its own thread
        List<JsonNode> peer = on(lines, tid(lines, "channel-peer"));
        assertThat(bytes(lines, of(peer, "RECV", "B"))).isEqualTo(HandOffWorkload.CHANNEL_SENT);
        assertThat(bytes(lines, of(peer, "SEND", "B"))).isEqualTo(HandOffWorkload.CHANNEL_ANSWER);
    }

    @Test
    void anAppsOwnExecutorsHandTheirTasksOffOnceWhereverTheyRun() throws Exception {
        List<JsonNode> lines = record("executors");
        long main = tid(lines, "main");
        List<JsonNode> sends = sendsVia(lines, main, "executor");
        // one hand-off per execute: the own-thread executor's (written when it queues the task), the
        // delegating one's (the JDK pool's, not twice) and the wrapping one's (the wrapper's)
        assertThat(sends).hasSize(3);
        assertThat(sends.get(2).path("obj").asText()).startsWith("HandOffWorkload$Wrapper@");
        String[] workers = {"own-worker", "jdk-pool", "jdk-pool"};
        for (int i = 0; i < 3; i++) {
            JsonNode send = sends.get(i);
            List<JsonNode> runs = of(lines, "DISPATCH_MSG", "B").stream().filter(d -> d.path("obj").equals(send.path("obj"))).toList();
            assertThat(runs).as("dispatch of " + send).hasSize(1);
            JsonNode run = runs.get(0);
            assertThat(run.path("tid").asLong()).isEqualTo(tid(lines, workers[i]));
            // the task sleeps WORK_MS inside its dispatch
            long length = endOf(lines, run).path("ts").asLong() - run.path("ts").asLong();
            assertThat(length).isGreaterThanOrEqualTo(HandOffWorkload.WORK_MS * 1_000_000L);
        }
        // each is linked by identity: the analysis links none of them by a guess
        Analysis a = Analysis.of(TraceFiles.read(log));
        for (JsonNode send : sends) {
            assertThat(a.links()).anySatisfy(l -> {
                assertThat(a.events().identity(l.sendEvent())).isEqualTo(send.path("obj").asText());
                assertThat(l.via()).isEqualTo(LinkKind.IDENTITY);
            });
        }
    }

    @Test
    void oneCountDownReleasesBothWaitersOfALatch() throws Exception {
        List<JsonNode> lines = record("latch2");
        List<JsonNode> releases = sendsVia(lines, tid(lines, "releaser"), "release").stream()
                .filter(l -> l.path("obj").asText().startsWith("CountDownLatch@")).toList();
        assertThat(releases).hasSize(1);
        JsonNode release = releases.get(0);
        for (String waiter : List.of("main", "second-waiter")) {
            List<JsonNode> resumes = of(on(lines, tid(lines, waiter)), "DISPATCH_MSG", null).stream()
                    .filter(l -> l.path("obj").equals(release.path("obj"))).toList();
            assertThat(resumes).as(waiter).hasSize(1);
            assertThat(resumes.get(0).path("ts").asLong()).isGreaterThanOrEqualTo(release.path("ts").asLong());
        }
        // the analysis links the one release to both resumes
        Analysis a = Analysis.of(TraceFiles.read(log));
        List<Link> fromRelease = a.links().stream().filter(l -> a.events().via(l.sendEvent()) != null
                && a.events().via(l.sendEvent()).equals("release") && a.events().identity(l.sendEvent()).equals(release.path("obj").asText())).toList();
        assertThat(fromRelease).hasSize(2);
    }

    @Test
    void completionCallbacksAreHandOffsOfTheirRegistrationThatResumeFromTheCompletion() throws Exception {
        List<JsonNode> lines = record("callbacks");
        List<JsonNode> registrations = sendsVia(lines, tid(lines, "main"), "callback");
        // thenApply then thenAcceptAsync, both on the incomplete future
        assertThat(registrations).extracting(l -> l.path("obj").asText().replaceAll("@.*", ""))
                .containsExactly("CompletableFuture$UniApply", "CompletableFuture$UniAccept");
        JsonNode release = sendsVia(lines, tid(lines, "completer"), "release").get(0);
        String[] runners = {"completer", "jdk-pool"};
        for (int i = 0; i < 2; i++) {
            JsonNode reg = registrations.get(i);
            long runner = tid(lines, runners[i]);
            List<JsonNode> runs = of(lines, "DISPATCH_MSG", "B").stream().filter(d -> d.path("obj").equals(reg.path("obj"))).toList();
            assertThat(runs).as("run of " + reg).hasSize(1);
            assertThat(runs.get(0).path("tid").asLong()).isEqualTo(runner);
            // on the thread that runs it, the resume from the source's release comes first
            JsonNode resume = of(on(lines, runner), "DISPATCH_MSG", null).stream()
                    .filter(l -> l.path("obj").equals(release.path("obj"))).findFirst().orElseThrow();
            assertThat(resume.path("ts").asLong()).isGreaterThanOrEqualTo(release.path("ts").asLong());
            // the pool never sends the async callback a second time
            assertThat(of(lines, "SEND_MSG", null).stream().filter(l -> l.path("obj").equals(reg.path("obj")))).hasSize(1);
        }
        // the async callback's own work (it sleeps WORK_MS) is inside its run
        JsonNode asyncRun = of(lines, "DISPATCH_MSG", "B").stream()
                .filter(d -> d.path("obj").equals(registrations.get(1).path("obj"))).findFirst().orElseThrow();
        assertThat(endOf(lines, asyncRun).path("ts").asLong() - asyncRun.path("ts").asLong())
                .isGreaterThanOrEqualTo(HandOffWorkload.WORK_MS * 1_000_000L);
        Analysis a = Analysis.of(TraceFiles.read(log));
        assertThat(a.links()).noneMatch(l -> l.via() == LinkKind.INFERRED);
        // both registrations and the release's two resumes are linked by identity
        assertThat(a.links().stream().filter(l -> "callback".equals(a.events().via(l.sendEvent())))).hasSize(2);
        assertThat(a.links().stream().filter(l -> a.events().identity(l.sendEvent()).equals(release.path("obj").asText())))
                .hasSize(2);
    }

    @Test
    void anAsyncHttpExchangeRunsOnALaneOfItsOwnAsNetworkTimeAndReleasesItsFuture() throws Exception {
        List<JsonNode> lines = record("http");
        long main = tid(lines, "main");
        List<JsonNode> sends = sendsVia(lines, main, "http");
        assertThat(sends).hasSize(1);
        JsonNode send = sends.get(0);
        long lane = tid(lines, "HttpClient exchange #1");
        List<JsonNode> onLane = on(lines, lane);
        // the lane runs the request: one dispatch of the sent request holding one RECV to the server
        List<JsonNode> runs = of(onLane, "DISPATCH_MSG", "B");
        assertThat(runs).hasSize(1);
        assertThat(runs.get(0).path("obj")).isEqualTo(send.path("obj"));
        assertThat(runs.get(0).path("ts").asLong()).isGreaterThanOrEqualTo(send.path("ts").asLong());
        List<JsonNode> recvs = of(onLane, "RECV", "B");
        assertThat(recvs).hasSize(1);
        assertThat(recvs.get(0).path("host").asText()).isEqualTo("127.0.0.1");
        // the server answers only after sleeping WORK_MS: the exchange lasts at least that
        long recvEnd = endOf(lines, recvs.get(0)).path("ts").asLong();
        assertThat(recvEnd - recvs.get(0).path("ts").asLong()).isGreaterThanOrEqualTo(HandOffWorkload.WORK_MS * 1_000_000L);
        // then the lane releases the response future, and the thenApply registered on main resumes from it
        JsonNode release = sendsVia(lines, lane, "release").get(0);
        assertThat(release.path("ts").asLong()).isGreaterThanOrEqualTo(recvEnd);
        JsonNode callback = sendsVia(lines, main, "callback").get(0);
        assertThat(callback.path("obj").asText()).startsWith("CompletableFuture$UniApply@");
        JsonNode resume = of(lines, "DISPATCH_MSG", null).stream().filter(l -> l.path("obj").equals(release.path("obj")))
                .findFirst().orElseThrow();
        JsonNode callbackRun = of(lines, "DISPATCH_MSG", "B").stream().filter(l -> l.path("obj").equals(callback.path("obj")))
                .findFirst().orElseThrow();
        assertThat(callbackRun.path("tid")).isEqualTo(resume.path("tid"));
        // the client's own hand-offs inside sendAsync are the lane's: main sends nothing else via executor
        assertThat(sendsVia(lines, main, "executor")).isEmpty();
        Analysis a = Analysis.of(TraceFiles.read(log));
        assertThat(a.links()).anySatisfy(l -> {
            assertThat(a.events().identity(l.sendEvent())).isEqualTo(send.path("obj").asText());
            assertThat(a.trace().threads().get(a.events().thread(l.dispatchEvent())).id()).isEqualTo(lane);
        });
    }
}
