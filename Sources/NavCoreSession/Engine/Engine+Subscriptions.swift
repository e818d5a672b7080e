import NavCore
import NavCoreJSON

/// The subscriptions and the guard: three kinds of listener, one series of
/// ids. What a subscription or a guard holds is let go of after the lock,
/// so that nothing the host gave ends under it.
extension Engine {
    /// Subscribes `listener` to the transitions of the changes that change
    /// something; returns the subscription's id.
    public func subscribe(_ listener: HostListener) -> Int64 {
        add(listener, to: \.listeners)
    }

    /// Subscribes `listener` to the documents of the batches a blocker holds
    /// back, token included; returns the subscription's id.
    public func subscribeBlocked(_ listener: HostListener) -> Int64 {
        add(listener, to: \.blocked)
    }

    /// Subscribes `listener` to the view model: it hears it now, before this
    /// returns, and again after each call that changes it. Returns the
    /// subscription's id.
    public func subscribeView(_ listener: HostListener) throws(NavError) -> Int64 {
        let deliveries = ThreadDeliveries.current
        let (subscriber, view) = try state.withLock { (state) throws(NavError) in
            let subscriber = Subscriber(id: state.nextSubscription, listener: listener)
            let view = try state.views.add(subscriber, session: state.session)
            state.nextSubscription += 1
            viewSubscribers.add(1, ordering: .releasing)
            return (subscriber, view)
        }
        defer { OwnedText.free(view.text) }
        // Outside the lock: the listener may call back into the navigator; what it changes is delivered next.
        callViewListener(subscriber, view.text, deliveries)
        deliverView(deliveries)
        return subscriber.id
    }

    /// Ends the subscription `id`, of any kind; `.invalidArgument` at
    /// `subscription` when there is none.
    public func unsubscribe(_ id: Int64) throws(NavError) {
        let removed = state.withLock { (state) -> Subscriber? in
            if let removed = state.views.remove(where: { $0.id == id }) {
                viewSubscribers.subtract(1, ordering: .releasing)
                return removed
            }
            if let index = state.blocked.firstIndex(where: { $0.id == id }) {
                return state.blocked.remove(at: index)
            }
            guard let index = state.index(of: id) else { return nil }
            removals.add(1, ordering: .releasing)
            return state.listeners.remove(at: index)
        }
        guard removed != nil else {
            throw NavError(.invalidArgument, at: "subscription", "no subscription with id \(id)")
        }
    }

    /// Sets the guard asked before each batch commits (nil: none), replacing
    /// the one set before.
    public func setGuard(_ hostGuard: HostGuard?) {
        let replaced = state.withLock { (state) -> HostGuard? in
            let replaced = state.hostGuard
            state.hostGuard = hostGuard
            return replaced
        }
        withExtendedLifetime(replaced) {}
    }

    /// Adds `listener` to the list at `list` under the next id, which it returns.
    private func add(_ listener: HostListener, to list: WritableKeyPath<State, [Subscriber]> & Sendable) -> Int64 {
        state.withLock { (state) in
            let id = state.nextSubscription
            state.nextSubscription += 1
            state[keyPath: list].append(Subscriber(id: id, listener: listener))
            return id
        }
    }
}
