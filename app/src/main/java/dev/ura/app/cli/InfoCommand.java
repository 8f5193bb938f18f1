package dev.ura.app.cli;

import dev.ura.trace.android.MethodTraceSummary;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;

/** {@code ura info FILE [--json]}: what the file is. */
@Command(name = "info", mixinStandardHelpOptions = true,
        description = "What the file is: format, clock, threads, methods, records, duration, warnings.")
final class InfoCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "FILE", description = "A trace file (.trace, agent log, ...; gzip is fine).")
    Path file;

    @Option(names = "--json", description = "Print JSON (see docs/cli.md).")
    boolean json;

    @Option(names = "--full-read", hidden = true,
            description = "Build the whole trace model (as the window does) instead of one streaming pass.")
    boolean fullRead;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        MethodTraceSummary summary = fullRead ? null : TraceLoading.scan(file, NoCalls.VISITORS);
        TraceInfo info = summary != null ? TraceInfo.of(file.toString(), summary)
                : TraceInfo.of(file.toString(), TraceLoading.load(file));
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            Json.print(out, info);
        } else {
            info.printText(out);
        }
        return UraCommand.EXIT_OK;
    }
}
