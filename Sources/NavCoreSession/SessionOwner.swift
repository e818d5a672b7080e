import NavCore

/// A host's guard as the session asks it (the C library's `navcore_guard`),
/// always without the owner's lock.
public protocol SessionGuard: Sendable {
    /// The guard's decision about `proposal`.
    func judge(_ proposal: Proposal) -> GuardDecision
}

/// What shares one session among threads (the C library's navigator handle):
/// it keeps the session behind its lock and knows the host's listeners and
/// guard. Everything else is decided here, in the extension: when a change is
/// refused, in which turn a guarded batch, a restore or a replay commits, and
/// which texts are written for whom. The owner then hands the texts over.
public protocol SessionOwner: AnyObject {
    /// The owner's kind of guard. A concrete type, not `any SessionGuard`:
    /// every change hands the guard (or its absence) around, and an
    /// existential costs an unguarded push hundreds of instructions in copies.
    associatedtype Judge: SessionGuard
    /// The turns of the guarded batches, restores and replays.
    var turns: GuardTurns { get }
    /// Refuses a change from a listener past the cascade limit (`Delivery.checkCascade`).
    func checkCascade() throws(NavError)
    /// Refuses a change from a listener past the cascade limit and from the
    /// owner's own guard, while it judges (`ThreadDeliveries.checkChange`).
    func checkChange() throws(NavError)
    /// Runs `body` under the lock, on the session, with the readers of a
    /// change's transition (`.caller` when `caller`, `.listeners` when there
    /// are listeners) and the guard, when one is set.
    func locked<T: Sendable>(caller: Bool, _ body: (Session, Readers, Judge?) throws(NavError) -> T) throws(NavError) -> T
}

extension SessionOwner {
    /// Makes one change: refuses it from a listener past the cascade limit
    /// and from the owner's guard, then makes it under the lock with `change`
    /// (which writes the transition's texts, for the caller and for the
    /// listeners, before it commits, and is also given the guard). Nil when
    /// `change` committed nothing. Nothing after the commit can fail.
    /// Inlinable, as `apply` is: the owner's copy is specialised for it, so
    /// that a push pays no generic dispatch (`make bench`, d).
    @inlinable
    public func change(caller: Bool, _ change: (Session, Readers, Judge?) throws(NavError) -> CommittedChange?)
        throws(NavError) -> CommittedChange.Texts? {
        try checkChange()
        return try locked(caller: caller) { (session, readers, judge) throws(NavError) -> CommittedChange.Texts? in
            try change(session, readers, judge)?.texts
        }
    }

    /// Applies a batch: at once under the lock when the owner has no guard;
    /// else through `Session.applyGuarded` in the batch's turn (`GuardTurns`),
    /// the guard asked without the lock (docs/conditions.md, "Redirects and
    /// guards"). Each proposal asks the guard set at that moment; once there is
    /// none, the batch is applied at once. The texts are handed over after the
    /// turn. Inlinable, with the unguarded path alone in it, so that a push
    /// without a guard pays no generic dispatch (`make bench`, d).
    @inlinable
    public func apply(_ actions: [Action], caller: Bool) throws(NavError) -> CommittedChange.Texts? {
        var judging: (judge: Judge, table: RouteTable)?
        let texts = try change(caller: caller) { (session, readers, judge) throws(NavError) -> CommittedChange? in
            guard let judge else { return try session.apply(actions, for: readers, describing: false) }
            judging = (judge, session.table)
            return nil
        }
        guard let first = judging else { return texts }
        return try applyJudged(actions, caller: caller, first: first)
    }

    /// The guarded path of `apply`: the batch in its turn, proposed, judged by
    /// the guard `first` (or the one set when it is proposed again) and
    /// committed, on `first.table`.
    @usableFromInline
    func applyJudged(_ actions: [Action], caller: Bool,
                     first: (judge: Judge, table: RouteTable)) throws(NavError) -> CommittedChange.Texts? {
        var judging = first
        var texts: CommittedChange.Texts?
        /// Applies `batch` if the owner has no guard any more; else notes the guard.
        func unguarded(_ batch: [Action]) throws(NavError) -> CommittedChange.Texts? {
            try change(caller: caller) { (session, readers, judge) throws(NavError) -> CommittedChange? in
                guard let judge else { return try session.apply(batch, for: readers) }
                judging = (judge, session.table)
                return nil
            }
        }
        try turns.inTurn { () throws(NavError) in
            try Session.applyGuarded(
                actions, table: first.table,
                propose: { (batch) throws(NavError) -> Proposal? in
                    texts = try unguarded(batch)
                    if texts != nil { return nil }
                    return try locked(caller: false) { (session, _, _) throws(NavError) in try session.propose(batch) }
                },
                judge: { proposal in judging.judge.judge(proposal) },
                commit: { (proposal) throws(NavError) in
                    texts = try change(caller: caller) { (session, readers, _) throws(NavError) in
                        try session.commit(proposal, for: readers)
                    }
                    return texts != nil
                })
        }
        return texts
    }

    /// Restores snapshot text (docs/restore.md): refused from a listener past
    /// the cascade limit before any work; the snapshot read and `validator`
    /// asked without the lock, on the table of that moment (`prepareRestore`);
    /// the result adopted in a turn (`adopt`). Only the listeners read its
    /// transition; the report's text, when `wantsReport`, is written at the
    /// commit, since what the restore does with the pending intent depends on
    /// the condition values then.
    public func restore(_ text: UnsafePointer<CChar>, validator: RestoreValidator?, wantsReport: Bool)
        throws(NavError) -> (texts: CommittedChange.Texts?, report: UnsafeMutablePointer<CChar>?) {
        let restoration = try Session.prepareRestore(text, table: try tableForRestore(), validator: validator)
        return try adopt(restoration.navigator, cause: .restore, report: wantsReport ? restoration.report : nil, caller: false)
    }

    /// Replays action log text (docs/restore.md): in the steps of `restore`,
    /// the log replayed without the lock.
    public func replay(_ text: UnsafePointer<CChar>, caller: Bool) throws(NavError) -> CommittedChange.Texts? {
        let replayed = try Session.prepareReplay(text, table: try tableForRestore())
        return try adopt(replayed, cause: .replay, caller: caller).texts
    }

    /// The table a restore or a replay builds on; refused first from a
    /// listener past the cascade limit, before any work.
    private func tableForRestore() throws(NavError) -> RouteTable {
        try checkCascade()
        return try locked(caller: false) { (session, _, _) in session.table }
    }

    /// Commits a restored or replayed state (`Session.adopt`) in a turn of
    /// the guarded batches (`GuardTurns`), so that restores cannot overtake a
    /// guarded batch round after round. Returns the texts, and the text of a
    /// restore's `report` as the commit settled it.
    private func adopt(_ state: Navigator, cause: Cause, report: RestoreReport? = nil, caller: Bool)
        throws(NavError) -> (texts: CommittedChange.Texts?, report: UnsafeMutablePointer<CChar>?) {
        var reportText: UnsafeMutablePointer<CChar>?
        let texts = try turns.inTurn { () throws(NavError) in
            try change(caller: caller) { (session, readers, _) throws(NavError) in
                let change = try session.adopt(state, cause: cause, report: report, for: readers)
                reportText = change.report
                return change
            }
        }
        return (texts, reportText)
    }
}
