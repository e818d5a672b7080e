import NavCore
import NavCoreJSON
import NavCoreSession

extension NavigatorHandle {
    /// Commits one change: refuses it from a listener past the cascade limit,
    /// makes it under the lock with `change` (which writes the transition's
    /// texts, for `out` and for the listeners, before it commits), then hands
    /// them over. Nothing after the commit can fail.
    func commit(_ out: TextOut?, _ change: (Session, Readers) throws(NavError) -> Commit) throws(NavError) {
        try Delivery.checkCascade(for: self)
        let texts = try guarded.withLock { (guarded) throws(NavError) in
            var readers: Readers = out == nil ? [] : .caller
            if !guarded.subscriptions.isEmpty { readers.insert(.listeners) }
            return try change(guarded.session, readers).texts
        }
        out?.pointee = texts.caller
        if let text = texts.listeners { Delivery.deliver(text, for: self) }
    }
}
