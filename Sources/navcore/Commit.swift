import NavCore
import NavCoreSession

extension NavigatorHandle {
    /// Commits one change that the navigator's guard is not asked about
    /// (`committedTexts`), then hands its texts over.
    func commit(_ out: TextOut?, _ change: (Session, Readers) throws(NavError) -> Commit) throws(NavError) {
        let texts = try committedTexts(out) { (session, readers, _) throws(NavError) in try change(session, readers) }
        if let texts { handOver(texts, out) }
    }

    /// Makes one change: refuses it from a listener past the cascade limit and
    /// from this navigator's guard, then makes it under the lock with `change`
    /// (which writes the transition's texts, for `out` and for the listeners,
    /// before it commits, and is also given the navigator's guard). Nil when
    /// `change` committed nothing. Nothing after the commit can fail.
    func committedTexts(_ out: TextOut?, _ change: (Session, Readers, HostGuard?) throws(NavError) -> Commit?) throws(NavError) -> Commit.Texts? {
        try Delivery.checkCascade(for: self)
        try HostGuard.checkReentry(for: self)
        return try guarded.withLock { (guarded) throws(NavError) -> Commit.Texts? in
            var readers: Readers = out == nil ? [] : .caller
            if !guarded.subscriptions.isEmpty { readers.insert(.listeners) }
            guard let commit = try change(guarded.session, readers, guarded.hostGuard) else { return nil }
            return commit.texts
        }
    }

    /// Hands the texts of a committed change over: to `out`, and to the listeners.
    func handOver(_ texts: Commit.Texts, _ out: TextOut?) {
        out?.pointee = texts.caller
        if let text = texts.listeners { Delivery.deliver(text, for: self) }
    }

    /// Commits a restored or replayed state (`Session.adopt`) in a turn of
    /// the guarded batches (`GuardTurns`), so that restores cannot overtake a
    /// guarded batch round after round; listeners hear of it after the turn.
    /// Returns the text of a restore's `report`, as the commit settled it.
    @discardableResult
    func adopt(_ state: Navigator, cause: Cause, report: RestoreReport? = nil, _ out: TextOut?) throws(NavError) -> UnsafeMutablePointer<CChar>? {
        var reportText: UnsafeMutablePointer<CChar>?
        let texts = try turns.inTurn { () throws(NavError) in
            try committedTexts(out) { (session, readers, _) throws(NavError) in
                let commit = try session.adopt(state, cause: cause, report: report, for: readers)
                reportText = commit.report
                return commit
            }
        }
        if let texts { handOver(texts, out) }
        return reportText
    }

    /// Applies a batch: at once under the lock when the navigator has no
    /// guard; else through `Session.applyGuarded` in the batch's turn
    /// (`GuardTurns`), the guard asked without the lock (docs/conditions.md,
    /// "Redirects and guards"). Each proposal asks the guard set at that
    /// moment; once there is none, the batch is applied at once. Listeners
    /// hear of the change after the turn.
    func apply(_ actions: [Action], _ out: TextOut?) throws(NavError) {
        var judging: (hostGuard: HostGuard, table: RouteTable)?
        /// Applies `batch` if the navigator has no guard; else notes the guard.
        func unguarded(_ batch: [Action]) throws(NavError) -> Commit.Texts? {
            try committedTexts(out) { (session, readers, hostGuard) throws(NavError) -> Commit? in
                guard let hostGuard else { return try session.apply(batch, for: readers) }
                judging = (hostGuard, session.table)
                return nil
            }
        }
        var texts = try unguarded(actions)
        if texts == nil, let first = judging {
            try turns.inTurn { () throws(NavError) in
                try Session.applyGuarded(
                    actions, table: first.table,
                    propose: { (batch) throws(NavError) -> Proposal? in
                        texts = try unguarded(batch)
                        if texts != nil { return nil }
                        return try withSession { (session) throws(NavError) in try session.propose(batch) }
                    },
                    judge: { proposal in (judging ?? first).hostGuard.judge(proposal, for: self) },
                    commit: { (proposal) throws(NavError) in
                        texts = try committedTexts(out) { (session, readers, _) throws(NavError) in
                            try session.commit(proposal, for: readers)
                        }
                        return texts != nil
                    })
            }
        }
        if let texts { handOver(texts, out) }
    }
}
