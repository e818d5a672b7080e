import NavCore
import NavCoreJSON

/// The order in which one navigator's listeners hear of its changes on one
/// thread. A change made by a listener while a delivery runs is queued
/// behind the current transition, so every listener sees transitions in
/// commit order, and the number of such chained changes is capped. A
/// thread's `ThreadDeliveries` keeps one per navigator while a delivery runs.
final class Delivery {
    /// Most re-entrant changes one outer change may chain (`NAVCORE_MAX_LISTENER_CASCADE`).
    static let maxCascade = Limits.maxListenerCascade

    /// Transition texts waiting to be delivered, oldest first (owned).
    private var queue: [UnsafeMutablePointer<CChar>] = []
    /// Re-entrant changes committed during this delivery.
    private var cascade = 0

    /// A delivery about to start.
    init() {}

    /// Refuses a change made from a listener once the cascade limit is reached.
    func checkCascade() throws(NavError) {
        if cascade >= Delivery.maxCascade {
            throw NavError(.cascade, "listeners chained more than \(Delivery.maxCascade) changes; this change was refused")
        }
    }

    /// Queues `text` (taking ownership), the transition of a change a
    /// listener made, behind the current one.
    func enqueue(_ text: UnsafeMutablePointer<CChar>) {
        queue.append(text)
        cascade += 1
    }

    /// Hands `text` (taking ownership), then each text queued meanwhile, to
    /// `hear`, oldest first; each is released once heard.
    func run(_ text: UnsafeMutablePointer<CChar>, hear: (UnsafePointer<CChar>) -> Void) {
        queue.append(text)
        while !queue.isEmpty {
            let next = queue.removeFirst()
            defer { OwnedText.free(next) }
            hear(next)
        }
    }
}
