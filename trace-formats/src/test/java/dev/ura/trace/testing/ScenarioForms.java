package dev.ura.trace.testing;

import dev.ura.trace.testing.PerfettoTraceWriter.Options;

import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Every file form a user can bring of one {@link SystemTraceScript}: Perfetto protobuf (plain,
 * compact scheduler events, one event per bundle, gzip, {@code compressed_packets}, all three with
 * the clock snapshots at the end, app slices as SDK TrackEvents) and systrace (text with and without the TGID column, HTML modern and legacy). Shared
 * by the reader tests and the app's known-answer tests of the Done-when scenarios.
 */
public final class ScenarioForms {
    private ScenarioForms() {
    }

    /**
     * One form.
     *
     * @param name  what it is, for test names
     * @param bytes the file
     * @param proto Perfetto protobuf (clock snapshots and FrameTimeline present) rather than text
     * @param tgids whether every line says its thread's process (protobuf, text with TGID)
     */
    public record Form(String name, byte[] bytes, boolean proto, boolean tgids) {
        @Override
        public String toString() {
            return name;
        }
    }

    /** The three Done-when scenarios of issue #12 with their truths. */
    public static List<Scenario> scenarios() {
        return List.of(new Scenario(ClickWorkerNetworkScenario.script(), ClickWorkerNetworkScenario.truth()),
                new Scenario(ColdLaunchScenario.script(), ColdLaunchScenario.truth()),
                new Scenario(DiskWriteBinderLockScenario.script(), DiskWriteBinderLockScenario.truth()));
    }

    /** A script and what it must read and analyse as. */
    public record Scenario(SystemTraceScript script, ScenarioTruth truth) {
    }

    public static List<Form> forms(SystemTraceScript s) {
        Options plain = Options.plain();
        return List.of(
                new Form("protobuf", PerfettoTraceWriter.write(s, plain), true, true),
                new Form("protobuf compact sched", PerfettoTraceWriter.write(s, plain.withCompact()), true, true),
                new Form("protobuf gzip", PerfettoTraceWriter.write(s, plain.withGzip()), true, true),
                new Form("protobuf compressed_packets", PerfettoTraceWriter.write(s, plain.withCompressed()), true, true),
                new Form("protobuf compact sched, one event per bundle",
                        PerfettoTraceWriter.write(s, new Options(true, false, false, 1, false)), true, true),
                new Form("protobuf compact+compressed+gzip, clocks at the end",
                        PerfettoTraceWriter.write(s, new Options(true, true, true, 4, true)), true, true),
                new Form("protobuf TrackEvent (SDK: defaults track, incremental clock, interned names)",
                        SdkTrackEventWriter.write(s), true, true),
                new Form("text with TGID", bytes(SystraceWriter.text(s, true)), false, true),
                new Form("text without TGID", bytes(SystraceWriter.text(s, false)), false, false),
                new Form("systrace HTML", bytes(SystraceWriter.html(s)), false, true),
                new Form("legacy systrace HTML", bytes(SystraceWriter.legacyHtml(s)), false, false));
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
