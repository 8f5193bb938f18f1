package dev.ura.app.analysis.events;

/** A rule file that cannot be used; the message names the file and what is wrong with it. */
public final class InvalidRulesException extends Exception {
    public InvalidRulesException(String message, Throwable cause) {
        super(message, cause);
    }
}
