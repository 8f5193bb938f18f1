package dev.ura.app.cli;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The runs the installed launcher's class-data-sharing archives are made from ({@code train.sh}:
 * {@code java -XX:ArchiveClassesAtExit=ura.jsa -cp ura.jar dev.ura.app.cli.ClassDataTraining
 * TRACE}): the commands people run most, one after another in one JVM, so the archive holds the
 * classes of each (parsed, verified, with their lambda classes) and none of them starts by loading
 * them from the jar. An archive made from {@code analyze} alone left out the streaming pass of
 * {@code info} and {@code profile}. With {@code --info}, the run of {@code ura-info.jsa}, the
 * archive {@code ura info} maps: {@code info} (and {@code --json}) alone on every kind of file, so
 * that archive holds what {@code info} loads and little else (a JVM touches most pages of the
 * archive it maps: the whole archive added 12 MB to the peak RSS of {@code info} on a 36.8 MB
 * systrace HTML, this one about 6 MB). Not a user command: output goes where the caller sends
 * standard output (train.sh sends it to /dev/null).
 */
public final class ClassDataTraining {
    /**
     * A small systrace HTML of the kind {@code info} reads most (catapult's legacy string, and
     * scheduler, wakeup and atrace lines), written beside the scratch files: the package bundles no
     * system trace in text form.
     */
    static final String SYSTRACE_HTML = String.join("\n",
            "<!DOCTYPE html>",
            "<html><head><meta charset=\"utf-8\"/></head><body>",
            "<script>",
            "  var linuxPerfData = \"\\",
            "# tracer: nop\\n\\",
            "          <idle>-0     [000] d..3   100.000000: sched_switch: prev_comm=swapper/0 prev_pid=0"
                    + " prev_prio=120 prev_state=R ==> next_comm=app next_pid=10 next_prio=120\\n\\",
            "             app-10    [000] ...1   100.000100: tracing_mark_write: B|10|Choreographer#doFrame\\n\\",
            "             app-10    [000] ...1   100.000200: tracing_mark_write: E|10\\n\\",
            "             app-10    [000] ...1   100.000250: tracing_mark_write: C|10|queue|1\\n\\",
            "             app-10    [000] d..3   100.000300: sched_switch: prev_comm=app prev_pid=10 prev_prio=120"
                    + " prev_state=S ==> next_comm=swapper/0 next_pid=0 next_prio=120\\n\\",
            "          <idle>-0     [001] d.h3   100.000400: sched_waking: comm=app pid=10 prio=120 target_cpu=000\\n\\",
            "          <idle>-0     [001] d.h3   100.000410: sched_wakeup: comm=app pid=10 prio=120 target_cpu=000\\n\\",
            "\";",
            "</script>",
            "</body></html>",
            "");

    /** Bundled samples {@code info --info} also reads: an agent log and a Perfetto trace. */
    private static final List<String> INFO_SAMPLES = List.of("/samples/news-launch.jsonl",
            "/samples/system/news-click.perfetto-trace");

    private ClassDataTraining() {
    }

    /** The command lines run on {@code trace}, a bundled method trace; {@code png} is a scratch file. */
    static List<String[]> commands(String trace, String png) {
        return List.of(
                new String[]{"info", trace},
                new String[]{"info", trace, "--json"},
                new String[]{"profile", trace},
                new String[]{"profile", trace, "--json"},
                new String[]{"analyze", trace},
                new String[]{"analyze", trace, "--json"},
                new String[]{"callgraph", trace},
                new String[]{"export-png", trace, "-o", png});
    }

    /**
     * The {@code --info} run: {@code info} and {@code info --json} on each file. Without
     * {@code --json} the archive was half as large (5.5 MB) and the peak of {@code info} on a 36.8
     * MB systrace HTML 6 MB smaller, but {@code info --json} then loaded Jackson from the jar: 0.08 s
     * more CPU on a small file (0.23 → 0.31 s), which scripts that run it file by file would pay.
     */
    static List<String[]> infoCommands(List<String> files) {
        List<String[]> commands = new ArrayList<>();
        for (String f : files) {
            commands.add(new String[]{"info", f});
            commands.add(new String[]{"info", f, "--json"});
        }
        return commands;
    }

    /**
     * The files of the {@code --info} run, {@code trace} first, the others written into
     * {@code scratch}: the systrace HTML above and the bundled samples.
     */
    static List<String> infoFiles(String trace, Path scratch) throws IOException {
        List<String> files = new ArrayList<>(List.of(trace));
        Path html = scratch.resolve("training.html");
        Files.writeString(html, SYSTRACE_HTML, StandardCharsets.UTF_8);
        files.add(html.toString());
        for (String sample : INFO_SAMPLES) {
            try (InputStream in = ClassDataTraining.class.getResourceAsStream(sample)) {
                if (in == null) {
                    continue; // a jar built without the samples: the archive lacks that reader's classes
                }
                Path copy = scratch.resolve(sample.substring(sample.lastIndexOf('/') + 1));
                Files.copy(in, copy);
                files.add(copy.toString());
            }
        }
        return files;
    }

    public static void main(String[] args) throws IOException {
        boolean info = args.length == 2 && args[0].equals("--info");
        if (args.length != 1 && !info) {
            System.err.println("usage: ClassDataTraining [--info] TRACE");
            System.exit(UraCommand.EXIT_USAGE);
        }
        String trace = args[args.length - 1];
        Path scratch = Files.createTempDirectory("ura-training-");
        Path png = scratch.resolve("training.png");
        int worst = UraCommand.EXIT_OK;
        try {
            List<String[]> commands = info ? infoCommands(infoFiles(trace, scratch)) : commands(trace, png.toString());
            for (String[] command : commands) {
                int code = UraCommand.run(command);
                if (code != UraCommand.EXIT_OK) {
                    System.err.println("ura training: '" + String.join(" ", command) + "' exited " + code);
                    worst = UraCommand.EXIT_BAD_INPUT;
                }
            }
        } finally {
            try (var files = Files.list(scratch)) {
                for (Path p : files.toList()) {
                    Files.deleteIfExists(p);
                }
            }
            Files.deleteIfExists(scratch);
        }
        System.out.flush();
        System.exit(worst);
    }
}
