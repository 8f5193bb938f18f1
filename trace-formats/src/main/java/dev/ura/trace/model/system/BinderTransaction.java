package dev.ura.trace.model.system;

/**
 * One binder transaction or reply from the kernel's {@code binder_transaction} /
 * {@code binder_transaction_received} events.
 *
 * @param debugId     the kernel's transaction id
 * @param reply       whether this is a reply
 * @param oneway      a one-way (async) call: no reply will come
 * @param fromThread  sending thread (index in the trace's threads)
 * @param sendNs      when it was sent
 * @param destPid     destination process, or -1 when the trace does not say
 * @param toThread    receiving thread index, or -1 when it was never seen received
 * @param receiveNs   when the receiver picked it up, or -1
 * @param replyTo     for a reply: index (in {@link SystemTrace#binder()}) of the transaction it
 *                    answers, -1 when unknown or not a reply
 * @param code        the transaction code (method number), 0 for replies
 */
public record BinderTransaction(int debugId, boolean reply, boolean oneway, int fromThread, long sendNs,
                                long destPid, int toThread, long receiveNs, int replyTo, long code) {

    /** Whether the receiving side was seen. */
    public boolean received() {
        return toThread >= 0 && receiveNs >= 0;
    }
}
