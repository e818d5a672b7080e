import NavCore
import NavCoreSession

/// Calling a navigator's C listeners: the session's `ThreadDeliveries`
/// decides the order and the cascade limit; this file makes the C calls.
extension NavigatorHandle {
    /// Refuses a change made from one of this navigator's listeners once the
    /// cascade limit is reached (`Delivery.checkCascade`).
    func checkCascade() throws(NavError) {
        try ThreadContext.current.deliveries.checkCascade(ObjectIdentifier(self))
    }

    /// Delivers `text` (taking ownership) to the listeners (`ThreadDeliveries.deliver`).
    func deliver(_ text: UnsafeMutablePointer<CChar>) {
        ThreadContext.current.deliveries.deliver(text, to: ObjectIdentifier(self)) { (next) in callListeners(next) }
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
