package dev.ura.app.store;

/** A store that cannot be used as asked; the message is one line naming the store and what was wrong. */
public final class StoreException extends Exception {
    public StoreException(String message) {
        super(message);
    }

    public StoreException(String message, Throwable cause) {
        super(message, cause);
    }
}
