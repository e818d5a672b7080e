import NavCore
import NavCoreJSON
import NavCoreSession

/// `int navcore_subscribe_view(navcore_navigator *nav, navcore_listener listener,
/// void *user_data, int64_t *subscription_out)`: `listener` gets the view
/// model now, before this returns, and again after each call that changes it.
@_cdecl("navcore_subscribe_view")
public func navcore_subscribe_view(_ nav: OpaquePointer?, _ listener: ListenerFunction?,
                                   _ userData: UnsafeMutableRawPointer?,
                                   _ out: UnsafeMutablePointer<Int64>?) -> Int32 {
    navcore_subscribe_view_with_destroy(nav, listener, userData, nil, out)
}

/// `int navcore_subscribe_view_with_destroy(navcore_navigator *nav, navcore_listener listener,
/// void *user_data, navcore_destroy destroy, int64_t *subscription_out)`.
@_cdecl("navcore_subscribe_view_with_destroy")
public func navcore_subscribe_view_with_destroy(_ nav: OpaquePointer?, _ listener: ListenerFunction?,
                                                _ userData: UnsafeMutableRawPointer?, _ destroy: DestroyFunction?,
                                                _ out: UnsafeMutablePointer<Int64>?) -> Int32 {
    subscribing(nav, listener, UserData(userData, destroy: destroy), out) { (handle, subscribe) throws(NavError) in
        let (subscription, view) = try handle.guarded.withLock { (guarded) throws(NavError) in
            let subscription = subscribe(guarded.nextSubscription)
            let view = try guarded.views.add(subscription, session: guarded.session)
            guarded.nextSubscription += 1
            handle.viewSubscribers.add(1, ordering: .releasing)
            return (subscription, view)
        }
        defer { OwnedText.free(view.text) }
        // Outside the lock: the listener may call back into the navigator; what it changes is delivered next.
        handle.callViewListener(subscription, view.text)
        handle.deliverView()
        return subscription.id
    }
}

extension NavigatorHandle {
    /// Delivers the view model to the view listeners by the session's rules
    /// (`ThreadDeliveries.deliverView`), without the lock.
    func deliverView() {
        guard viewSubscribers.load(ordering: .acquiring) > 0 else { return }
        ThreadContext.current.deliveries.deliverView(
            to: ObjectIdentifier(self),
            changed: { guarded.withLock { guarded in guarded.views.changed(guarded.session) } },
            subscribed: { (subscription) in
                guarded.withLock { guarded in guarded.views.listeners.contains { $0.id == subscription.id } }
            },
            call: { (subscription, view) in callViewListener(subscription, view) })
    }

    /// Calls one view listener with `view` (`ThreadDeliveries.callingViewListener`).
    func callViewListener(_ subscription: Subscription, _ view: UnsafePointer<CChar>) {
        ThreadContext.current.deliveries.callingViewListener(of: ObjectIdentifier(self)) { subscription.call(view) }
    }
}
