import NavCore
import NavCoreSession
import Synchronization

/// Listener delivery for one navigator on one thread. A change made by a
/// listener while a delivery runs is queued behind the current transition, so
/// every listener sees transitions in commit order, and the number of such
/// chained changes is capped.
final class Delivery {
    /// Most re-entrant changes one outer change may chain (`NAVCORE_MAX_LISTENER_CASCADE`).
    static let maxCascade = 64

    /// Transition texts waiting to be delivered, oldest first (malloc'd).
    private var queue: [UnsafeMutablePointer<CChar>] = []
    /// Re-entrant changes committed during this delivery.
    private(set) var cascade = 0

    /// Refuses a change made from a listener once the cascade limit is reached.
    static func checkCascade(for handle: NavigatorHandle) throws(NavError) {
        guard let delivery = ThreadContext.current.deliveries[ObjectIdentifier(handle)] else { return }
        if delivery.cascade >= maxCascade {
            throw NavError(.cascade, "listeners chained more than \(maxCascade) changes; this change was refused")
        }
    }

    /// Delivers `text` (taking ownership) to the handle's listeners: at once,
    /// or, when called from one of its listeners, after the current round.
    static func deliver(_ text: UnsafeMutablePointer<CChar>, for handle: NavigatorHandle) {
        let context = ThreadContext.current
        let key = ObjectIdentifier(handle)
        if let running = context.deliveries[key] {
            running.queue.append(text)
            running.cascade += 1
            return
        }
        let delivery = Delivery()
        delivery.queue.append(text)
        context.deliveries[key] = delivery
        defer { context.deliveries[key] = nil }
        while !delivery.queue.isEmpty {
            let next = delivery.queue.removeFirst()
            defer { Session.free(next) }
            // The listeners subscribed when the round starts, called without the
            // lock; one unsubscribed during the round (by an earlier listener) is
            // skipped, which is only looked up once some subscription was removed.
            let (listeners, mark) = handle.guarded.withLock { ($0.subscriptions, handle.removals.load(ordering: .acquiring)) }
            for subscription in listeners {
                if handle.removals.load(ordering: .acquiring) != mark,
                   handle.guarded.withLock({ $0.index(of: subscription.id) }) == nil {
                    continue
                }
                subscription.listener(next, subscription.userData)
            }
        }
    }
}
