package dev.ura.app.analysis.profile;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A node of a top-down (callees below callers) or bottom-up (callers below callees) call tree.
 * Times in ns. In a top-down tree, {@code inclusiveNs} is the time of the calls on this path and
 * {@code exclusiveNs} their own time; in a bottom-up tree, a root's numbers are the method's own
 * and a child's are the part of them spent when called through that caller chain.
 * Mutable only while {@link ProfileAnalyzer} builds it; read-only afterwards.
 */
public final class ProfileNode {
    private final int method;
    private final String name;
    private long calls;
    private long inclusiveNs;
    private long exclusiveNs;
    private Map<Integer, ProfileNode> byMethod;
    private List<ProfileNode> children = List.of();

    ProfileNode(int method, String name) {
        this.method = method;
        this.name = name;
    }

    /** A root with no children (for views that have no profile yet). */
    public static ProfileNode empty(String name) {
        return new ProfileNode(-1, name);
    }

    /** Method index in the trace's method table; -1 for the root, -2 - index for a thread node. */
    public int method() {
        return method;
    }

    /** Method name, thread name for thread nodes, or {@code all} / the thread for the root. */
    public String name() {
        return name;
    }

    /** Calls on this path (top-down) or of this method under this caller chain (bottom-up). */
    public long calls() {
        return calls;
    }

    /** Inclusive time, ns (see the class comment for what it covers in each tree). */
    public long inclusiveNs() {
        return inclusiveNs;
    }

    /** Own time, ns: no callee running. */
    public long exclusiveNs() {
        return exclusiveNs;
    }

    /** Children, largest inclusive time first (unmodifiable). */
    public List<ProfileNode> children() {
        return children;
    }

    /** Method id of the node that collects what a full tree budget could not show. */
    public static final int TRUNCATED = -3;
    /** Name of that node. */
    public static final String TRUNCATED_NAME = "… (more paths than the tree shows)";

    /** Whether this node collects the own time of paths cut off when the tree reached its size limit. */
    public boolean isTruncated() {
        return method == TRUNCATED;
    }

    /**
     * The child for {@code childMethod}, created while {@code budget[0] > 0} (and decremented);
     * once the budget is spent, new paths go to one {@link #TRUNCATED} child per parent, which
     * then absorbs everything below it, and {@code budget[1]} is set to 1.
     */
    ProfileNode child(int childMethod, String childName, int[] budget) {
        if (method == TRUNCATED) {
            return this;
        }
        if (byMethod == null) {
            byMethod = new HashMap<>();
        }
        ProfileNode c = byMethod.get(childMethod);
        if (c != null) {
            return c;
        }
        if (budget[0] > 0 || childMethod <= -2) {
            budget[0]--;
            c = new ProfileNode(childMethod, childName);
            byMethod.put(childMethod, c);
            return c;
        }
        budget[1] = 1;
        return byMethod.computeIfAbsent(TRUNCATED, k -> new ProfileNode(TRUNCATED, TRUNCATED_NAME));
    }

    void add(long callCount, long inclusive, long exclusive) {
        calls += callCount;
        inclusiveNs += inclusive;
        exclusiveNs += exclusive;
    }

    /**
     * Gives a synthetic node (root or thread) the totals of its children, since it is no call
     * itself: their inclusive time (top-down) or their own time (bottom-up), recursing into thread
     * nodes first. Call before {@link #freeze()}.
     */
    void sumChildren(boolean ownTime) {
        if (byMethod == null) {
            return;
        }
        for (ProfileNode k : byMethod.values()) {
            if (k.method <= -2) {
                k.sumChildren(ownTime);
            }
            inclusiveNs += ownTime ? k.exclusiveNs : k.inclusiveNs;
            calls += k.calls;
        }
    }

    /** Freezes the subtree: sorted, unmodifiable children. Iterative, so deep trees do not overflow. */
    void freeze() {
        List<ProfileNode> work = new ArrayList<>();
        work.add(this);
        while (!work.isEmpty()) {
            ProfileNode n = work.remove(work.size() - 1);
            if (n.byMethod != null) {
                List<ProfileNode> kids = new ArrayList<>(n.byMethod.values());
                kids.sort(Comparator.comparingLong(ProfileNode::inclusiveNs).reversed()
                        .thenComparing(ProfileNode::name));
                n.children = Collections.unmodifiableList(kids);
                n.byMethod = null;
                work.addAll(kids);
            }
        }
    }

    @Override
    public String toString() {
        return name;
    }
}
