import NavCore

extension NavigatorHandle {
    /// Closes the navigator (`navcore_navigator_free`): every later call on
    /// the handle is refused, and the subscriptions and the guard end. Each
    /// one's `user_data` goes here, after the lock, unless a delivery or
    /// guard turn in flight still holds it; then it goes when that is done.
    /// Deliveries in flight skip what ended, as after `navcore_unsubscribe`.
    func close() {
        closed.store(true, ordering: .releasing)
        let ended = guarded.withLock { (guarded) in
            let ended = (guarded.subscriptions, guarded.views.removeAll(), guarded.blockedSubscriptions, guarded.hostGuard)
            guarded.subscriptions = []
            guarded.blockedSubscriptions = []
            guarded.hostGuard = nil
            return ended
        }
        removals.add(1, ordering: .releasing)
        viewSubscribers.subtract(ended.1.count, ordering: .releasing)
        withExtendedLifetime(ended) {}
    }
}
