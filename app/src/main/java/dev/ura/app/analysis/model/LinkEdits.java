package dev.ura.app.analysis.model;

import java.util.ArrayList;
import java.util.List;

/**
 * The user's corrections to hand-off links (event indices of {@code Analysis.events()}, which stay
 * the same for one trace and rule table). A removed link leaves its send unlinked; an added link
 * is a {@link LinkKind#USER} link that replaces whatever else linked its send or its dispatch; one
 * that does not lead from a send to a dispatch starting no earlier is ignored.
 *
 * @param removed links the user removed (matched on send and dispatch, whatever their kind)
 * @param added   links the user drew (their kind is taken to be {@code USER})
 */
public record LinkEdits(List<Link> removed, List<Link> added) {
    public static final LinkEdits NONE = new LinkEdits(List.of(), List.of());

    public LinkEdits {
        removed = List.copyOf(removed);
        List<Link> user = new ArrayList<>();
        for (Link l : added) {
            user.add(l.via() == LinkKind.USER ? l : new Link(l.sendEvent(), l.dispatchEvent(), LinkKind.USER));
        }
        added = List.copyOf(user);
    }

    /** These edits plus the removal of {@code link}. */
    public LinkEdits remove(Link link) {
        List<Link> r = new ArrayList<>(removed);
        r.add(link);
        List<Link> a = new ArrayList<>(added);
        a.removeIf(l -> l.sendEvent() == link.sendEvent() && l.dispatchEvent() == link.dispatchEvent());
        return new LinkEdits(r, a);
    }

    /** These edits plus a user link from {@code sendEvent} to {@code dispatchEvent}. */
    public LinkEdits add(int sendEvent, int dispatchEvent) {
        List<Link> a = new ArrayList<>(added);
        a.add(new Link(sendEvent, dispatchEvent, LinkKind.USER));
        List<Link> r = new ArrayList<>(removed);
        r.removeIf(l -> l.sendEvent() == sendEvent && l.dispatchEvent() == dispatchEvent);
        return new LinkEdits(r, a);
    }

    /** Whether the user removed the link from {@code send} to {@code dispatch}. */
    public boolean isRemoved(int send, int dispatch) {
        for (Link l : removed) {
            if (l.sendEvent() == send && l.dispatchEvent() == dispatch) {
                return true;
            }
        }
        return false;
    }

    /** Whether there are no edits. */
    public boolean isEmpty() {
        return removed.isEmpty() && added.isEmpty();
    }
}
