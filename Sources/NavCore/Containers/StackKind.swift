/// A container of one stack, `main`: the navigator's root in a table with
/// neither tabs nor a split view. It adds no rule to the tree's: Back at
/// its root lets nothing act, and its documents write no selection.
struct StackKind {
    /// The stack's root route.
    let root: Route

    /// Why `route` cannot be the root of `stack`, or nil when it can: only
    /// the declared root can (`ofTable`: the table's root route).
    func rootProblem(_ route: Route, of stack: String, ofTable: Bool) -> String? {
        guard route != root else { return nil }
        return ofTable ? "the root of stack \"\(stack)\" must be the table's root route \"\(root.name)\""
                       : "the root of stack \"\(stack)\" must be \"\(root.name)\""
    }
}
