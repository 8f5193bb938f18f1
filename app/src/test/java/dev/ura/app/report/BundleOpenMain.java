package dev.ura.app.report;

import java.nio.file.Path;

/** Opens a bundle, prints where it was extracted, then waits to be ended (a SIGTERM, as a window closed by the OS). */
public final class BundleOpenMain {
    private BundleOpenMain() {
    }

    public static void main(String[] args) throws Exception {
        BundleReader.Opened opened = BundleReader.open(Path.of(args[0]));
        System.out.println(opened.dir());
        System.out.flush();
        Thread.sleep(60_000);
    }
}
