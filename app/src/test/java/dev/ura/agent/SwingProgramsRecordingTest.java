package dev.ura.agent;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ura.app.analysis.Analysis;
import dev.ura.app.analysis.model.Response;
import dev.ura.trace.io.TraceFiles;
import dev.ura.workload.SwingPrograms;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Real Swing programs ({@link SwingPrograms}) recorded with the agent under Xvfb, then analysed.
 * Each expected end is worked out from the log's own lines, independently of the analysis: the
 * first draw of the view the response's work asked for, found by scanning the JSON lines.
 */
@Tag("gui")
class SwingProgramsRecordingTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private record Log(Path file, List<JsonNode> lines) {
        List<JsonNode> where(Predicate<JsonNode> p) {
            return lines.stream().filter(p).toList();
        }

        /** The E line closing {@code begin} (same thread and kind, depth-matched). */
        JsonNode endOf(JsonNode begin) {
            int depth = 0;
            boolean seen = false;
            for (JsonNode l : lines) {
                if (l == begin) {
                    seen = true;
                } else if (seen && l.path("tid").asLong() == begin.path("tid").asLong()
                        && l.path("kind").asText().equals(begin.path("kind").asText())) {
                    if (l.path("ph").asText().equals("B")) {
                        depth++;
                    } else if (l.path("ph").asText().equals("E") && depth-- == 0) {
                        return l;
                    }
                }
            }
            throw new AssertionError("no E for " + begin);
        }

        /** The first non-dropped DRAW of {@code view} beginning at or after {@code ts}. */
        JsonNode firstDrawAfter(String view, long ts) {
            return where(l -> is(l, "DRAW") && l.path("ph").asText().equals("B") && l.path("view").asText().equals(view)
                    && l.path("ts").asLong() >= ts).stream().min((a, b) -> Long.compare(ts(a), ts(b))).orElseThrow();
        }
    }

    private static boolean is(JsonNode l, String kind) {
        return l.path("kind").asText().equals(kind);
    }

    private static long ts(JsonNode l) {
        return l.path("ts").asLong();
    }

    private static Log record(String mode) throws Exception {
        Path log = Files.createDirectories(Path.of("target", "agent-logs")).resolve("swing-" + mode + ".jsonl")
                .toAbsolutePath();
        AgentJvm.Run run = AgentJvm.run("out=" + log, SwingPrograms.class.getName(), List.of(mode), 120);
        // Under Xvfb a robot click is now and then never delivered at all, even after the program
        // pressed a second time (seen in full robot runs, idle or loaded; cause in the X server not
        // found): that run recorded no input, so record again, at most twice.
        for (int again = 0; again < 2 && run.exitCode() == SwingPrograms.NO_CLICK; again++) {
            System.err.println(mode + ": " + run.stderr().strip() + "; recording again");
            run = AgentJvm.run("out=" + log, SwingPrograms.class.getName(), List.of(mode), 120);
        }
        assertThat(run.exitCode()).as(run.stderr()).isZero();
        assertThat(run.stderr()).doesNotContain("ura agent:");
        List<JsonNode> lines = new ArrayList<>();
        for (String line : Files.readAllLines(log)) {
            lines.add(JSON.readTree(line));
        }
        return new Log(log, lines);
    }

    /** The id of the component named {@code name}: the view of its first INVALIDATE or DRAW whose class matches. */
    private static Response click(Analysis a) {
        List<Response> clicks = a.responses().stream().filter(r -> r.trigger().equals("mouseReleased")).toList();
        assertThat(clicks).hasSize(1);
        return clicks.get(0);
    }

    private static String viewOf(Log log, String classSuffix) {
        return log.where(l -> is(l, "DRAW") && l.path("view").asText().startsWith(classSuffix)).get(0)
                .path("view").asText();
    }

    @Test
    void aClickThatStartsARepeatingTimerEndsAtTheFirstTicksPaint() throws Exception {
        Log log = record("timer");
        // the click's SEND_MSG via timer, and the one DISPATCH_MSG of the same obj (the first tick)
        JsonNode send = log.where(l -> is(l, "SEND_MSG") && l.path("via").asText().equals("timer")).get(0);
        List<JsonNode> ticks = log.where(l -> is(l, "DISPATCH_MSG") && l.path("obj").equals(send.path("obj")));
        assertThat(ticks).as("only the first firing is a dispatch").hasSize(1);
        JsonNode tick = ticks.get(0);
        long tickEnd = ts(log.endOf(tick));
        // the tick repaints the animation panel (SwingPrograms$1): its INVALIDATE inside the tick
        JsonNode inv = log.where(l -> is(l, "INVALIDATE") && l.path("tid").equals(tick.path("tid"))
                && ts(l) >= ts(tick) && ts(l) <= tickEnd).get(0);
        String anim = inv.path("view").asText();
        assertThat(anim).startsWith("SwingPrograms$1@");
        long expectedEnd = ts(log.endOf(log.firstDrawAfter(anim, ts(inv))));
        // 39 more ticks repaint the panel later: they are not the click's (nor is any later draw)
        assertThat(log.where(l -> is(l, "DRAW") && l.path("view").asText().equals(anim) && ts(l) > expectedEnd))
                .hasSizeGreaterThan(10);

        Response r = click(Analysis.of(TraceFiles.read(log.file())));
        assertThat(r.finished()).isTrue();
        assertThat(r.endNs()).isEqualTo(expectedEnd);
        assertThat(r.end().name()).isEqualTo("view " + anim);
    }

    @Test
    void aClickThatStartsAnAnimationThreadEndsAtItsFirstFrame() throws Exception {
        Log log = record("thread");
        JsonNode send = log.where(l -> is(l, "SEND_MSG") && l.path("via").asText().equals("thread")).get(0);
        JsonNode run = log.where(l -> is(l, "DISPATCH_MSG") && l.path("obj").equals(send.path("obj"))).get(0);
        // the thread's own repaint requests, in order
        List<JsonNode> requests = log.where(l -> is(l, "INVALIDATE") && l.path("tid").equals(run.path("tid")));
        assertThat(requests).hasSize(SwingPrograms.FRAMES);
        String anim = requests.get(0).path("view").asText();
        long firstFrame = ts(log.endOf(log.firstDrawAfter(anim, ts(requests.get(0)))));
        // requests the thread made before its first frame was drawn still count (rule 7); the
        // response ends at the latest of their draws
        long expectedEnd = firstFrame;
        for (JsonNode q : requests) {
            if (ts(q) < firstFrame) {
                expectedEnd = Math.max(expectedEnd, ts(log.endOf(log.firstDrawAfter(anim, ts(q)))));
            }
        }
        long lastFrame = ts(log.endOf(log.firstDrawAfter(anim, ts(requests.get(requests.size() - 1)))));

        Response r = click(Analysis.of(TraceFiles.read(log.file())));
        assertThat(r.finished()).isTrue();
        assertThat(r.endNs()).isEqualTo(expectedEnd);
        // 40 frames 15 ms apart: without rule 7 the click would last until the last one (> 0.6 s)
        assertThat(lastFrame - r.startNs()).isGreaterThan(500_000_000L);
        System.out.printf("thread animation click: %.1f ms (last frame at %.1f ms)%n", r.durationNs() / 1e6,
                (lastFrame - r.startNs()) / 1e6);
    }

    @Test
    void aPaintOverrideWithoutSuperIsAPaint() throws Exception {
        Log log = record("paint");
        String dial = viewOf(log, "SwingPrograms$Dial@");
        assertThat(log.where(l -> is(l, "DRAW") && l.path("view").asText().equals(dial) && l.has("dropped"))).isEmpty();
        JsonNode inv = log.where(l -> is(l, "INVALIDATE") && l.path("view").asText().equals(dial)).stream()
                .reduce((a, b) -> b).orElseThrow(); // the click's is the last request for the dial
        long expectedEnd = ts(log.endOf(log.firstDrawAfter(dial, ts(inv))));

        Response r = click(Analysis.of(TraceFiles.read(log.file())));
        assertThat(r.finished()).isTrue();
        assertThat(r.endNs()).isGreaterThanOrEqualTo(expectedEnd);
        assertThat(r.endNs() - expectedEnd).isLessThan(100_000_000L);
    }

    @Test
    void aTypedKeyEndsAtThePaintThatShowsTheCharacter() throws Exception {
        Log log = record("typing");
        List<JsonNode> presses = log.where(l -> is(l, "USER_INPUT") && l.path("name").asText().equals("keyPressed")
                && l.path("ph").asText().equals("B") && l.path("component").asText().equals("javax.swing.JTextArea"));
        assertThat(presses).hasSize(2);
        Analysis a = Analysis.of(TraceFiles.read(log.file()));
        for (JsonNode press : presses) {
            long pressEnd = ts(log.endOf(press));
            String area = press.path("view").asText();
            // the press hands its character to the KEY_TYPED dispatch (via input), which inserts it
            JsonNode send = log.where(l -> is(l, "SEND_MSG") && l.path("via").asText().equals("input")
                    && l.path("tid").equals(press.path("tid")) && ts(l) >= ts(press) && ts(l) <= pressEnd).get(0);
            JsonNode typed = log.where(l -> is(l, "DISPATCH_MSG") && l.path("obj").equals(send.path("obj"))).get(0);
            assertThat(typed.path("name").asText()).isEqualTo("keyTyped");
            long typedEnd = ts(log.endOf(typed));
            assertThat(log.where(l -> is(l, "METHOD") && l.path("name").asText().endsWith("AbstractDocument.insertString")
                    && ts(l) >= ts(typed) && ts(l) <= typedEnd)).isNotEmpty();
            // rules 2-5 by hand on the EDT's lines from the keyTyped dispatch on: the work the
            // dispatch hands off (the RepaintManager passes it posts, and the passes those post,
            // as the first paint of new text asks for one more) is the key's; its requests of the
            // text area end at the first draw of the area after the last of them
            java.util.Set<String> tracked = new java.util.HashSet<>(List.of(typed.path("obj").asText()));
            java.util.ArrayDeque<Boolean> open = new java.util.ArrayDeque<>();
            long lastRequest = -1;
            for (JsonNode l : log.lines()) {
                if (ts(l) < ts(typed) || !l.path("tid").equals(typed.path("tid"))) {
                    continue;
                }
                if (is(l, "DISPATCH_MSG") && l.path("ph").asText().equals("B")) {
                    open.push(tracked.contains(l.path("obj").asText()));
                } else if (is(l, "DISPATCH_MSG")) {
                    open.pop();
                } else if (!open.isEmpty() && open.peek() && is(l, "SEND_MSG")) {
                    tracked.add(l.path("obj").asText());
                } else if (!open.isEmpty() && open.peek() && is(l, "INVALIDATE") && l.path("view").asText().equals(area)) {
                    lastRequest = ts(l);
                }
                if (is(l, "USER_INPUT") && ts(l) > ts(typed)) {
                    break;
                }
            }
            assertThat(lastRequest).isBetween(ts(typed), typedEnd + 1_000_000_000L);
            long shown = ts(log.endOf(log.firstDrawAfter(area, lastRequest)));
            Response r = a.responses().stream().filter(x -> x.startNs() == ts(press)).findFirst().orElseThrow();
            assertThat(r.finished()).isTrue();
            // ends at the text area's paint after the insertion (later requests of the caret's
            // blink are not the key's: the blink timer is started by Swing)
            assertThat(r.end().name()).isEqualTo("view " + area);
            assertThat(r.endNs()).isEqualTo(shown);
        }
    }

    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.CsvSource({"future, executor", "latch, thread", "join, thread"})
    void aClickThatBlocksTheEdtForAWorkerHasTheWorkersWorkOnItsCriticalPath(String mode, String via) throws Exception {
        Log log = record(mode);
        // read by hand from the lines: the click's hand-off to the worker (Future: the executor
        // submit; latch and join: Thread.start), the worker's release (the task's outcome set,
        // the count reaching zero, the run ending) and the EDT's resume of the same object
        JsonNode send = log.where(l -> is(l, "SEND_MSG") && l.path("via").asText().equals(via)).get(0);
        JsonNode run = log.where(l -> is(l, "DISPATCH_MSG") && l.path("obj").equals(send.path("obj"))).get(0);
        JsonNode resume = log.where(l -> is(l, "DISPATCH_MSG") && l.path("via").asText().equals("release")
                && l.path("tid").equals(send.path("tid"))).get(0);
        JsonNode release = log.where(l -> is(l, "SEND_MSG") && l.path("via").asText().equals("release")
                && l.path("obj").equals(resume.path("obj"))).get(0);
        assertThat(release.path("tid")).isEqualTo(run.path("tid"));
        JsonNode wait = log.where(l -> is(l, "WAIT") && l.path("ph").asText().equals("B")
                && l.path("obj").equals(resume.path("obj"))).get(0);
        assertThat(ts(log.endOf(wait))).isEqualTo(ts(resume));

        Analysis a = Analysis.of(TraceFiles.read(log.file()));
        Response r = click(a);
        assertThat(r.finished()).isTrue();
        dev.ura.app.analysis.model.CriticalPath p = a.criticalPath(a.responses().indexOf(r));
        // the worker's thread is on the path from the hand-off (its queue wait starts at the send)
        // to its release: exactly those recorded times, and at least the WORK_MS it slept
        long onWorker = p.segments().stream().filter(s -> s.thread() == threadIndex(a, run))
                .mapToLong(s -> s.endNs() - s.startNs()).sum();
        assertThat(onWorker).isEqualTo(ts(release) - ts(send));
        assertThat(onWorker).isGreaterThanOrEqualTo(SwingPrograms.WORK_MS * 1_000_000L);
        // and the EDT's blocked time is not on the path as its own work: after the send, the next
        // EDT stretch on the path is the wake-up wait that ends at the resume
        assertThat(p.segments()).anySatisfy(s -> {
            assertThat(s.name()).startsWith("waiting in ");
            assertThat(s.startNs()).isEqualTo(ts(release));
            assertThat(s.endNs()).isEqualTo(ts(resume));
        });
        System.out.printf("%s: click %.1f ms, worker on the path %.1f ms%n", mode, r.durationNs() / 1e6, onWorker / 1e6);
    }

    private static int threadIndex(Analysis a, JsonNode line) {
        long tid = line.path("tid").asLong();
        List<dev.ura.trace.model.ThreadTrack> threads = a.trace().threads();
        for (int i = 0; i < threads.size(); i++) {
            if (threads.get(i).id() == tid) {
                return i;
            }
        }
        throw new AssertionError("no thread " + tid);
    }
}
