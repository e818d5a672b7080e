import NavCore
import NavCoreJSON

/// Who hears a change, in what order, by the rules of this thread's
/// `ThreadDeliveries`: the transition listeners hear each transition in
/// commit order (a listener's change queued behind the current one), the
/// view listeners the view model in rounds by the outermost call, the
/// blocked listeners a held batch's document in subscription order. A
/// listener that ended meanwhile is skipped; each is called without the lock.
extension Engine {
    /// Hands a committed change's texts over: the listeners' to the
    /// transition listeners, then the view model to the view listeners when
    /// it changed; returns the caller's. Nothing for nil (nothing committed).
    func handOver(_ texts: CommittedChange.Texts?, _ deliveries: ThreadDeliveries) -> UnsafeMutablePointer<CChar>? {
        guard let texts else { return nil }
        if let text = texts.listeners {
            deliveries.deliver(text, to: key) { (next) in callListeners(next) }
        }
        deliverView(deliveries)
        return texts.caller
    }

    /// Calls the transition listeners subscribed when the round starts; one
    /// unsubscribed during the round (by an earlier listener) is skipped,
    /// which is only looked up once some subscription was removed.
    private func callListeners(_ text: UnsafePointer<CChar>) {
        let (listeners, mark) = state.withLock { ($0.listeners, removals.load(ordering: .acquiring)) }
        for subscriber in listeners {
            if removals.load(ordering: .acquiring) != mark, state.withLock({ $0.index(of: subscriber.id) }) == nil {
                continue
            }
            subscriber.listener.hear(text)
        }
    }

    /// Delivers the view model to the view listeners while it differs from
    /// the one they last got (`ThreadDeliveries.deliverView`).
    func deliverView(_ deliveries: ThreadDeliveries) {
        guard viewSubscribers.load(ordering: .acquiring) > 0 else { return }
        deliveries.deliverView(
            to: key,
            changed: { state.withLock { (state) in state.views.changed(state.session) } },
            subscribed: { (subscriber) in state.withLock { (state) in state.views.listeners.contains { $0.id == subscriber.id } } },
            call: { (subscriber, view) in callViewListener(subscriber, view, deliveries) })
    }

    /// Calls one view listener with `view` (`ThreadDeliveries.callingViewListener`).
    func callViewListener(_ subscriber: Subscriber, _ view: UnsafePointer<CChar>, _ deliveries: ThreadDeliveries) {
        deliveries.callingViewListener(of: key) { subscriber.listener.hear(view) }
    }

    /// Runs the change `body`; when a blocker holds it back (with a token),
    /// each blocked listener subscribed then that is still subscribed when its
    /// turn comes hears the held batch's document, before the error is
    /// thrown, so that the caller still reads its own error after their calls.
    func reportingBlocked<T>(_ body: () throws(NavError) -> T) throws(NavError) -> T {
        do {
            return try body()
        } catch {
            guard let blocked = error.blocked, !blocked.token.isEmpty else { throw error }
            let heard = state.withLock { $0.blocked }
            guard !heard.isEmpty, let text = try? DocumentWriter.blocked(blocked) else { throw error }
            defer { OwnedText.free(text) }
            for subscriber in heard where state.withLock({ $0.blocked.contains { $0.id == subscriber.id } }) {
                subscriber.listener.hear(text)
            }
            throw error
        }
    }
}
