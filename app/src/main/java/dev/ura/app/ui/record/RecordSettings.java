package dev.ura.app.ui.record;

/**
 * What File › Record… was last asked to do, kept in the preferences so the next session starts
 * from it: the command line to launch, the classes to record, how long to record an attached JVM,
 * and whether the attach tab was the one used.
 */
public record RecordSettings(String command, String include, String duration, boolean attach) {
    public static final RecordSettings DEFAULT = new RecordSettings("java -jar myapp.jar", "", "30s", false);
}
