package dev.ura.app.cli.bench;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code ura bench ...}: hidden benchmarks that print figures (never run as tests). Each benchmark
 * is a subcommand; add new ones to the {@code subcommands} list.
 */
@Command(name = "bench", hidden = true, mixinStandardHelpOptions = true,
        description = "Benchmarks (for developers): print speed and memory figures.",
        subcommands = {BenchParseCommand.class, BenchRenderCommand.class, BenchAgentLogCommand.class,
                BenchWhatIfCommand.class, BenchRegressCommand.class, BenchAnalysisCommand.class,
                BenchResponsesCommand.class, BenchPerfettoCommand.class, BenchAgentCommand.class,
                BenchAccuracyCommand.class, BenchCliCommand.class, BenchSystemPathCommand.class,
                BenchSystemResponsesCommand.class, BenchWindowCommand.class, BenchBatchCommand.class})
public final class BenchCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
