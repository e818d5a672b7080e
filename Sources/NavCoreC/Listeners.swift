import NavCore
import NavCoreSession

/// Calling a navigator's C listeners: the session's `Delivery` decides the
/// order and the cascade limit; this file keeps each thread's deliveries in
/// progress and makes the C calls.
extension NavigatorHandle {
    /// Refuses a change made from one of this navigator's listeners once the
    /// cascade limit is reached (`Delivery.checkCascade`).
    func checkCascade() throws(NavError) {
        // Most calls come while no listener runs: an empty dictionary is not hashed into.
        let context = ThreadContext.current
        guard !context.deliveries.isEmpty else { return }
        try context.deliveries[ObjectIdentifier(self)]?.checkCascade()
    }

    /// Delivers `text` (taking ownership) to the listeners: at once, or, when
    /// called from one of them, after the current round (`Delivery.enqueue`).
    func deliver(_ text: UnsafeMutablePointer<CChar>) {
        let context = ThreadContext.current
        let key = ObjectIdentifier(self)
        if let running = context.deliveries[key] {
            running.enqueue(text)
            return
        }
        let delivery = Delivery()
        context.deliveries[key] = delivery
        defer { context.deliveries[key] = nil }
        delivery.run(text) { (next) in callListeners(next) }
    }

    /// Calls the listeners subscribed when the round starts, without the
    /// lock; one unsubscribed during the round (by an earlier listener) is
    /// skipped, which is only looked up once some subscription was removed.
    private func callListeners(_ text: UnsafePointer<CChar>) {
        let (listeners, mark) = guarded.withLock { ($0.subscriptions, removals.load(ordering: .acquiring)) }
        for subscription in listeners {
            if removals.load(ordering: .acquiring) != mark,
               guarded.withLock({ $0.index(of: subscription.id) }) == nil {
                continue
            }
            subscription.call(text)
        }
    }
}
