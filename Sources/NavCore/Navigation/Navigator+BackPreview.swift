/// The one decision of the back rule (docs/structure.md), shared by `back`,
/// which takes the step, and the back preview, which only says what it would
/// do (Android's predictive back, iOS's interactive swipe).
enum BackStep: Equatable {
    /// Pop one entry of this stack: a presentation's, the active base
    /// stack's, or a stack of a container on the active path.
    case pop(Navigator.StackRef)
    /// Dismiss the top presentation over this owner (`Presentations.app`:
    /// the whole app; else a stack), which is at its root.
    case dismiss(over: String)
    /// Nothing: the top presentation over this owner is at its root and Back may not dismiss it.
    case held(over: String)
    /// Show the sidebar of the compact split view this holder holds, at its detail root.
    case toSidebar(Int)
    /// Select this tab of the tabs container this holder holds, the most recent of its tab history.
    case previousTab(Int, Int)
    /// Nothing: there is nowhere to go back to.
    case nothing

    /// The result `back` reports for the step (a pop in a container is
    /// `popped`; `Navigator.result(of:)` tells one inside a presentation).
    var result: ActionResult {
        switch self {
        case .pop(.presented): return .poppedPresentation
        case .pop(.contained): return .popped
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
    /// The step `back` takes now: the first level of the active path that
    /// acts, innermost first, each by the same rule (`levelBackStep`), up
    /// to the top presentation over the whole app or the root container's
    /// selected stack; nothing when none acts.
    var backStep: BackStep {
        backStep(from: activeRef)
    }

    /// `backStep`, where `leaf` is the active stack: most often it decides
    /// alone (it pops), and the path above is not walked.
    func backStep(from leaf: StackRef) -> BackStep {
        if let step = levelBackStep(leaf) { return step }
        for ref in activeChain.dropLast().reversed() {
            if let step = levelBackStep(ref) { return step }
        }
        return .nothing
    }

    /// The step the stack at `ref`, on the active path, takes; nil when the
    /// level above acts. A presentation (over the whole app, or over one
    /// stack of any level) pops, and at its root is dismissed or holds Back;
    /// a container's stack (the root container's included) pops; at that
    /// stack's root, the container's kind answers (`ContainerKind.backAtRoot`:
    /// tabs go to a previous tab, a compact split view shows its sidebar). A
    /// compact split view showing its sidebar lets the level above act.
    private func levelBackStep(_ ref: StackRef) -> BackStep? {
        switch ref {
        case .presented(let owner, _):
            let (popping, root) = read(ref) { ($0.path.isEmpty == false, $0.root.route.name) }
            if popping { return .pop(ref) }
            // The active path goes through the top presentation over each owner: the step takes that one.
            return table.definitions[root]?.dismissable ?? true ? .dismiss(over: owner) : .held(over: owner)
        case .contained(let holder, let child):
            // A pop, the most frequent step, reads the container in place and makes no kind.
            let found = readContainer(holder) { container -> (pops: Bool, sidebarShown: Bool)? in
                guard container.stacks.indices.contains(child) else { return nil }
                return (!container.stacks[child].path.isEmpty, container.state.split.sidebarShown)
            }
            guard let (pops, sidebarShown) = found ?? nil else { return nil }
            // Only a compact split view shows its sidebar.
            if sidebarShown, container(holder)?.kind.passesBack(state(of: holder)) == true { return nil }
            if pops { return .pop(ref) }
            return readContainer(holder) { $0.kind.backAtRoot($0.state, $0.layout.options, holder: holder) } ?? nil
        }
    }

    /// The result `back` reports for `step`: a pop in a container inside a
    /// presentation is `popped_presentation`, as a pop of the presentation's own stack.
    func result(of step: BackStep) -> ActionResult {
        guard case .pop(.contained) = step else { return step.result }
        // Without presentations over stacks, the active path passes through one only where it starts.
        guard presentations.coverStacks else { return layers.isEmpty ? .popped : .poppedPresentation }
        let presented = activeChain.contains { ref in
            if case .presented = ref { return true }
            return false
        }
        return presented ? .poppedPresentation : .popped
    }

    /// What shows once the stack at `ref` pops its top: the entry below it,
    /// or the leaf reached through the container that entry holds.
    func shown(afterPopping ref: StackRef) -> TopEntry {
        let after = read(ref) { stack in TopEntry(stack: stack.name, top: stack.path.dropLast().last ?? stack.root) }
        guard !containers.isEmpty, let container = containers[after.top.id] else { return after }
        return activeTop(from: .contained(holder: after.top.id, child: container.state.selected))
    }

    /// The active top when the leaf reached from `ref` is active.
    private func activeTop(from ref: StackRef) -> TopEntry {
        topEntry(of: descend(from: ref))
    }

    /// What `back` would do now (`navcore_back_preview`): its result, the
    /// active top it would leave, for a layer Back may not dismiss why, and
    /// the blocker that holds it back, if any.
    public var backPreview: BackPreview {
        let step = backStep
        var after: TopEntry
        switch step {
        case .pop(let ref):
            after = shown(afterPopping: ref)
        case .dismiss(let owner):
            // The presentation below the top one over the owner, else what the owner shows without them.
            let below = presentations.count(over: owner) - 2
            after = below >= 0 ? activeTop(from: .presented(over: owner, index: below))
                : owner.isEmpty ? activeTop(from: .root(selected))
                : (try? ref(named: owner)).map { activeTop(fromBelowLayers: $0) } ?? activeTop
        case .previousTab(let index, let owner):
            after = activeTop(from: StackRef.contained(holder: owner, child: index))
        case .toSidebar, .held, .nothing:
            after = activeTop
        }
        var reason: String?
        if case .held(let owner) = step, let layer = presentations[owner].last {
            reason = "presentation \"\(layer.stack.name)\" (\(layer.stack.root.title)) is not dismissable by Back"
                + " (its route \"\(layer.stack.root.route.name)\" declares \"dismissable\": false): only dismiss removes it"
        }
        var dropped: IntentEvent?
        if let pending {
            if case .dismiss(let owner) = step, pending.flowOwner ?? Presentations.app == owner,
               presentations[owner].last?.stack.root.id == pending.flowRootID {
                dropped = .flowDismissed(pending, table: table)
            }
        }
        var blocked = blocker(removedBy: step)
        if case .previousTab(_, let owner) = step, !containers.isEmpty,
           leavingResets(.contained(holder: owner, child: state(of: owner).selected)) {
            // The tab left starts afresh (`reset_on_leave`): what that removes is found by doing it.
            var trial = self
            do { _ = try trial.apply([.back()]) } catch { blocked = error.blocked }
        }
        return BackPreview(result: result(of: step), after: after, reason: reason, blocked: blocked, intent: dropped)
    }

    /// The blocking entry `step` removes (the entry it pops, or the root of
    /// the layer it dismisses), with its stack's name; nil when none.
    private func blocker(removedBy step: BackStep) -> BlockedRemoval? {
        let removed: (entry: Entry?, stack: String)
        switch step {
        case .pop(let ref): removed = read(ref) { ($0.path.last, $0.name) }
        case .dismiss(let owner): removed = (presentations[owner].last?.stack.root, presentations[owner].last?.stack.name ?? "")
        case .held, .toSidebar, .previousTab, .nothing: return nil
        }
        guard let entry = removed.entry else { return nil }
        if entry.blocker != nil { return BlockedRemoval(entry: entry, stack: removed.stack, actions: [.back()]) }
        // The entry goes with what it holds, and a presentation with what covers it.
        var found: BlockedRemoval?
        if !containers.isEmpty || presentations.coverStacks {
            var goes = false
            if case .dismiss = step { goes = true }
            forEachRemoved(with: entry, on: removed.stack, stackGoes: goes) { inner, stack in
                if found == nil, inner.blocker != nil { found = BlockedRemoval(entry: inner, stack: stack, actions: [.back()]) }
            }
        }
        return found
    }

    /// The active top when the presentations over `ref` are gone: the leaf
    /// reached through the container its top entry holds.
    private func activeTop(fromBelowLayers ref: StackRef) -> TopEntry {
        let top = read(ref) { TopEntry(stack: $0.name, top: $0.top) }
        guard let container = containers[top.top.id] else { return top }
        return activeTop(from: .contained(holder: top.top.id, child: container.state.selected))
    }
}
