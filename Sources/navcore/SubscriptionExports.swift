import NavCore

/// `int navcore_subscribe(navcore_navigator *nav, navcore_listener listener,
/// void *user_data, int64_t *subscription_out)`.
@_cdecl("navcore_subscribe")
public func navcore_subscribe(_ nav: OpaquePointer?, _ listener: ListenerFunction?,
                              _ userData: UnsafeMutableRawPointer?,
                              _ out: UnsafeMutablePointer<Int64>?) -> Int32 {
    Status.call { () throws(NavError) in
        let handle = try NavigatorHandle.from(nav)
        let listener = try Input.required(listener, "listener")
        let out = try Input.required(out, "subscription_out")
        out.pointee = handle.guarded.withLock { guarded in
            let id = guarded.nextSubscription
            guarded.nextSubscription += 1
            guarded.subscriptions[id] = Subscription(id: id, listener: listener, userData: userData)
            guarded.order.append(id)
            return id
        }
    }
}

/// `int navcore_unsubscribe(navcore_navigator *nav, int64_t subscription)`.
@_cdecl("navcore_unsubscribe")
public func navcore_unsubscribe(_ nav: OpaquePointer?, _ subscription: Int64) -> Int32 {
    Status.call { () throws(NavError) in
        let handle = try NavigatorHandle.from(nav)
        let removed = handle.guarded.withLock { guarded in
            guard guarded.subscriptions.removeValue(forKey: subscription) != nil else { return false }
            // The ids are in increasing order: find this one by binary search.
            var low = 0
            var high = guarded.order.count
            while low < high {
                let middle = low + (high - low) / 2
                if guarded.order[middle] < subscription { low = middle + 1 } else { high = middle }
            }
            guarded.order.remove(at: low)
            return true
        }
        guard removed else {
            throw NavError(.invalidArgument, at: "subscription", "no subscription with id \(subscription)")
        }
    }
}
