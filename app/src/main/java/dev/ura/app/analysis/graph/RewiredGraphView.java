package dev.ura.app.analysis.graph;

import org.jgrapht.Graph;
import org.jgrapht.graph.GraphDelegator;

import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A read-only view of a graph with some edges hidden and a few added, for what-if scenarios:
 * the baseline graph is shared, only the re-wired vertices cost anything. Vertices untouched by
 * the re-wiring answer straight from the base graph.
 *
 * @param <V> vertex type
 * @param <E> edge type
 */
public final class RewiredGraphView<V, E> extends GraphDelegator<V, E> {
    private static final long serialVersionUID = 1L;

    /** An edge that exists only in the view. */
    public record AddedEdge<V, E>(E edge, V source, V target) {
    }

    private final transient Set<E> removed;
    private final transient Map<E, AddedEdge<V, E>> added = new HashMap<>();
    private final transient Map<V, Set<E>> in = new HashMap<>();
    private final transient Map<V, Set<E>> out = new HashMap<>();

    /**
     * @param base    the graph to view (not copied; must not change while the view is used)
     * @param removed base edges the view hides
     * @param adds    edges the view adds; their vertices must be in the base graph
     */
    public RewiredGraphView(Graph<V, E> base, Set<E> removed, List<AddedEdge<V, E>> adds) {
        super(base);
        this.removed = Set.copyOf(removed);
        for (E e : this.removed) {
            touch(base.getEdgeSource(e), base.getEdgeTarget(e));
        }
        for (AddedEdge<V, E> a : adds) {
            if (!base.containsVertex(a.source()) || !base.containsVertex(a.target())) {
                throw new IllegalArgumentException("added edge between unknown vertices: " + a);
            }
            added.put(a.edge(), a);
            touch(a.source(), a.target());
        }
        for (AddedEdge<V, E> a : adds) {
            out.get(a.source()).add(a.edge());
            in.get(a.target()).add(a.edge());
        }
    }

    private void touch(V source, V target) {
        Graph<V, E> base = getDelegate();
        out.computeIfAbsent(source, v -> without(base.outgoingEdgesOf(v)));
        in.computeIfAbsent(target, v -> without(base.incomingEdgesOf(v)));
    }

    private Set<E> without(Set<E> edges) {
        Set<E> s = new LinkedHashSet<>(edges);
        s.removeAll(removed);
        return s;
    }

    @Override
    public Set<E> incomingEdgesOf(V v) {
        Set<E> s = in.get(v);
        return s == null ? getDelegate().incomingEdgesOf(v) : Collections.unmodifiableSet(s);
    }

    @Override
    public Set<E> outgoingEdgesOf(V v) {
        Set<E> s = out.get(v);
        return s == null ? getDelegate().outgoingEdgesOf(v) : Collections.unmodifiableSet(s);
    }

    @Override
    public int inDegreeOf(V v) {
        return incomingEdgesOf(v).size();
    }

    @Override
    public int outDegreeOf(V v) {
        return outgoingEdgesOf(v).size();
    }

    @Override
    public int degreeOf(V v) {
        return inDegreeOf(v) + outDegreeOf(v);
    }

    @Override
    public Set<E> edgesOf(V v) {
        Set<E> s = new LinkedHashSet<>(incomingEdgesOf(v));
        s.addAll(outgoingEdgesOf(v));
        return Collections.unmodifiableSet(s);
    }

    @Override
    public Set<E> edgeSet() {
        Set<E> s = new LinkedHashSet<>(getDelegate().edgeSet());
        s.removeAll(removed);
        s.addAll(added.keySet());
        return Collections.unmodifiableSet(s);
    }

    @Override
    public boolean containsEdge(E e) {
        return added.containsKey(e) || (!removed.contains(e) && getDelegate().containsEdge(e));
    }

    @Override
    public Set<E> getAllEdges(V source, V target) {
        if (!containsVertex(source) || !containsVertex(target)) {
            return null;
        }
        Set<E> s = new HashSet<>();
        for (E e : outgoingEdgesOf(source)) {
            if (getEdgeTarget(e).equals(target)) {
                s.add(e);
            }
        }
        return s;
    }

    @Override
    public E getEdge(V source, V target) {
        if (!containsVertex(source) || !containsVertex(target)) {
            return null;
        }
        for (E e : outgoingEdgesOf(source)) {
            if (getEdgeTarget(e).equals(target)) {
                return e;
            }
        }
        return null;
    }

    @Override
    public V getEdgeSource(E e) {
        AddedEdge<V, E> a = added.get(e);
        return a != null ? a.source() : getDelegate().getEdgeSource(e);
    }

    @Override
    public V getEdgeTarget(E e) {
        AddedEdge<V, E> a = added.get(e);
        return a != null ? a.target() : getDelegate().getEdgeTarget(e);
    }

    @Override
    public double getEdgeWeight(E e) {
        return added.containsKey(e) ? Graph.DEFAULT_EDGE_WEIGHT : getDelegate().getEdgeWeight(e);
    }

    @Override
    public E addEdge(V source, V target) {
        throw readOnly();
    }

    @Override
    public boolean addEdge(V source, V target, E e) {
        throw readOnly();
    }

    @Override
    public V addVertex() {
        throw readOnly();
    }

    @Override
    public boolean addVertex(V v) {
        throw readOnly();
    }

    @Override
    public boolean removeEdge(E e) {
        throw readOnly();
    }

    @Override
    public E removeEdge(V source, V target) {
        throw readOnly();
    }

    @Override
    public boolean removeVertex(V v) {
        throw readOnly();
    }

    @Override
    public void setEdgeWeight(E e, double weight) {
        throw readOnly();
    }

    private static UnsupportedOperationException readOnly() {
        return new UnsupportedOperationException("a what-if view is read-only");
    }
}
