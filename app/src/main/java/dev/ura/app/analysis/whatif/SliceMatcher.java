package dev.ura.app.analysis.whatif;

import dev.ura.app.analysis.SliceRef;
import dev.ura.app.analysis.SliceSelector;
import dev.ura.app.analysis.graph.ResponseGraph;
import dev.ura.app.analysis.graph.SegmentKind;
import dev.ura.trace.model.CallTable;
import dev.ura.trace.model.MethodTable;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Finds the vertices of a response graph that lie in the slices a selector picks. A vertex lies in a
 * slice when the call it is named after is that call or runs inside it; nested matches count once,
 * for the outermost matching call. Waits (queueing, frames) belong to no slice.
 */
public final class SliceMatcher {
    private final ResponseGraph graph;

    public SliceMatcher(ResponseGraph graph) {
        this.graph = graph;
    }

    /**
     * The slices that overlap the response and match, each with its vertices in program order.
     *
     * @return slice → vertex ids (ascending), in order of first vertex
     */
    public Map<SliceRef, int[]> match(SliceSelector selector) {
        Map<SliceRef, List<Integer>> found = new LinkedHashMap<>();
        MethodTable methods = graph.work().trace().methods();
        boolean[] nameMatches = selector instanceof SliceSelector.ByName byName ? methodMatches(methods, byName) : null;
        for (int v = 0; v < graph.vertexCount(); v++) {
            SegmentKind k = graph.kind(v);
            int call = graph.call(v);
            if (call < 0 || (k != SegmentKind.WORK && k != SegmentKind.BLOCKED)) {
                continue;
            }
            int t = graph.thread(v);
            CallTable calls = graph.work().trace().threads().get(t).calls();
            int hit = -1;
            if (nameMatches != null) {
                for (int c = call; c >= 0; c = calls.parent(c)) {
                    if (nameMatches[calls.method(c)]) {
                        hit = c;
                    }
                }
            } else {
                SliceRef target = ((SliceSelector.Exact) selector).slice();
                if (target.thread() == t) {
                    for (int c = call; c >= 0 && c >= target.call(); c = calls.parent(c)) {
                        if (c == target.call()) {
                            hit = c;
                            break;
                        }
                    }
                }
            }
            if (hit >= 0) {
                found.computeIfAbsent(new SliceRef(t, hit), r -> new ArrayList<>()).add(v);
            }
        }
        Map<SliceRef, int[]> out = new LinkedHashMap<>();
        found.forEach((ref, list) -> out.put(ref, list.stream().mapToInt(Integer::intValue).toArray()));
        return out;
    }

    /** Matches every method name once; the glob is compiled once, as {@link SliceSelector.ByName#matches} does. */
    private static boolean[] methodMatches(MethodTable methods, SliceSelector.ByName selector) {
        String[] parts = selector.glob().split("\\*", -1);
        StringBuilder regex = new StringBuilder();
        for (int i = 0; i < parts.length; i++) {
            regex.append(i > 0 ? ".*" : "").append(Pattern.quote(parts[i]));
        }
        Pattern p = Pattern.compile(regex.toString(), Pattern.DOTALL);
        boolean[] m = new boolean[methods.size()];
        for (int i = 0; i < m.length; i++) {
            m[i] = p.matcher(methods.get(i).fullName()).matches();
        }
        return m;
    }
}
