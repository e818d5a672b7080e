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
        let marked = try replaceEntry(id: id, batch) { $0.with(blocker: reason) }
        batch.marks[id] = marked
        return reason == nil ? .blockerCleared : .blockerSet
    }

    /// The blocking entries `transition` removes (`markedRemovals`), other
    /// than those the batch proceeds past: none, or those a forced condition's
    /// change to false removed, which it overrides (`batch.forced`). Any other makes the batch
    /// blocked: `.blocked`, naming the first such entry, which the error carries.
    func checkBlockers(_ transition: Transition, of actions: [Action], _ batch: Batch) throws(NavError) -> [Entry] {
        var removed: [Entry] = []
        var first: BlockedRemoval?
        for marked in markedRemovals(transition, batch) where !batch.past.contains(marked.entry.id) {
            if batch.forced.contains(marked.entry.id) {
                removed.append(marked.entry)
            } else if first == nil {
                first = BlockedRemoval(entry: marked.entry, stack: marked.stack, actions: actions)
            }
        }
        // In id order: the order the changes list them in depends on how the batch was split.
        guard let first else { return removed.count > 1 ? removed.sorted { $0.id < $1.id } : removed }
        var error = NavError(.blocked, "entry \(first.entry.id) (\"\(first.entry.title)\" on stack \"\(first.stack)\") holds back this change: \(first.reason)")
        error.blocked = first
        throw error
    }

    /// The entries the batch removed that were marked when it removed them,
    /// with their stacks' names. Marks count in the order the batch sets them
    /// (docs/blockers.md): an entry's mark is the last one the batch set on it
    /// (it cannot mark an entry it already removed), else its mark from before
    /// the batch. First the entries marked before the batch and left alone, as
    /// the changes list them; then those the batch marked last, by id, found
    /// gone from every stack (an entry the batch added, marked and removed
    /// shows in no change). Costs a search only for the marks the batch set.
    private func markedRemovals(_ transition: Transition, _ batch: Batch) -> [EntryInStack] {
        var untouched = transition.changes.flatMap { change in
            change.removedBlockers.filter { batch.marks[$0.id] == nil }.map { EntryInStack(entry: $0, stack: change.stack) }
        }
        func collect(_ entry: Entry, _ stack: String) {
            let marked = batch.marks[entry.id]?.entry ?? entry
            if marked.blocker != nil { untouched.append(EntryInStack(entry: marked, stack: stack)) }
        }
        if !containers.isEmpty {
            // Removing an entry that holds a container removes everything in it.
            for change in transition.changes {
                for id in change.removed where holdsContainer(id) { forEachInSubtree(of: id, collect) }
            }
        }
        if presentations.coverStacks {
            // A presentation that goes takes the presentations over it along.
            for name in transition.dismissed {
                for over in presentations[name] { forEachBelow(over.stack, collect) }
            }
        }
        guard !batch.marks.isEmpty else { return untouched }
        let marked = batch.marks.values.filter { mark in
            mark.entry.blocker != nil && entry(withID: mark.entry.id) == nil && !untouched.contains { $0.entry.id == mark.entry.id }
        }
        return untouched + marked.sorted { $0.entry.id < $1.entry.id }
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
