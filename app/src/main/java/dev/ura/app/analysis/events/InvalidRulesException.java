package dev.ura.app.analysis.events;

/** A rule file that cannot be used; the message names the file and what is wrong with it. */
public final class InvalidRulesException extends Exception {
    /**
     * @param message names the file and the problem
     * @param cause   the underlying error, or {@code null}
     */
    public InvalidRulesException(String message, Throwable cause) {
        super(message, cause);
    }
}
