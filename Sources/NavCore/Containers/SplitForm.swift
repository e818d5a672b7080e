/// A split view's columns (docs/structure.md): side by side, or collapsed to
/// one column (`compact`, a narrow window) that shows the sidebar or the
/// detail stack. Navigation state: set by `set_compact`, logged, replayed and
/// restored.
public struct SplitForm: Equatable, Sendable {
    /// Whether the split view is collapsed to one column.
    public private(set) var compact: Bool
    /// In compact form, whether the one column shows the sidebar (else the
    /// detail stack). Always false when not compact.
    public private(set) var sidebarShown: Bool

    /// A form; `sidebarShown` only holds when `compact` does.
    public init(compact: Bool = false, sidebarShown: Bool = false) {
        self.compact = compact
        self.sidebarShown = compact && sidebarShown
    }
}

extension Navigator {
    /// `set_compact`: collapses the split view (showing the detail stack) or
    /// expands it; `compactSet`, or `unchanged` when it already is so. The
    /// split view is the one `stack` addresses (`splitOwner`): `.action`
    /// when there is none.
    mutating func setCompact(_ compact: Bool, around stack: StackAddress?, _ batch: Batch) throws(NavError) -> ActionResult {
        let owner = try splitOwner(around: stack, for: "set_compact")
        guard state(of: owner).split.compact != compact else { return .unchanged }
        modifyState(of: owner, batch) { $0.setCompact(compact) }
        return .compactSet
    }
}
