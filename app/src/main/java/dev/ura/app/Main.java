package dev.ura.app;

import dev.ura.app.cli.UraCommand;

/**
 * Entry point of {@code ura.jar}: a command runs headless; no argument, or a file argument, opens
 * the explorer window.
 */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        int code = UraCommand.run(args);
        if (code != UraCommand.KEEP_RUNNING) {
            System.exit(code);
        }
    }
}
