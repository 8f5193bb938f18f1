package dev.ura.trace.android;

import dev.ura.trace.model.CallTable;

/**
 * Where {@link ThreadCalls} puts the calls it decodes and repairs: a {@link CallTable} being built
 * (the full reader), or a {@link CallVisitor} that aggregates on the fly (the one-pass scan of
 * {@link MethodTraceScan}). Times are in record units (µs) from 0. Calls close innermost first.
 */
interface CallOutput {
    /** Opens a call at {@code depth}; returns its handle for {@link #close}. */
    int open(int methodIndex, int depth, long startUnits, long cpuStartUnits);

    /** Closes the call {@code handle} (always the innermost open one). */
    void close(int handle, long endUnits, long cpuEndUnits);

    /** Calls opened so far. */
    int size();

    /**
     * An exit read with an empty stack: a synthetic caller of {@code methodIndex} from the thread's
     * first time {@code firstUnits} to {@code endUnits} will enclose every call so far.
     */
    void unmatchedExit(int methodIndex, long firstUnits, long endUnits);

    /** The thread's last record: the synthetic callers noted so far, as {@link CallTable.Builder#encloseLeadingCalls}. */
    void enclose(int count, int[] adopted, int[] methods, long startUnits, long cpuStartUnits, long[] endUnits,
                 long[] cpuEndUnits);

    /** The finished table, or {@code null} for outputs that keep no table. */
    CallTable build();

    /** The full reader's output: every call in a table. */
    final class Table implements CallOutput {
        private final CallTable.Builder builder;

        Table(CallTable.Builder builder) {
            this.builder = builder;
        }

        @Override
        public int open(int methodIndex, int depth, long startUnits, long cpuStartUnits) {
            return builder.openUnits(methodIndex, depth, startUnits, cpuStartUnits);
        }

        @Override
        public void close(int handle, long endUnits, long cpuEndUnits) {
            builder.closeUnits(handle, endUnits, cpuEndUnits);
        }

        @Override
        public int size() {
            return builder.size();
        }

        @Override
        public void unmatchedExit(int methodIndex, long firstUnits, long endUnits) {
            // the table adds its synthetic callers at the end (enclose)
        }

        @Override
        public void enclose(int count, int[] adopted, int[] methods, long startUnits, long cpuStartUnits,
                            long[] endUnits, long[] cpuEndUnits) {
            builder.encloseLeadingCalls(count, adopted, methods, startUnits, cpuStartUnits, endUnits, cpuEndUnits);
        }

        @Override
        public CallTable build() {
            return builder.build();
        }
    }
}
