package dev.ura.app.cli.bench;

import picocli.CommandLine.Command;

/** {@code ura bench …}: hidden benchmarks that print figures (never run as tests). */
@Command(name = "bench", hidden = true, mixinStandardHelpOptions = true,
        description = "Benchmarks (for developers).",
        subcommands = {BenchRenderCommand.class, BenchAnalysisCommand.class})
public final class BenchCommand implements Runnable {
    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
