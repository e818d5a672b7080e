import NavCore
import NavCoreJSON
import Synchronization

/// A C listener: the transition JSON and the subscriber's user data.
public typealias ListenerFunction = @convention(c) (UnsafePointer<CChar>?, UnsafeMutableRawPointer?) -> Void

/// One subscription of a listener. Unchecked-Sendable: navcore never
/// dereferences `userData`, it only hands it back to the listener.
struct Subscription: @unchecked Sendable {
    /// The id returned to the subscriber.
    let id: Int64
    /// The function to call.
    let listener: ListenerFunction
    /// Passed back to the listener unchanged.
    let userData: UnsafeMutableRawPointer?
}

/// What a `navcore_navigator *` points to: the navigator value and its
/// subscriptions, behind one lock.
final class NavigatorHandle: Sendable {
    /// The state the lock protects.
    struct Guarded {
        /// The navigation state.
        var navigator: Navigator
        /// Writes the navigator's documents, sharing entry nodes between them.
        let encoder = Encoder()
        /// The subscriptions, in subscription order.
        var subscriptions: [Subscription] = []
        /// The id of the next subscription.
        var nextSubscription: Int64 = 1
        /// The action log, once recording was started (`navcore_record`).
        var log: ActionLog<Navigator>?
        /// Whether changes are being recorded into `log`.
        var recording = false
    }

    /// The navigator and subscriptions.
    let guarded: Mutex<Guarded>

    /// Wraps a new navigator.
    init(_ navigator: Navigator) {
        guarded = Mutex(Guarded(navigator: navigator))
    }

    /// The handle behind a C pointer, or `.invalidArgument` for NULL.
    static func from(_ pointer: OpaquePointer?) throws(NavError) -> NavigatorHandle {
        guard let pointer else { throw NavError(.invalidArgument, at: "nav", "is NULL") }
        return Unmanaged<NavigatorHandle>.fromOpaque(UnsafeRawPointer(pointer)).takeUnretainedValue()
    }

    /// A document about the navigator, written under the lock.
    func write(_ document: (Encoder, Navigator) throws(NavError) -> UnsafeMutablePointer<CChar>) throws(NavError) -> UnsafeMutablePointer<CChar> {
        try guarded.withLock { (guarded) throws(NavError) in try document(guarded.encoder, guarded.navigator) }
    }
}
