package dev.ura.app.cli;

import dev.ura.trace.chrome.ChromeJsonWriter;
import dev.ura.trace.model.Trace;
import dev.ura.app.report.OutputFile;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;

/** {@code ura convert FILE --to chrome-json -o OUT}: writes the trace in another format. */
@Command(name = "convert", mixinStandardHelpOptions = true,
        description = "Writes the trace as Chrome Trace Event JSON (opens in Perfetto and chrome://tracing).")
final class ConvertCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "FILE", description = "A trace file.")
    Path file;

    @Option(names = "--to", required = true, paramLabel = "FORMAT", description = "Output format: chrome-json.")
    String to;

    @Option(names = {"-o", "--output"}, required = true, paramLabel = "OUT", description = "The file to write.")
    Path output;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        if (!"chrome-json".equals(to)) {
            throw new CommandFailure(UraCommand.EXIT_USAGE, "unknown --to format '" + to + "' (known: chrome-json)");
        }
        OutputChecks.notAnInput("convert", output, file);
        Trace trace = TraceLoading.load(file);
        try {
            // A cut JSON file must not look like a converted trace: the writer keeps the old file
            // (or none) when the write fails.
            OutputFile.write(output, out -> new ChromeJsonWriter(trace).write(out));
        } catch (IOException e) {
            throw new CommandFailure(UraCommand.EXIT_BAD_INPUT, e.getMessage());
        }
        PrintWriter o = spec.commandLine().getOut();
        o.printf("%s: %,d calls on %d threads, %,d events, as Chrome Trace Event JSON%n", output, trace.callCount(),
                trace.threads().size(), trace.events().size());
        o.flush();
        return UraCommand.EXIT_OK;
    }
}
