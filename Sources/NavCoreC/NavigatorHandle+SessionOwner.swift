import NavCore
import NavCoreSession

/// The handle as the owner of its session (`SessionOwner`): the lock, the
/// readers of a change and the guard; the session decides the rest. The
/// checks of a change are where their state is kept: `checkCascade` with the
/// listeners (Listeners.swift), `checkChange` (both, as every change needs) with the guard (GuardExports.swift).
extension NavigatorHandle: SessionOwner {
    /// Runs `body` under the lock; the listeners read a change's transition
    /// when there are any.
    func locked<T: Sendable>(caller: Bool, _ body: (Session, Readers, HostGuard?) throws(NavError) -> T) throws(NavError) -> T {
        try guarded.withLock { (guarded) throws(NavError) -> T in
            var readers: Readers = caller ? .caller : []
            if !guarded.subscriptions.isEmpty { readers.insert(.listeners) }
            return try body(guarded.session, readers, guarded.hostGuard)
        }
    }

    /// Hands the texts of a committed change over: to `out`, and to the
    /// listeners; nothing when nothing was committed. Then the view listeners
    /// get the view model, when it changed (ViewListeners.swift).
    func handOver(_ texts: CommittedChange.Texts?, _ out: TextOut?) {
        guard let texts else { return }
        out?.pointee = texts.caller
        if let text = texts.listeners { deliver(text) }
        deliverView()
    }
}
