extension Navigator {
    /// Takes over the state of `restored` (built on this navigator's table by a
    /// restore or a replay) and returns the transition from the old state.
    /// A restore keeps this navigator's condition values (the host owns them).
    public mutating func adopt(_ restored: Navigator, cause: Cause) -> Transition {
        let (restored, intent) = fitting(restored, cause: cause)
        let transition = Transition.replacing(self, with: restored, cause: cause, intent: intent)
        self = restored
        return transition
    }

    /// Takes over the state of `restored` once `finish` has run on the
    /// transition from the old state; when `finish` fails, nothing changes.
    /// A restore keeps this navigator's condition values.
    public mutating func adopt<Finished>(
        _ restored: Navigator, cause: Cause, finishing finish: (Transition) throws(NavError) -> Finished
    ) throws(NavError) -> (transition: Transition, finished: Finished) {
        let (restored, intent) = fitting(restored, cause: cause)
        let transition = Transition.replacing(self, with: restored, cause: cause, intent: intent)
        let finished = try finish(transition)
        self = restored
        return (transition, finished)
    }

    /// `adopt(_:cause:finishing:)`, building the transition only when
    /// `describing` (`finish` then gets it); `finish` also gets what the
    /// adoption did to the pending intent, and the outcome says whether
    /// anything changed and what to announce, found by comparing the states.
    public mutating func adopt<Finished>(
        _ restored: Navigator, cause: Cause, describing: Bool,
        finishing finish: (Transition?, IntentEvent?) throws(NavError) -> Finished
    ) throws(NavError) -> (outcome: Outcome, finished: Finished) {
        let (restored, held) = fitting(restored, cause: cause)
        let intent = held ?? Transition.heldIntent(replacing: pending, with: restored)
        let transition = describing ? Transition.replacing(self, with: restored, cause: cause, intent: held) : nil
        let finished = try finish(transition, intent)
        // Comparing two trees in place would repeat the transition's walk: a tree's announcement comes from its transition.
        let tree = !containers.isEmpty || presentations.coverStacks || !restored.containers.isEmpty || restored.presentations.coverStacks
        let announcement = if let described = transition ?? (tree ? Transition.replacing(self, with: restored, cause: cause, intent: held) : nil) {
            Announcement(of: described)
        } else {
            Announcement(replacing: self, with: restored, intent: intent)
        }
        self = restored
        return (Outcome(seq: seq, changed: announcement != nil, transition: transition, batch: nil, announcement: announcement), finished)
    }

    /// The state to take over, and what a restore did to the pending intent.
    /// A restore keeps this navigator's condition values (conditions are facts
    /// about now, which a snapshot cannot know) and holds the restored screens
    /// that need a false one (`settled`); a replay reproduces the recorded state.
    private func fitting(_ restored: Navigator, cause: Cause) -> (Navigator, IntentEvent?) {
        guard cause == .restore else { return (restored, nil) }
        var restored = restored
        restored.takeConditions(conditions)
        // A snapshot without a locale (an older one) keeps this navigator's.
        if restored.locale == nil, locale != nil { restored.take(locale: locale) }
        return settled(restored)
    }

    /// Restores a snapshot on this navigator's table and takes over the result:
    /// the transition (cause `restore`) and the report. Throws `.restore`, and
    /// changes nothing, for an unusable snapshot.
    public mutating func restore(_ snapshot: Snapshot, validator: RestoreValidator? = nil) throws(NavError) -> (transition: Transition, report: RestoreReport) {
        let restoration = try Navigator.restoring(snapshot, table: table, validator: validator)
        let transition = adopt(restoration.navigator, cause: .restore)
        return (transition, restoration.report.settled(by: transition))
    }

    /// Rebuilds on `table` the state a log recorded: restores its base exactly,
    /// then applies its batches and restores its snapshots in order. Anything
    /// that does not replay exactly (a snapshot that needs migrating or loses an
    /// entry, a batch that fails or gives another `seq`) is `.restore`, located
    /// at `base` or `batches[i]`.
    public static func replaying(_ log: ActionLog<Snapshot>, table: RouteTable) throws(NavError) -> Navigator {
        var navigator = try exactly(log.base, on: table, at: "base")
        for (index, record) in log.records.enumerated() {
            let location = "batches[\(index)]"
            switch record {
            case .actions(let actions, let seq, let past):
                do {
                    _ = try navigator.apply(actions, past: past)
                } catch {
                    throw NavError(.restore, at: location, error.message)
                }
                guard navigator.seq == seq else {
                    throw NavError(.restore, at: "\(location).seq", "recorded \(seq), replayed \(navigator.seq)")
                }
            case .restore(let snapshot, _):
                navigator = try exactly(snapshot, on: table, at: "\(location).snapshot")
            }
        }
        return navigator
    }

    /// A snapshot restored with nothing migrated, dropped, restarted or decided;
    /// routes that are never restored after a relaunch are kept, as recorded.
    private static func exactly(_ snapshot: Snapshot, on table: RouteTable, at location: String) throws(NavError) -> Navigator {
        let restoration: Restoration
        do {
            restoration = try restoring(snapshot, table: table, replaying: true)
        } catch {
            throw error.under(location)
        }
        let report = restoration.report
        guard report.isExact else {
            let problem = report.fromVersion != report.toVersion
                ? "recorded with table version \(report.fromVersion), this table is version \(report.toVersion)"
                : report.dropped.first.map { "entry \($0.id) does not restore: \($0.message)" }
                    ?? report.notes.first ?? "a stack restarts at its root"
            throw NavError(.restore, at: location, "the log does not fit this route table: \(problem)")
        }
        return restoration.navigator
    }
}
