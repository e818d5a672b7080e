import NavCore
import NavCoreJSON

/// The changes, by the engine's rules: each is refused from a listener past
/// the cascade limit and from the engine's own guard while it judges
/// (`ThreadDeliveries.checkChange`), made under the lock, then handed over:
/// the transition to the listeners, the view model to the view listeners
/// when it changed (Engine+Delivery.swift), the caller's text returned
/// (owned by the caller). A batch a blocker holds back is reported to the
/// blocked listeners before its error is thrown.
extension Engine {
    /// Applies a batch as one change: at once under the lock without a
    /// guard, else in the batch's turn (`GuardTurns`), the guard asked without
    /// the lock (docs/conditions.md, "Redirects and guards"). The caller's
    /// transition text when `wantsTransition`; nil when nothing was committed.
    public func apply(_ actions: [Action], wantsTransition: Bool) throws(NavError) -> UnsafeMutablePointer<CChar>? {
        let deliveries = ThreadDeliveries.current
        let texts = try reportingBlocked { () throws(NavError) in try applying(actions, caller: wantsTransition, deliveries) }
        return handOver(texts, deliveries)
    }

    /// Applies the batch `token` names past its blocker (`Session.proceed`);
    /// the caller's transition text when `wantsTransition`.
    public func proceed(_ token: String, wantsTransition: Bool) throws(NavError) -> UnsafeMutablePointer<CChar>? {
        let deliveries = ThreadDeliveries.current
        let texts = try reportingBlocked { () throws(NavError) in
            try change(caller: wantsTransition, deliveries) { (session, readers, _) throws(NavError) in try session.proceed(token, for: readers).texts }
        }
        return handOver(texts, deliveries)
    }

    /// Takes the result entry `id` holds (`Session.takeResult`) and returns
    /// its text. Nothing else is written or delivered: no listener reads a
    /// transition of it.
    public func takeResult(_ id: Int) throws(NavError) -> UnsafeMutablePointer<CChar> {
        try ThreadDeliveries.current.checkChange(key)
        return try locked(caller: false) { (session, _, _) throws(NavError) in OwnedDocument(text: try session.takeResult(id)) }.text
    }

    /// Restores snapshot text (docs/restore.md): refused from a listener past
    /// the cascade limit before any work; the snapshot read and `validator`
    /// asked without the lock, on the table of that moment; the result
    /// committed in a turn of the guarded batches, so that restores cannot
    /// overtake a guarded batch round after round. Only the listeners read its
    /// transition. The report's text when `wantsReport`, written at the commit,
    /// since what the restore does with the pending intent depends on the
    /// condition values then.
    public func restore(_ text: UnsafePointer<CChar>, validator: RestoreValidator?, wantsReport: Bool)
        throws(NavError) -> UnsafeMutablePointer<CChar>? {
        let deliveries = ThreadDeliveries.current
        let restoration = try Session.prepareRestore(text, table: try tableForRestore(deliveries), validator: validator)
        let adopted = try adopt(restoration.navigator, cause: .restore, report: wantsReport ? restoration.report : nil,
                                caller: false, deliveries)
        _ = handOver(adopted.texts, deliveries)
        return adopted.report
    }

    /// Replays action log text (docs/restore.md) in the steps of `restore`,
    /// the log replayed without the lock; the caller's transition text when
    /// `wantsTransition`.
    public func replay(_ text: UnsafePointer<CChar>, wantsTransition: Bool) throws(NavError) -> UnsafeMutablePointer<CChar>? {
        let deliveries = ThreadDeliveries.current
        let replayed = try Session.prepareReplay(text, table: try tableForRestore(deliveries))
        return handOver(try adopt(replayed, cause: .replay, caller: wantsTransition, deliveries).texts, deliveries)
    }

    // MARK: - Steps

    /// `apply` without the hand-over: with no guard, at once; with one, in
    /// the guarded path (`applyJudged`).
    private func applying(_ actions: [Action], caller: Bool, _ deliveries: ThreadDeliveries) throws(NavError) -> CommittedChange.Texts? {
        // Only the guard is noted: a copy of the table would cost an unguarded push its copies.
        var judging: HostGuard?
        let texts = try change(caller: caller, deliveries) { (session, readers, judge) throws(NavError) -> CommittedChange.Texts? in
            guard let judge else { return try session.apply(actions, for: readers, describing: false).texts }
            judging = judge
            return nil
        }
        guard let first = judging else { return texts }
        return try applyJudged(actions, caller: caller, first: first, deliveries)
    }

    /// The guarded path of `apply` (`Session.applyGuarded`): the batch in its
    /// turn, proposed, judged by the guard `first` (or the one set when it is
    /// proposed again) and committed, on the session's table. Once there is
    /// no guard any more, the batch is applied at once.
    private func applyJudged(_ actions: [Action], caller: Bool, first: HostGuard,
                             _ deliveries: ThreadDeliveries) throws(NavError) -> CommittedChange.Texts? {
        let table = try withSession { (session) in session.table }
        var judging = first
        var texts: CommittedChange.Texts?
        /// Applies `batch` if there is no guard any more; else notes the guard.
        func unguarded(_ batch: [Action]) throws(NavError) -> CommittedChange.Texts? {
            try change(caller: caller, deliveries) { (session, readers, judge) throws(NavError) -> CommittedChange.Texts? in
                guard let judge else { return try session.apply(batch, for: readers).texts }
                judging = judge
                return nil
            }
        }
        try turns.inTurn { () throws(NavError) in
            try Session.applyGuarded(
                actions, table: table,
                propose: { (batch) throws(NavError) -> Proposal? in
                    texts = try unguarded(batch)
                    if texts != nil { return nil }
                    return try locked(caller: false) { (session, _, _) throws(NavError) in try session.propose(batch) }
                },
                judge: { proposal in ask(judging, proposal, deliveries) },
                commit: { (proposal) throws(NavError) in
                    texts = try change(caller: caller, deliveries) { (session, readers, _) throws(NavError) in
                        try session.commit(proposal, for: readers)?.texts
                    }
                    return texts != nil
                })
        }
        return texts
    }

    /// Asks `hostGuard` about `proposal` with its document, without the lock,
    /// the engine marked as judged on this thread (a change to it from the
    /// guard is refused: the guard answers with a redirect instead).
    private func ask(_ hostGuard: HostGuard, _ proposal: Proposal, _ deliveries: ThreadDeliveries) -> GuardDecision {
        let text: UnsafeMutablePointer<CChar>
        do {
            text = try proposal.text()
        } catch {
            return .failed(error)
        }
        defer { OwnedText.free(text) }
        return deliveries.judging(key) { hostGuard.judge(text) }
    }

    /// The table a restore or a replay builds on; refused first from a
    /// listener past the cascade limit, before any work.
    private func tableForRestore(_ deliveries: ThreadDeliveries) throws(NavError) -> RouteTable {
        try deliveries.checkCascade(key)
        return try withSession { (session) in session.table }
    }

    /// Commits a restored or replayed state (`Session.adopt`) in a turn of
    /// the guarded batches. Returns the texts, and the text of a restore's
    /// `report` as the commit settled it.
    private func adopt(_ state: Navigator, cause: Cause, report: RestoreReport? = nil, caller: Bool, _ deliveries: ThreadDeliveries)
        throws(NavError) -> (texts: CommittedChange.Texts?, report: UnsafeMutablePointer<CChar>?) {
        var reportText: UnsafeMutablePointer<CChar>?
        let texts = try turns.inTurn { () throws(NavError) in
            try change(caller: caller, deliveries) { (session, readers, _) throws(NavError) in
                let change = try session.adopt(state, cause: cause, report: report, for: readers)
                reportText = change.report
                return change.texts
            }
        }
        return (texts, reportText)
    }

    /// Makes one change with `body` under the lock, refused first from a
    /// listener past the cascade limit and from the engine's guard; `body`
    /// writes the transition's texts before it commits and returns them
    /// (not the whole `CommittedChange`, whose copies would cost a push), and
    /// is also given the guard. Nil when `body` committed nothing. Nothing
    /// after the commit can fail.
    private func change(caller: Bool, _ deliveries: ThreadDeliveries,
                        _ body: (Session, Readers, HostGuard?) throws(NavError) -> CommittedChange.Texts?)
        throws(NavError) -> CommittedChange.Texts? {
        try deliveries.checkChange(key)
        return try locked(caller: caller, body)
    }

    /// Runs `body` under the lock, on the session, with the readers of a
    /// change's transition (`.caller` when `caller`, `.listeners` when there
    /// are transition listeners) and the guard, when one is set.
    private func locked<T: Sendable>(caller: Bool, _ body: (Session, Readers, HostGuard?) throws(NavError) -> T) throws(NavError) -> T {
        try state.withLock { (state) throws(NavError) -> T in
            var readers: Readers = caller ? .caller : []
            if !state.listeners.isEmpty { readers.insert(.listeners) }
            return try body(state.session, readers, state.hostGuard)
        }
    }
}
