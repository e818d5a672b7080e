#if canImport(Glibc)
import Glibc
#endif
import NavCore
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
        let view = try handle.guarded.withLock { (guarded) throws(NavError) in try guarded.session.viewModelText() }
        defer { Session.free(view) }
        let bytes = ViewText.bytes(view)
        let subscription = handle.guarded.withLock { guarded in
            let subscription = subscribe(guarded.nextSubscription)
            guarded.nextSubscription += 1
            guarded.viewSubscriptions.append(subscription)
            guarded.lastView = bytes
            handle.viewSubscribers.add(1, ordering: .releasing)
            return subscription
        }
        // Outside the lock: the listener may call back into the navigator; what it changes is delivered next.
        handle.callViewListener(subscription, view)
        handle.deliverView()
        return subscription.id
    }
}

extension NavigatorHandle {
    /// Delivers the view model to the view listeners while it differs from
    /// the one they last got: after a change and its transition listeners,
    /// without the lock. A change a view listener makes is seen by the next
    /// round, and rounds stop after `Delivery.maxCascade`; a call made while
    /// listeners of this navigator run on this thread leaves it to the
    /// outermost call.
    func deliverView() {
        guard viewSubscribers.load(ordering: .acquiring) > 0 else { return }
        let context = ThreadContext.current
        let key = ObjectIdentifier(self)
        guard context.deliveries[key] == nil, !context.viewing.contains(key) else { return }
        context.viewing.insert(key)
        defer { context.viewing.remove(key) }
        for _ in 0..<Delivery.maxCascade {
            guard let (listeners, view) = changedView() else { return }
            defer { Session.free(view) }
            for subscription in listeners where isViewSubscribed(subscription.id) {
                callViewListener(subscription, view)
            }
        }
    }

    /// The view listeners and the view model, when there are listeners and
    /// the view differs from the last one delivered (which it then becomes).
    private func changedView() -> ([Subscription], UnsafeMutablePointer<CChar>)? {
        guarded.withLock { (guarded) -> ([Subscription], UnsafeMutablePointer<CChar>)? in
            guard !guarded.viewSubscriptions.isEmpty, let view = try? guarded.session.viewModelText() else { return nil }
            let bytes = ViewText.bytes(view)
            guard bytes != guarded.lastView else {
                Session.free(view)
                return nil
            }
            guarded.lastView = bytes
            return (guarded.viewSubscriptions, view)
        }
    }

    /// Whether `id` is still a view subscription (an earlier listener of the round may have ended it).
    private func isViewSubscribed(_ id: Int64) -> Bool {
        guarded.withLock { guarded in guarded.viewSubscriptions.contains { $0.id == id } }
    }

    /// Calls one view listener with `view`, marking the navigator as viewed on
    /// this thread so that the changes it makes are delivered by the caller's round.
    func callViewListener(_ subscription: Subscription, _ view: UnsafeMutablePointer<CChar>) {
        let context = ThreadContext.current
        let key = ObjectIdentifier(self)
        let outermost = context.viewing.insert(key).inserted
        defer { if outermost { context.viewing.remove(key) } }
        subscription.call(view)
    }
}

/// The bytes of a view model's text, to compare it with the last one delivered.
private enum ViewText {
    static func bytes(_ text: UnsafeMutablePointer<CChar>) -> [UInt8] {
        Array(UnsafeBufferPointer(start: UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self), count: strlen(text)))
    }
}
