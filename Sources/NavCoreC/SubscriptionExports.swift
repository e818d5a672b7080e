import NavCore
import NavCoreSession

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
    subscribing(nav, listener, UserData(userData, destroy: destroy), out) { (engine, listener) in engine.subscribe(listener) }
}

/// A subscription call: checks the arguments (`nav`, `listener` and
/// `subscription_out` must not be NULL), and writes the id `body` returns,
/// given the engine and the C listener. `userData` goes when the call fails,
/// or else when the subscription ends.
func subscribing(_ nav: OpaquePointer?, _ listener: ListenerFunction?, _ userData: UserData,
                 _ out: UnsafeMutablePointer<Int64>?,
                 _ body: (Engine, HostListener) throws(NavError) -> Int64) -> Int32 {
    Status.call { () throws(NavError) in
        let engine = try NavigatorHandle.from(nav)
        let listener = try Input.required(listener, "listener")
        let out = try Input.required(out, "subscription_out")
        out.pointee = try body(engine, HostListener(listener, userData))
    }
}

/// `int navcore_unsubscribe(navcore_navigator *nav, int64_t subscription)`.
@_cdecl("navcore_unsubscribe")
public func navcore_unsubscribe(_ nav: OpaquePointer?, _ subscription: Int64) -> Int32 {
    Status.call { () throws(NavError) in try NavigatorHandle.from(nav).unsubscribe(subscription) }
}
