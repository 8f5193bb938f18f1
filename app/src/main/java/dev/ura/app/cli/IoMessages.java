package dev.ura.app.cli;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;

/** One line for an I/O failure: the file and what the OS said, without the exception's class name. */
final class IoMessages {
    private IoMessages() {
    }

    static String describe(IOException e) {
        if (e instanceof NoSuchFileException n) {
            return n.getFile() + ": no such file or folder";
        }
        if (e instanceof AccessDeniedException a) {
            return a.getFile() + ": permission denied";
        }
        if (e instanceof FileSystemException f && f.getFile() != null) {
            return f.getFile() + ": " + (f.getReason() == null ? "cannot access" : f.getReason());
        }
        return "I/O error: " + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage());
    }
}
