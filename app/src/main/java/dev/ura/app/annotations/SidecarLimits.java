package dev.ura.app.annotations;

import java.io.IOException;
import java.util.List;

/**
 * The sidecar reader refuses any string longer than {@link Annotation#MAX_TEXT_CHARS} (and then
 * moves the file aside), so the writer must never write one. Note text is cut where annotations are
 * made; this covers the strings that come from the trace instead, which a reader may allow longer
 * (an agent log's names go up to a million chars): a thread name is cut (it is only a fallback for
 * a thread id the trace no longer has), and a point on a slice whose method name is that long
 * becomes a free point at the same place (lane, time, row). A response set by hand whose pattern
 * is that long is not saved at all: a cut pattern would find other slices.
 */
final class SidecarLimits {
    private SidecarLimits() {
    }

    static List<Annotation> readable(List<Annotation> annotations) {
        return annotations.stream().map(SidecarLimits::readable).toList();
    }

    static AnnotationStore.HandResponse readable(AnnotationStore.HandResponse r) throws IOException {
        if (r != null && (tooLong(r.startPattern()) || tooLong(r.endPattern()) || tooLong(r.process()))) {
            throw new IOException("a response pattern longer than " + Annotation.MAX_TEXT_CHARS
                    + " characters cannot be saved");
        }
        return r;
    }

    private static Annotation readable(Annotation a) {
        Anchor from = readable(a.from());
        Anchor to = readable(a.to());
        return from == a.from() && to == a.to() ? a : a.withAnchors(from, to);
    }

    private static Anchor readable(Anchor p) {
        if (p == null) {
            return null;
        }
        Anchor q = p.slice() != null && tooLong(p.slice().method()) ? p.free() : p;
        return tooLong(q.threadName())
                ? new Anchor(q.threadId(), Annotation.fit(q.threadName()), q.timeNs(), q.row(), q.slice()) : q;
    }

    private static boolean tooLong(String s) {
        return s != null && s.length() > Annotation.MAX_TEXT_CHARS;
    }
}
