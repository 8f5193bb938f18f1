package dev.ura.trace.android;

import dev.ura.trace.model.CallTable;

/** Hands a thread's calls to a {@link CallVisitor} in ns instead of keeping them. */
final class VisitorOutput implements CallOutput {
    private final CallVisitor visitor;
    private final long unitNs;
    private int opened;

    VisitorOutput(CallVisitor visitor, long unitNs) {
        this.visitor = visitor;
        this.unitNs = unitNs;
    }

    @Override
    public int open(int methodIndex, int depth, long startUnits, long cpuStartUnits) {
        visitor.enter(methodIndex, startUnits * unitNs);
        return opened++;
    }

    @Override
    public void close(int handle, long endUnits, long cpuEndUnits) {
        visitor.exit(endUnits * unitNs);
    }

    @Override
    public int size() {
        return opened;
    }

    @Override
    public void unmatchedExit(int methodIndex, long firstUnits, long endUnits) {
        visitor.syntheticCaller(methodIndex, firstUnits * unitNs, endUnits * unitNs);
    }

    @Override
    public void enclose(int count, int[] adopted, int[] methods, long startUnits, long cpuStartUnits,
                        long[] endUnits, long[] cpuEndUnits) {
        visitor.end();
    }

    @Override
    public CallTable build() {
        return null;
    }
}
