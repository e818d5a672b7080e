import NavCore
import NavCoreJSON
import NavCoreSession

extension NavigatorHandle {
    /// Commits one change: refuses it from a listener past the cascade limit
    /// and from this navigator's guard, makes it under the lock with `change`
    /// (which writes the transition's texts, for `out` and for the listeners,
    /// before it commits, and is also given the navigator's guard), then hands
    /// them over. Nothing after the commit can fail. Returns false when
    /// `change` committed nothing (answered nil).
    @discardableResult
    func commit(_ out: TextOut?, _ change: (Session, Readers, HostGuard?) throws(NavError) -> Commit?) throws(NavError) -> Bool {
        try Delivery.checkCascade(for: self)
        try HostGuard.checkReentry(for: self)
        let texts = try guarded.withLock { (guarded) throws(NavError) -> Commit.Texts? in
            var readers: Readers = out == nil ? [] : .caller
            if !guarded.subscriptions.isEmpty { readers.insert(.listeners) }
            guard let commit = try change(guarded.session, readers, guarded.hostGuard) else { return nil }
            return commit.texts
        }
        guard let texts else { return false }
        out?.pointee = texts.caller
        if let text = texts.listeners { Delivery.deliver(text, for: self) }
        return true
    }

    /// Applies a batch: at once under the lock when the navigator has no
    /// guard; else through `Session.applyGuarded` in the batch's turn
    /// (`GuardTurns`), the guard asked without the lock (docs/conditions.md,
    /// "Redirects and guards").
    func apply(_ actions: [Action], _ out: TextOut?) throws(NavError) {
        var asked: (hostGuard: HostGuard, table: RouteTable)?
        let committed = try commit(out) { (session, readers, hostGuard) throws(NavError) -> Commit? in
            if let hostGuard {
                asked = (hostGuard, session.table)
                return nil
            }
            return try session.apply(actions, for: readers)
        }
        guard !committed, let asked else { return }
        try turns.inTurn { () throws(NavError) in
            try Session.applyGuarded(
            actions, table: asked.table,
                propose: { (batch) throws(NavError) in try withSession { (session) throws(NavError) in try session.propose(batch) } },
                judge: { proposal in asked.hostGuard.judge(proposal, for: self) },
                commit: { (proposal) throws(NavError) in
                    try commit(out) { (session, readers, _) throws(NavError) in try session.commit(proposal, for: readers) }
                })
        }
    }
}
