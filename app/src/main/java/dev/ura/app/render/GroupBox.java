package dev.ura.app.render;

/**
 * Where a group header is on screen this frame: a process above its threads, or the CPUs above
 * their tracks ({@link #CPUS}). Clicking it collapses or expands what it groups.
 *
 * @param key       the process's pid, or {@link #CPUS}
 * @param y         top of the header line
 * @param height    height of the header line
 * @param collapsed whether its members are hidden
 * @param members   threads shown under it when expanded (hidden lanes not counted), or CPUs
 * @param hidden    its threads hidden by the lane rules (no calls, other process picked, by hand)
 */
public record GroupBox(long key, int y, int height, boolean collapsed, int members, int hidden) {
    /** Key of the CPUs' header. */
    public static final long CPUS = Long.MIN_VALUE;
    /** Key of the threads a system trace does not place in a process. */
    public static final long NO_PROCESS = Long.MIN_VALUE + 1;

    public boolean isCpus() {
        return key == CPUS;
    }
}
