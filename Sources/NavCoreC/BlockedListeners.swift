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
    subscribing(nav, listener, UserData(userData, destroy: destroy), out) { (engine, listener) in engine.subscribeBlocked(listener) }
}
