package dev.ura.app.analysis.graph;

/** Tells the app's own code from the platform's and the language runtimes'. */
public final class AppClasses {
    private static final String[] FRAMEWORK_PREFIXES = {
        "android.", "androidx.", "com.android.", "java.", "javax.", "kotlin.", "kotlinx.", "dalvik.",
        "libcore.", "sun.", "jdk.", "org.json.", "org.apache.http.", "com.google.android.material.",
    };

    private AppClasses() {
    }

    /**
     * Whether a class (dotted name) is app code. An empty class name (an agent-log interval such
     * as {@code WRITE}) is not.
     */
    public static boolean isApp(String className) {
        if (className.isEmpty()) {
            return false;
        }
        for (String p : FRAMEWORK_PREFIXES) {
            if (className.startsWith(p)) {
                return false;
            }
        }
        return true;
    }
}
