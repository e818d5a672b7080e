import NavCore

/// `int navcore_subscribe(navcore_navigator *nav, navcore_listener listener,
/// void *user_data, int64_t *subscription_out)`.
@_cdecl("navcore_subscribe")
public func navcore_subscribe(_ nav: OpaquePointer?, _ listener: ListenerFunction?,
                              _ userData: UnsafeMutableRawPointer?,
                              _ out: UnsafeMutablePointer<Int64>?) -> Int32 {
    navcore_subscribe_with_destroy(nav, listener, userData, nil, out)
}

/// `int navcore_subscribe_with_destroy(navcore_navigator *nav, navcore_listener listener,
/// void *user_data, navcore_destroy destroy, int64_t *subscription_out)`.
@_cdecl("navcore_subscribe_with_destroy")
public func navcore_subscribe_with_destroy(_ nav: OpaquePointer?, _ listener: ListenerFunction?,
                                           _ userData: UnsafeMutableRawPointer?, _ destroy: DestroyFunction?,
                                           _ out: UnsafeMutablePointer<Int64>?) -> Int32 {
    subscribing(nav, listener, UserData(userData, destroy: destroy), out) { (handle, subscription) in
        handle.add(subscription, to: \.subscriptions)
    }
}

extension NavigatorHandle {
    /// Adds the subscription `subscription` makes for the next id to the
    /// list at `list`, and returns that id.
    func add(_ subscription: (Int64) -> Subscription,
             to list: WritableKeyPath<Guarded, [Subscription]> & Sendable) -> Int64 {
        guarded.withLock { guarded in
            let id = guarded.nextSubscription
            guarded.nextSubscription += 1
            guarded[keyPath: list].append(subscription(id))
            return id
        }
    }
}

/// A subscription call: checks the arguments (`nav`, `listener` and
/// `subscription_out` must not be NULL), and writes the id `body` returns,
/// given the subscription to make for an id. `userData` goes when the call
/// fails, or else when the subscription ends.
func subscribing(_ nav: OpaquePointer?, _ listener: ListenerFunction?, _ userData: UserData,
                 _ out: UnsafeMutablePointer<Int64>?,
                 _ body: (NavigatorHandle, (Int64) -> Subscription) throws(NavError) -> Int64) -> Int32 {
    Status.call { () throws(NavError) in
        let handle = try NavigatorHandle.from(nav)
        let listener = try Input.required(listener, "listener")
        let out = try Input.required(out, "subscription_out")
        out.pointee = try body(handle) { (id) in Subscription(id: id, listener: listener, userData: userData) }
    }
}

/// `int navcore_unsubscribe(navcore_navigator *nav, int64_t subscription)`.
@_cdecl("navcore_unsubscribe")
public func navcore_unsubscribe(_ nav: OpaquePointer?, _ subscription: Int64) -> Int32 {
    Status.call { () throws(NavError) in
        let handle = try NavigatorHandle.from(nav)
        // Removed under the lock, released after it: its destroy never runs under the lock.
        let removed = handle.guarded.withLock { (guarded) -> Subscription? in
            if let removed = guarded.views.remove(where: { $0.id == subscription }) {
                handle.viewSubscribers.subtract(1, ordering: .releasing)
                return removed
            }
            if let index = guarded.blockedSubscriptions.firstIndex(where: { $0.id == subscription }) {
                return guarded.blockedSubscriptions.remove(at: index)
            }
            guard let index = guarded.index(of: subscription) else { return nil }
            handle.removals.add(1, ordering: .releasing)
            return guarded.subscriptions.remove(at: index)
        }
        guard removed != nil else {
            throw NavError(.invalidArgument, at: "subscription", "no subscription with id \(subscription)")
        }
    }
}
