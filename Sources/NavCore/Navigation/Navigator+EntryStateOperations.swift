/// `set_entry_state`: attaching the app's saved state to an entry. Saved
/// state is view state, not navigation: it changes no stack, so on its own it
/// makes a transition with `"changed": false` (docs/restore.md).
extension Navigator {
    /// Sets (or, with nil or `.null`, removes) the saved state of the entry
    /// `id`, in whichever stack holds it: `saved`. `.noEntry` at `id` when no
    /// stack holds it, `.action` at `state` when the state breaks the limits of `JSONValue`.
    mutating func setEntryState(id: Int, to state: JSONValue?, _ batch: Batch) throws(NavError) -> ActionResult {
        let state = state == .null ? nil : state
        if let problem = state?.limitViolation {
            throw NavError(.action, at: "state", "saved state is \(problem)")
        }
        try replaceEntry(id: id, batch) { $0.with(state: state) }
        return .saved
    }

    /// Replaces the entry `id`, in whichever stack holds it, by
    /// `transform(entry)` (the same id) and returns the new value: the change
    /// is recorded for undo, and the entry is neither removed nor added. It
    /// moves no entry, so a compact split view keeps the column it shows
    /// (docs/structure.md). `.noEntry` at `id` when no stack holds it.
    @discardableResult
    mutating func replaceEntry(id: Int, _ batch: Batch, _ transform: (Entry) -> Entry) throws(NavError) -> EntryInStack {
        guard let (ref, index) = location(ofID: id) else {
            throw NavError(.noEntry, at: "id", "no entry with id \(id) in any stack")
        }
        let replaced = read(ref) { stack in EntryInStack(entry: transform(index.map { stack.path[$0] } ?? stack.root), stack: stack.name) }
        edit(ref, batch, showingDetail: false) { stack, record in
            guard let index else {
                record.setRoot(&stack, to: replaced.entry)
                return
            }
            let above = Array(stack.path[(index + 1)...])
            record.truncate(&stack, to: index)
            stack.push(replaced.entry)
            stack.push(contentsOf: above)
        }
        return replaced
    }

    /// The entry with `id`, in whichever stack holds it, or nil.
    public func entry(withID id: Int) -> Entry? {
        location(ofID: id).map { ref, index in read(ref) { stack in index.map { stack.path[$0] } ?? stack.root } }
    }

    /// The stack holding entry `id` and its path index (nil for the root), or nil.
    private func location(ofID id: Int) -> (StackRef, Int?)? {
        guard let ref = ref(holding: id) else { return nil }
        return (ref, read(ref) { $0.root.id == id ? nil : $0.pathIndex(ofID: id) })
    }
}

/// An entry and the name of the stack that holds it.
struct EntryInStack {
    /// The entry.
    let entry: Entry
    /// Its stack's name.
    let stack: String
}
