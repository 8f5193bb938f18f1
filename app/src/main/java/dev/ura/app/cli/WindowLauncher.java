package dev.ura.app.cli;

import java.io.PrintWriter;
import java.nio.file.Path;

/**
 * Opens the explorer window. The window class is looked up reflectively so that the command line
 * works on machines without a display and the CLI package does not depend on the UI package.
 */
final class WindowLauncher {
    private WindowLauncher() {
    }

    static int launch(Path file, PrintWriter err) {
        if (java.awt.GraphicsEnvironment.isHeadless()) {
            err.println("ura: no display available to open the window; use a command (ura --help)");
            return UraCommand.EXIT_USAGE;
        }
        try {
            Class<?> app = Class.forName("dev.ura.app.ui.app.ExplorerApp");
            app.getMethod("launch", Path.class).invoke(null, file);
            return UraCommand.KEEP_RUNNING;
        } catch (ClassNotFoundException e) {
            err.println("ura: the explorer window is not part of this build; use a command (ura --help)");
            return UraCommand.EXIT_USAGE;
        } catch (ReflectiveOperationException e) {
            err.println("ura: cannot open the window: " + e.getCause());
            return UraCommand.EXIT_BAD_INPUT;
        }
    }
}
