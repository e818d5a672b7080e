/// A split view's sidebar selection that needs a false condition
/// (docs/conditions.md): the selection is the detail stack's root, so no pop
/// takes it away; it gives way to the split view's root, as a tab that needs
/// one gives way to its container's first tab.
extension Navigator {
    /// When the root of the detail stack at `ref` (the sidebar selection)
    /// needs a false condition, restarts that stack at `root` (a new entry,
    /// and the container it holds as a new container's roots have) and notes
    /// the actions that put the selection and what stood on it back: a
    /// `select` (with `stack` when `around` names the detail stack) and a
    /// `set_stack` of its path. True when it did; `.limit` when no entry id
    /// is left.
    mutating func yieldSelection(of ref: StackRef, to root: Route, around: StackAddress?,
                                 _ removal: inout Removal, _ batch: Batch) throws(NavError) -> Bool {
        let (name, selection, path) = read(ref) { ($0.name, $0.root.route, $0.path.map(\.route.request)) }
        guard let condition = missingCondition(of: selection) else { return false }
        removal.note(condition)
        removal.actions.append(.select(selection.request, stack: around))
        if !path.isEmpty { removal.actions.append(.setStack(path, stack: around)) }
        let entry = try newEntry(root, .child(stack: name, level: level(of: ref)), batch)
        edit(ref, batch) { stack, record in record.replaceRoot(&stack, with: entry) }
        return true
    }
}
