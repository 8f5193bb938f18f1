package dev.ura.app.cli;

import picocli.CommandLine;

/** Reads the version Maven wrote into the jar manifest (or says "dev" when run from classes). */
final class VersionProvider implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
        String v = UraCommand.class.getPackage().getImplementationVersion();
        return new String[] {"ura " + (v == null ? "dev" : v)};
    }
}
