package dev.ura.app.cli.bench;

import dev.ura.app.cli.UraCommand;

/**
 * Entry point of {@code ura-bench.jar}: ura's commands plus {@code bench …}. The benchmarks live in
 * a module of their own so that {@code ura.jar}, which users run, holds none of them.
 */
public final class BenchMain {
    private BenchMain() {
    }

    public static void main(String[] args) {
        int code = UraCommand.run(args, cl -> cl.addSubcommand("bench", new BenchCommand()));
        if (code != UraCommand.KEEP_RUNNING) {
            System.exit(code);
        }
    }
}
