package dev.ura.agent;

import java.io.File;
import java.lang.instrument.Instrumentation;
import java.lang.reflect.Method;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.jar.JarFile;

/**
 * Entry point of {@code ura.jar} as a Java agent: {@code -javaagent:ura.jar=out=LOG[,include=GLOBS][,tag=T]}
 * at launch, or loaded into a running JVM by {@code ura record --pid}. Problems are reported on
 * one line of stderr and the app runs on unrecorded; the agent never stops an app from starting.
 *
 * <p>This class and {@link Instrumentations} run once, at start; the recording itself is
 * {@code dev.ura.agent.rt}, reached by reflection here so that it is loaded from the boot class
 * path, never from ura.jar's own loader.
 */
public final class AgentMain {
    private static boolean runtimeOnBootPath;

    private AgentMain() {
    }

    /** {@code -javaagent:} entry. */
    public static void premain(String args, Instrumentation inst) {
        run(args, inst);
    }

    /** Attach entry ({@code ura record --pid}). */
    public static void agentmain(String args, Instrumentation inst) {
        run(args, inst);
    }

    private static synchronized void run(String args, Instrumentation inst) {
        try {
            AgentOptions options = AgentOptions.parse(args);
            if (options.stop()) {
                if (runtimeOnBootPath) {
                    recorder().getMethod("stop").invoke(null);
                }
                return;
            }
            refuseBlockingOutput(options.out());
            if (!runtimeOnBootPath) {
                File rt = BootstrapJar.write(AgentMain.class);
                inst.appendToBootstrapClassLoaderSearch(new JarFile(rt));
                runtimeOnBootPath = true;
            }
            Class<?> recorder = recorder();
            Method start = recorder.getMethod("start", String.class, Map.class);
            start.invoke(null, options.out(), meta(options));
            if (!installed) {
                installed = true;
                Instrumentations.install(inst, options, Class.forName("dev.ura.agent.rt.Hooks", true, null));
            }
        } catch (IllegalArgumentException e) {
            System.err.println("ura agent: " + e.getMessage() + "; not recording");
        } catch (java.lang.reflect.InvocationTargetException e) {
            System.err.println("ura agent: cannot record: " + e.getCause().getMessage());
        } catch (Exception | LinkageError e) {
            System.err.println("ura agent: cannot record: " + e);
        }
    }

    private static boolean installed;

    /**
     * Opening a FIFO for writing blocks until a reader opens it, and the agent runs before the
     * app's {@code main()}: a FIFO with no reader hung the application for good. Java cannot open
     * a file without blocking, so a FIFO or socket at {@code out=} is refused (a folder, a missing
     * folder or a device fail when opened, with one line, as before).
     */
    static void refuseBlockingOutput(String out) {
        java.nio.file.Path p = java.nio.file.Path.of(out);
        try {
            if (!java.nio.file.Files.exists(p) || java.nio.file.Files.isRegularFile(p)
                    || java.nio.file.Files.isDirectory(p)) {
                return;
            }
            Object mode = java.nio.file.Files.getAttribute(p, "unix:mode");
            int type = mode instanceof Integer m ? m & 0170000 : -1;
            if (type == 0010000 || type == 0140000) {
                throw new IllegalArgumentException("out=" + out + " is a " + (type == 0010000 ? "FIFO" : "socket")
                        + ", which would block the application until something reads it; give a regular file");
            }
        } catch (UnsupportedOperationException | java.io.IOException | SecurityException e) {
            // no unix attributes (Windows has no FIFOs on the file system): opening decides
        }
    }

    private static Class<?> recorder() throws ClassNotFoundException {
        // null loader: the boot class path, where BootstrapJar put the runtime
        Class<?> c = Class.forName("dev.ura.agent.rt.Recorder", true, null);
        return c;
    }

    private static Map<String, String> meta(AgentOptions options) {
        Map<String, String> meta = new LinkedHashMap<>();
        String command = System.getProperty("sun.java.command", "");
        int space = command.indexOf(' ');
        meta.put("app", space > 0 ? command.substring(0, space) : command);
        meta.put("pid", Long.toString(ProcessHandle.current().pid()));
        meta.put("jvm", System.getProperty("java.vm.name", "") + " " + System.getProperty("java.version", ""));
        meta.put("os", System.getProperty("os.name", "") + " " + System.getProperty("os.version", ""));
        if (options.includes().size() > 0) {
            meta.put("include", String.join(";", options.includes()));
        }
        if (options.tag() != null) {
            meta.put("tag", options.tag());
        }
        return meta;
    }
}
