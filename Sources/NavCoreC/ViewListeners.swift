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
    subscribing(nav, listener, UserData(userData, destroy: destroy), out) { (engine, listener) throws(NavError) in
        try engine.subscribeView(listener)
    }
}
