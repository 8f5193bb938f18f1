package dev.ura.samples;

import dev.ura.samples.scenarios.BrowserPage;
import dev.ura.samples.scenarios.ClickAsyncTask;
import dev.ura.samples.scenarios.ForumFeed;
import dev.ura.samples.scenarios.GameMenu;
import dev.ura.samples.scenarios.NewsLaunch;
import dev.ura.samples.scenarios.VideoLaunch;
import dev.ura.samples.scenarios.Scenario;

import dev.ura.trace.io.Progress;
import dev.ura.trace.io.TraceFiles;
import dev.ura.trace.io.TraceFormatException;
import dev.ura.trace.model.Trace;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The bundled sample traces: every case study as an original and its optimised twins, each as an
 * Android method trace ({@code .trace}, legacy, dual clock) and an agent log ({@code .jsonl});
 * some also as a streaming method trace. All are generated (see {@code SampleGenerator}) and
 * bundled under the class-path folder {@code /samples/}.
 */
public final class Samples {
    /** The sample a window opens when started with no file. */
    public static final String DEFAULT_RESOURCE = "/samples/news-launch.trace";

    /** Originals that are also written as streaming method traces. */
    static final List<String> STREAMING = List.of("news-launch", "click-asynctask");

    /**
     * One bundled file.
     *
     * @param name        sample name, e.g. {@code news-launch} or {@code news-launch-fixed}
     * @param form        {@code trace}, {@code streaming-trace} or {@code agent-log}
     * @param description what it shows
     * @param resource    class-path resource, e.g. {@code /samples/news-launch.trace}
     * @param twinOf      for an optimised twin, the original's name; else {@code null}
     */
    public record Sample(String name, String form, String description, String resource, String twinOf) {
        /** The file name inside {@code /samples/}. */
        public String fileName() {
            return resource.substring(resource.lastIndexOf('/') + 1);
        }
    }

    private Samples() {
    }

    /** The case-study scenarios, in menu order. */
    public static List<Scenario> scenarios() {
        return List.of(new NewsLaunch(), new VideoLaunch(), new ForumFeed(), new BrowserPage(), new ClickAsyncTask(),
                new GameMenu());
    }

    /** Every bundled file, originals first within each scenario. */
    public static List<Sample> all() {
        List<Sample> out = new ArrayList<>();
        for (Scenario s : scenarios()) {
            addForms(out, s.name(), s.description(), null);
            for (Scenario.Fix fix : s.fixes()) {
                addForms(out, s.name() + "-" + fix.id(), "Optimised twin of " + s.name() + ": " + fix.description(), s.name());
            }
        }
        return List.copyOf(out);
    }

    private static void addForms(List<Sample> out, String name, String description, String twinOf) {
        out.add(new Sample(name, "trace", description, "/samples/" + name + ".trace", twinOf));
        if (twinOf == null && STREAMING.contains(name)) {
            out.add(new Sample(name, "streaming-trace", description + " (streaming format)",
                    "/samples/" + name + "-streaming.trace", null));
        }
        out.add(new Sample(name, "agent-log", description + " (agent log)", "/samples/" + name + ".jsonl", twinOf));
    }

    /** The bundled file with this file name ({@code news-launch.trace}), if any. */
    public static Optional<Sample> byFileName(String fileName) {
        return all().stream().filter(s -> s.fileName().equals(fileName)).findFirst();
    }

    /**
     * The bytes of a bundled file.
     *
     * @param resource a class-path resource such as {@link #DEFAULT_RESOURCE}
     * @throws IllegalArgumentException when no such resource is bundled
     */
    public static byte[] bytes(String resource) {
        try (InputStream in = Samples.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalArgumentException("no bundled sample " + resource);
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read bundled sample " + resource, e);
        }
    }

    /** Reads a bundled file as a trace; its source is the resource name. */
    public static Trace read(String resource, Progress progress) throws TraceFormatException {
        return TraceFiles.read(resource, ByteBuffer.wrap(bytes(resource)), progress);
    }
}
