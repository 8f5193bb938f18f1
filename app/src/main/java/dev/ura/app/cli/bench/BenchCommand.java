package dev.ura.app.cli.bench;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code ura bench ...}: hidden benchmarks that print figures (never tests: tests do not time).
 * Each subcommand measures one load or analysis path on one core.
 */
@Command(name = "bench", hidden = true, mixinStandardHelpOptions = true,
        description = "Benchmarks (for developers).",
        subcommands = {BenchAgentLogCommand.class})
public final class BenchCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
