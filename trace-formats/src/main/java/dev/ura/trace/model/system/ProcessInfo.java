package dev.ura.trace.model.system;

/**
 * A process of a system trace.
 *
 * @param pid     process id (tgid of its threads)
 * @param ppid    parent pid, or -1 when unknown
 * @param name    the package for apps ({@code cmdline[0]}), the binary path for native processes,
 *                else the main thread's comm; never null (empty when unknown)
 * @param startNs first time the trace saw it (fork time for processes born in the trace), or -1
 */
public record ProcessInfo(long pid, long ppid, String name, long startNs) {

    public ProcessInfo {
        name = name == null ? "" : name;
    }
}
