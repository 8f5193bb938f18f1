package dev.ura.agent.rt;

import java.lang.ref.ReferenceQueue;
import java.lang.ref.WeakReference;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A number per live object that no other object ever gets: the identities the log writes for
 * hand-offs and views. {@code System.identityHashCode} alone is not unique (two live objects may
 * share one, and a dead object's hash is reused), so a send could be linked to another object's
 * dispatch. The map holds its keys weakly and compares them by {@code ==} (never calling the
 * app's {@code equals}/{@code hashCode}); it is split in stripes so threads rarely wait for each other.
 */
final class IdentityIds {
    private static final int STRIPES = 64;
    private static final AtomicLong NEXT = new AtomicLong(1);
    private static final Stripe[] TABLE = new Stripe[STRIPES];

    static {
        for (int i = 0; i < STRIPES; i++) {
            TABLE[i] = new Stripe();
        }
    }

    private IdentityIds() {
    }

    /** The object's number, assigned on first sight and kept while it lives; never reused. */
    static long of(Object o) {
        int h = System.identityHashCode(o);
        Stripe s = TABLE[(h ^ (h >>> 16)) & (STRIPES - 1)];
        synchronized (s) {
            return s.idOf(o, h);
        }
    }

    private static final class Entry extends WeakReference<Object> {
        final int hash;
        final long id;
        Entry next;

        Entry(Object o, int hash, long id, ReferenceQueue<Object> q, Entry next) {
            super(o, q);
            this.hash = hash;
            this.id = id;
            this.next = next;
        }
    }

    private static final class Stripe {
        private final ReferenceQueue<Object> queue = new ReferenceQueue<>();
        private Entry[] table = new Entry[16];
        private int size;

        long idOf(Object o, int h) {
            expunge();
            int i = index(h, table.length);
            for (Entry e = table[i]; e != null; e = e.next) {
                if (e.hash == h && e.get() == o) {
                    return e.id;
                }
            }
            long id = NEXT.getAndIncrement();
            table[i] = new Entry(o, h, id, queue, table[i]);
            if (++size > table.length * 3 / 4) {
                resize();
            }
            return id;
        }

        private static int index(int h, int length) {
            // the low bits chose the stripe; spread the rest
            return ((h >>> 6) ^ (h >>> 22)) & (length - 1);
        }

        private void expunge() {
            for (Object r; (r = queue.poll()) != null; ) {
                Entry dead = (Entry) r;
                int i = index(dead.hash, table.length);
                Entry prev = null;
                for (Entry e = table[i]; e != null; prev = e, e = e.next) {
                    if (e == dead) {
                        if (prev == null) {
                            table[i] = e.next;
                        } else {
                            prev.next = e.next;
                        }
                        size--;
                        break;
                    }
                }
            }
        }

        private void resize() {
            Entry[] bigger = new Entry[table.length * 2];
            for (Entry head : table) {
                for (Entry e = head; e != null; ) {
                    Entry next = e.next;
                    int i = index(e.hash, bigger.length);
                    e.next = bigger[i];
                    bigger[i] = e;
                    e = next;
                }
            }
            table = bigger;
        }
    }
}
