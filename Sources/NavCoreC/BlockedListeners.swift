import NavCore
import NavCoreSession

/// `int navcore_subscribe_blocked(navcore_navigator *nav, navcore_listener listener,
/// void *user_data, int64_t *subscription_out)`: `listener` gets the document
/// of every batch a blocker holds back on this navigator, token included.
@_cdecl("navcore_subscribe_blocked")
public func navcore_subscribe_blocked(_ nav: OpaquePointer?, _ listener: ListenerFunction?,
                                      _ userData: UnsafeMutableRawPointer?,
                                      _ out: UnsafeMutablePointer<Int64>?) -> Int32 {
    navcore_subscribe_blocked_with_destroy(nav, listener, userData, nil, out)
}

/// `int navcore_subscribe_blocked_with_destroy(navcore_navigator *nav, navcore_listener listener,
/// void *user_data, navcore_destroy destroy, int64_t *subscription_out)`.
@_cdecl("navcore_subscribe_blocked_with_destroy")
public func navcore_subscribe_blocked_with_destroy(_ nav: OpaquePointer?, _ listener: ListenerFunction?,
                                                   _ userData: UnsafeMutableRawPointer?, _ destroy: DestroyFunction?,
                                                   _ out: UnsafeMutablePointer<Int64>?) -> Int32 {
    subscribing(nav, listener, UserData(userData, destroy: destroy), out) { (handle, subscription) in
        handle.add(subscription, to: \.blockedSubscriptions)
    }
}

extension NavigatorHandle {
    /// Runs the change `body`; when a blocker holds it back (with a token),
    /// the blocked listeners get its document before the error is returned,
    /// so that the caller still reads its own error after their calls.
    func reportingBlocked<T>(_ body: () throws(NavError) -> T) throws(NavError) -> T {
        do {
            return try body()
        } catch {
            if let blocked = error.blocked, !blocked.token.isEmpty { deliverBlocked(blocked) }
            throw error
        }
    }

    /// Calls each blocked listener with the held batch's document, without the lock.
    private func deliverBlocked(_ blocked: BlockedRemoval) {
        let listeners = guarded.withLock { $0.blockedSubscriptions }
        guard !listeners.isEmpty, let text = try? Session.blockedText(blocked) else { return }
        defer { Session.free(text) }
        for subscription in listeners where guarded.withLock({ $0.blockedSubscriptions.contains { $0.id == subscription.id } }) {
            subscription.call(text)
        }
    }
}
