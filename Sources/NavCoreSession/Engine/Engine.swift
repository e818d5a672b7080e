import NavCore
import NavCoreJSON
import Synchronization

/// A navigator in use by threads and hosts: the one engine every caller
/// drives. The C library's `navcore_navigator *` points to one; the Swift
/// vector runner drives one. It owns the session behind its lock, the guard
/// and the turns of guarded batches, the three kinds of subscription
/// (transitions, the view model, held batches) and their delivery, and every
/// rule of a change: when it is refused (a listener's past the cascade limit,
/// the guard's own), in which turn it commits, which documents it writes and
/// who hears them in what order (Engine+Changes.swift, Engine+Delivery.swift).
/// During a call it runs no code but its own and the host's callbacks
/// (`HostListener`, `HostGuard`, a restore's validator), each without the lock.
public final class Engine: Sendable {
    /// A subscription: its id and the listener.
    struct Subscriber: Sendable {
        /// The id the subscriber got.
        let id: Int64
        /// The listener.
        let listener: HostListener
    }

    /// What the lock protects.
    struct State {
        /// The navigator in use: state, document writer, action log.
        let session: Session
        /// The transition listeners, by increasing id.
        var listeners: [Subscriber] = []
        /// The view listeners and the view model they last got.
        var views = ViewSubscriptions<Subscriber>()
        /// The listeners of held-back batches, by increasing id.
        var blocked: [Subscriber] = []
        /// The id of the next subscription, of any kind.
        var nextSubscription: Int64 = 1
        /// The guard asked before each batch commits, if any.
        var hostGuard: HostGuard?

        /// The index of the transition listener with `id`, if any (binary search).
        func index(of id: Int64) -> Int? {
            var low = 0
            var high = listeners.count
            while low < high {
                let middle = low + (high - low) / 2
                if listeners[middle].id < id { low = middle + 1 } else { high = middle }
            }
            return low < listeners.count && listeners[low].id == id ? low : nil
        }
    }

    /// The session and the subscriptions.
    let state: Lock<State>
    /// How many transition listeners were ever removed: a delivery round that
    /// sees it unchanged knows, without the lock, that none of its listeners was.
    let removals = Atomic<Int>(0)
    /// How many view listeners there are: a change with none skips the view
    /// delivery without taking the lock.
    let viewSubscribers = Atomic<Int>(0)
    /// The turns of guarded batches, restores and replays.
    let turns = GuardTurns()
    /// Set by `close`.
    @usableFromInline
    let closed = Atomic<Bool>(false)

    /// An engine on a new navigator of `table`.
    public init(table: RouteTable) {
        state = Lock(State(session: Session(table: table)))
    }

    /// An engine on a new navigator of `table` in `locale` (nil: the
    /// table's default; docs/locales.md). A malformed tag is `.invalidArgument` at `locale`.
    public init(table: RouteTable, locale: String?) throws(NavError) {
        state = Lock(State(session: try Session(table: table, locale: locale)))
    }

    /// This engine on this thread's deliveries (`ThreadDeliveries`).
    var key: ObjectIdentifier { ObjectIdentifier(self) }

    // MARK: - Closing

    /// Whether `close` was called. Inlinable: every C call asks.
    @inlinable
    public var isClosed: Bool {
        closed.load(ordering: .acquiring)
    }

    /// Ends every subscription and the guard (the C library's
    /// `navcore_navigator_free`). What they hold goes here, after the lock,
    /// unless a delivery or guard call in flight still holds it; then it goes
    /// when that call is done. Deliveries in flight skip what ended, as after
    /// `unsubscribe`.
    public func close() {
        closed.store(true, ordering: .releasing)
        let ended = state.withLock { (state) in
            let ended = (state.listeners, state.views.removeAll(), state.blocked, state.hostGuard)
            state.listeners = []
            state.blocked = []
            state.hostGuard = nil
            return ended
        }
        removals.add(1, ordering: .releasing)
        viewSubscribers.subtract(ended.1.count, ordering: .releasing)
        withExtendedLifetime(ended) {}
    }

    // MARK: - Reads

    /// A document `document` writes from the session, under the lock.
    public func read(_ document: (Session) throws(NavError) -> UnsafeMutablePointer<CChar>) throws(NavError) -> UnsafeMutablePointer<CChar> {
        #if NAVCORE_PLANTED_RACE
        return try state.withoutLock { (state) throws(NavError) in try document(state.session) }
        #else
        return try state.withLock { (state) throws(NavError) in try document(state.session) }
        #endif
    }

    /// What `body` reads from the session, under the lock.
    public func withSession<T: Sendable>(_ body: (Session) throws(NavError) -> T) throws(NavError) -> T {
        try state.withLock { (state) throws(NavError) in try body(state.session) }
    }

    /// Starts recording (a new log based on the current state; nothing
    /// changes when already recording), or stops it (the log stays readable).
    public func record(_ on: Bool) {
        state.withLock { $0.session.record(on) }
    }

    /// The action log's text, written outside the lock from a copy of the
    /// log; `.noEntry` when nothing was recorded, its message naming
    /// `recordCall`, and a base state too long `.limit`, naming `limitName`,
    /// when given (`Session.recordedLog`, `Session.write`).
    public func logText(recordCall: String? = nil, limitName: String? = nil) throws(NavError) -> UnsafeMutablePointer<CChar> {
        let (log, recording) = try withSession { (session) throws(NavError) in try session.recordedLog(recordCall: recordCall) }
        return try Session.write(log, recording: recording, limitName: limitName)
    }
}
