package dev.ura.app.cli;

/** A failure a command reports as one line with a given exit code (no stack trace). */
public final class CommandFailure extends Exception {
    private final int exitCode;

    public CommandFailure(int exitCode, String message) {
        super(message);
        this.exitCode = exitCode;
    }

    public int exitCode() {
        return exitCode;
    }
}
