package dev.ura.app.cli;

import dev.ura.trace.model.Trace;
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

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        Trace trace = TraceLoading.load(file);
        TraceInfo info = TraceInfo.of(file.toString(), trace);
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            Json.print(out, info);
        } else {
            info.printText(out);
        }
        return UraCommand.EXIT_OK;
    }
}
