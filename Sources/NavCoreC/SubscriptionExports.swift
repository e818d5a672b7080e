import NavCore

/// `int navcore_subscribe(navcore_navigator *nav, navcore_listener listener,
/// void *user_data, int64_t *subscription_out)`.
@_cdecl("navcore_subscribe")
public func navcore_subscribe(_ nav: OpaquePointer?, _ listener: ListenerFunction?,
                              _ userData: UnsafeMutableRawPointer?,
                              _ out: UnsafeMutablePointer<Int64>?) -> Int32 {
    subscribing(nav, listener, out) { (handle, listener) in handle.add(listener, userData, to: \.subscriptions) }
}

extension NavigatorHandle {
    /// Adds a subscription of `listener` to the list at `list`, under the
    /// next id, which it returns.
    func add(_ listener: ListenerFunction, _ userData: UnsafeMutableRawPointer?,
             to list: WritableKeyPath<Guarded, [Subscription]> & Sendable) -> Int64 {
        guarded.withLock { guarded in
            let id = guarded.nextSubscription
            guarded.nextSubscription += 1
            guarded[keyPath: list].append(Subscription(id: id, listener: listener, userData: userData))
            return id
        }
    }
}

/// A subscription call: checks the arguments (`nav`, `listener` and
/// `subscription_out` must not be NULL), and writes the id `body` returns.
func subscribing(_ nav: OpaquePointer?, _ listener: ListenerFunction?, _ out: UnsafeMutablePointer<Int64>?,
                 _ body: (NavigatorHandle, ListenerFunction) throws(NavError) -> Int64) -> Int32 {
    Status.call { () throws(NavError) in
        let handle = try NavigatorHandle.from(nav)
        let listener = try Input.required(listener, "listener")
        let out = try Input.required(out, "subscription_out")
        out.pointee = try body(handle, listener)
    }
}

/// `int navcore_unsubscribe(navcore_navigator *nav, int64_t subscription)`.
@_cdecl("navcore_unsubscribe")
public func navcore_unsubscribe(_ nav: OpaquePointer?, _ subscription: Int64) -> Int32 {
    Status.call { () throws(NavError) in
        let handle = try NavigatorHandle.from(nav)
        let removed = handle.guarded.withLock { guarded in
            if let index = guarded.viewSubscriptions.firstIndex(where: { $0.id == subscription }) {
                guarded.viewSubscriptions.remove(at: index)
                handle.viewSubscribers.subtract(1, ordering: .releasing)
                return true
            }
            if let index = guarded.blockedSubscriptions.firstIndex(where: { $0.id == subscription }) {
                guarded.blockedSubscriptions.remove(at: index)
                return true
            }
            guard let index = guarded.index(of: subscription) else { return false }
            guarded.subscriptions.remove(at: index)
            handle.removals.add(1, ordering: .releasing)
            return true
        }
        guard removed else {
            throw NavError(.invalidArgument, at: "subscription", "no subscription with id \(subscription)")
        }
    }
}
