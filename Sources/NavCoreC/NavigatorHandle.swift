import NavCore
import NavCoreSession
import Synchronization

/// A C listener: the transition JSON and the subscriber's user data.
public typealias ListenerFunction = @convention(c) (UnsafePointer<CChar>?, UnsafeMutableRawPointer?) -> Void

/// One subscription of a listener.
struct Subscription: Sendable {
    /// The id returned to the subscriber.
    let id: Int64
    /// The function to call.
    let listener: ListenerFunction
    /// Passed back to the listener unchanged, destroyed when no copy of this remains.
    let userData: UserData

    /// Calls the listener with `document`.
    func call(_ document: UnsafePointer<CChar>) {
        listener(document, userData.pointer)
    }
}

/// What a `navcore_navigator *` points to: the session and the
/// subscriptions, behind one lock.
final class NavigatorHandle: Sendable {
    /// The state the lock protects.
    struct Guarded {
        /// The navigator in use: state, document writer, action log.
        let session: Session
        /// The subscriptions in subscription order, so by increasing id.
        var subscriptions: [Subscription] = []
        /// The view subscriptions (`navcore_subscribe_view`) and the view model they last got.
        var views = ViewSubscriptions<Subscription>()
        /// The subscriptions to held-back batches (`navcore_subscribe_blocked`), by increasing id.
        var blockedSubscriptions: [Subscription] = []
        /// The id of the next subscription, of either kind.
        var nextSubscription: Int64 = 1
        /// The guard asked before each batch commits (`navcore_set_guard`), if any.
        var hostGuard: HostGuard?

        /// The index of the subscription with `id` in `subscriptions`, if any (binary search).
        func index(of id: Int64) -> Int? {
            var low = 0
            var high = subscriptions.count
            while low < high {
                let middle = low + (high - low) / 2
                if subscriptions[middle].id < id { low = middle + 1 } else { high = middle }
            }
            return low < subscriptions.count && subscriptions[low].id == id ? low : nil
        }
    }

    /// The session and subscriptions.
    let guarded: Lock<Guarded>
    /// How many subscriptions were ever removed: a delivery round that sees it
    /// unchanged knows, without the lock, that none of its listeners was.
    let removals = Atomic<Int>(0)
    /// How many view subscriptions there are: a change with none skips the
    /// view delivery without taking the lock.
    let viewSubscribers = Atomic<Int>(0)
    /// The turns of guarded batches.
    let turns = GuardTurns()
    /// Set by `navcore_navigator_free`: every later call on the handle is refused.
    let closed = Atomic<Bool>(false)

    /// A handle on a new session of `table`.
    init(table: RouteTable) {
        guarded = Lock(Guarded(session: Session(table: table)))
    }

    /// A handle on a new session of `table` in `locale` (nil: the table's default).
    init(table: RouteTable, locale: String?) throws(NavError) {
        guarded = Lock(Guarded(session: try Session(table: table, locale: locale)))
    }

    /// The handle behind a C pointer, or `.invalidArgument` for NULL or a
    /// closed navigator. The caller's strong reference keeps the handle for
    /// the rest of its call, also when the navigator is freed meanwhile.
    static func from(_ pointer: OpaquePointer?) throws(NavError) -> NavigatorHandle {
        guard let pointer else { throw NavError(.invalidArgument, at: "nav", "is NULL") }
        let handle = Unmanaged<NavigatorHandle>.fromOpaque(UnsafeRawPointer(pointer)).takeUnretainedValue()
        guard !handle.closed.load(ordering: .acquiring) else { throw NavError(.invalidArgument, "navigator closed") }
        return handle
    }

    /// Runs `body` on the session under the lock.
    func withSession<T: Sendable>(_ body: (Session) throws(NavError) -> T) throws(NavError) -> T {
        try guarded.withLock { (guarded) throws(NavError) in try body(guarded.session) }
    }

    /// A document the session writes under the lock.
    func write(_ document: (Session) throws(NavError) -> UnsafeMutablePointer<CChar>) throws(NavError) -> UnsafeMutablePointer<CChar> {
        #if NAVCORE_PLANTED_RACE
        return try guarded.withoutLock { (guarded) throws(NavError) in try document(guarded.session) }
        #else
        return try guarded.withLock { (guarded) throws(NavError) in try document(guarded.session) }
        #endif
    }
}
