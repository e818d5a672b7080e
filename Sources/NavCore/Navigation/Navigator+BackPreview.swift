/// The one decision of the back rule (docs/structure.md), shared by `back`,
/// which takes the step, and the back preview, which only says what it would
/// do (Android's predictive back, iOS's interactive swipe).
enum BackStep: Equatable {
    /// Pop one entry of this stack: the top layer's, or the active base stack's.
    case pop(Navigator.StackRef)
    /// Dismiss the top layer, which is at its root.
    case dismiss
    /// Nothing: the top layer is at its root and Back may not dismiss it.
    case held
    /// Show the sidebar of a compact split view at its detail root.
    case toSidebar
    /// Select this tab, the most recent of the tab history.
    case previousTab(Int)
    /// Nothing: there is nowhere to go back to.
    case nothing

    /// The result `back` reports for the step.
    var result: ActionResult {
        switch self {
        case .pop(.layer): return .poppedPresentation
        case .pop(.base): return .popped
        case .dismiss: return .dismissed
        case .held: return .heldByPresentation
        case .toSidebar: return .toSidebar
        case .previousTab: return .previousTab
        case .nothing: return .nothing
        }
    }
}

/// What `back` would do, without doing it.
public struct BackPreview: Equatable, Sendable {
    /// The result `back` would report (`popped`, `dismissed`, `held_by_presentation`, ...).
    public let result: ActionResult
    /// The active top `back` would leave: the stack and the entry it would show.
    public let after: TopEntry
    /// Why Back does nothing, for `held_by_presentation`; else nil.
    public let reason: String?
    /// The blocking entry `back` would remove (docs/blockers.md), with its
    /// stack: `back` then fails with `.blocked` and changes nothing, until the
    /// host proceeds past it and `back` does what `result` and `after` say.
    public let blocked: BlockedRemoval?
    /// The pending intent `back` would drop by dismissing its flow's layer
    /// (docs/conditions.md), as `back`'s transition would report it; else nil.
    public let intent: IntentEvent?
}

extension Navigator {
    /// The step `back` takes now, the first that applies: pop the top layer;
    /// dismiss it at its root (or be held by it); in a compact split view
    /// showing the sidebar, nothing; pop the active base stack; show the
    /// sidebar of a compact split view; return to the previous tab; nothing.
    var backStep: BackStep {
        if let top = layers.indices.last {
            if !layers[top].stack.path.isEmpty { return .pop(.layer(top)) }
            return table.definitions[layers[top].stack.root.route.name]?.dismissable ?? true ? .dismiss : .held
        }
        if split.sidebarShown { return .nothing }
        if !bases[selected].path.isEmpty { return .pop(.base(selected)) }
        if split.compact { return .toSidebar }
        if !table.tabs.isEmpty, table.options.backToPreviousTab, let previous = tabHistory.last { return .previousTab(previous) }
        return .nothing
    }

    /// What `back` would do now (`navcore_back_preview`): its result, the
    /// active top it would leave, for a layer Back may not dismiss why, and
    /// the blocker that holds it back, if any.
    public var backPreview: BackPreview {
        let step = backStep
        let after: TopEntry
        switch step {
        case .pop(let ref):
            after = read(ref) { stack in TopEntry(stack: stack.name, top: stack.path.dropLast().last ?? stack.root) }
        case .dismiss:
            let below = layers.dropLast().last?.stack ?? bases[selected]
            after = TopEntry(stack: below.name, top: below.top)
        case .previousTab(let index):
            after = TopEntry(stack: bases[index].name, top: bases[index].top)
        case .toSidebar, .held, .nothing:
            after = activeTop
        }
        var reason: String?
        if step == .held, let layer = layers.last {
            reason = "presentation \"\(layer.stack.name)\" (\(layer.stack.root.title)) is not dismissable by Back"
                + " (its route \"\(layer.stack.root.route.name)\" declares \"dismissable\": false): only dismiss removes it"
        }
        var dropped: IntentEvent?
        if step == .dismiss, let pending, let flow = layers.last, flow.stack.root.id == pending.flowRootID {
            dropped = .flowDismissed(pending, table: table)
        }
        return BackPreview(result: step.result, after: after, reason: reason, blocked: blocker(removedBy: step), intent: dropped)
    }

    /// The blocking entry `step` removes (the entry it pops, or the root of
    /// the layer it dismisses), with its stack's name; nil when none.
    private func blocker(removedBy step: BackStep) -> BlockedRemoval? {
        let removed: (entry: Entry?, stack: String)
        switch step {
        case .pop(let ref): removed = read(ref) { ($0.path.last, $0.name) }
        case .dismiss: removed = (layers.last?.stack.root, layers.last?.stack.name ?? "")
        case .held, .toSidebar, .previousTab, .nothing: return nil
        }
        guard let entry = removed.entry, entry.blocker != nil else { return nil }
        return BlockedRemoval(entry: entry, stack: removed.stack, actions: [.back()])
    }
}
