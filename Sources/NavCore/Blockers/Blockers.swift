/// Blockers (docs/blockers.md): an entry marked by the host (an unsaved
/// draft) holds back every batch that would remove it, whatever the action,
/// until the host proceeds past it or a forced condition overrides it.
extension Navigator {
    /// The longest reason a blocker may give, in bytes of UTF-8.
    public static let maxBlockerReasonBytes = 1024

    /// `set_blocker`: marks entry `id` (`blockerSet`) or, with no reason,
    /// clears its mark (`blockerCleared`). Like saved state, the mark changes
    /// no stack: on its own the transition says `"changed": false`.
    mutating func setBlocker(id: Int, reason: String?, _ batch: Batch) throws(NavError) -> ActionResult {
        if let reason {
            guard !reason.isEmpty else { throw NavError(.action, at: "reason", "must not be empty (null clears the blocker)") }
            guard reason.utf8.count <= Navigator.maxBlockerReasonBytes else {
                throw NavError(.action, at: "reason", "longer than \(Navigator.maxBlockerReasonBytes) bytes")
            }
            if let problem = ParamType.controlCharacterProblem(reason) { throw NavError(.action, at: "reason", problem) }
        }
        try replaceEntry(id: id, batch) { $0.with(blocker: reason) }
        return reason == nil ? .blockerCleared : .blockerSet
    }

    /// The blocking entries `transition` removes, other than those the batch
    /// proceeds past: none, or those a forced condition's change to false
    /// removed, which it overrides (`batch.forced`). Any other makes the batch
    /// blocked: `.blocked`, naming the first such entry, which the error carries.
    func checkBlockers(_ transition: Transition, of actions: [Action], _ batch: Batch) throws(NavError) -> [Entry] {
        var removed: [Entry] = []
        var first: BlockedRemoval?
        for change in transition.changes {
            for entry in change.removedBlockers where !batch.past.contains(entry.id) {
                if batch.forced.contains(entry.id) {
                    removed.append(entry)
                } else if first == nil {
                    first = BlockedRemoval(entry: entry, stack: change.stack, actions: actions)
                }
            }
        }
        guard let first else { return removed }
        var error = NavError(.blocked, "entry \(first.entry.id) (\"\(first.entry.title)\" on stack \"\(first.stack)\") holds back this change: \(first.reason)")
        error.blocked = first
        throw error
    }
}

/// The blocking entry that held back a batch, and the batch.
public struct BlockedRemoval: Equatable, Sendable {
    /// The entry, as it was.
    public let entry: Entry
    /// The name of the stack it is on.
    public let stack: String
    /// The batch it held back, as asked.
    public let actions: [Action]
    /// What proceeds past it: set by the owner of the navigator (the session), empty until then.
    public var token = ""

    /// Its blocker's reason.
    public var reason: String { entry.blocker ?? "" }
}
