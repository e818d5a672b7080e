extension Transition {
    /// The transition of a restore or replay that replaced the state `before`
    /// by `after` (both on the same table). Entries are compared by value: one
    /// that keeps its id but not its title or saved state is removed and added
    /// again. Layers are matched by name and style. The change counter is the
    /// restored one, `after.seq`. Conditions whose value differs are listed,
    /// and the pending intent: `intent`, or else a restored one that differs
    /// from the one before, as held.
    static func replacing(_ before: Navigator, with after: Navigator, cause: Cause, intent: IntentEvent? = nil) -> Transition {
        var changes = zip(before.bases, after.bases).map { old, new in
            StackChange(stack: new.name, before: old.entries, after: new.entries, comparingValues: true)
        }
        let layers = LayerMatch(before.layers, after.layers)
        changes += layers.changes
        var presented = layers.presented, dismissed = layers.dismissed, containers: [ContainerChange] = []
        if !before.containers.isEmpty || before.presentations.coverStacks || !after.containers.isEmpty || after.presentations.coverStacks {
            let old = Tree(before), new = Tree(after)
            let oldStacks = Dictionary(old.stacks.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
            changes += new.stacks.compactMap { stack in
                oldStacks[stack.name].map { StackChange(stack: stack.name, before: $0.entries, after: stack.entries, comparingValues: true) }
            }
            // Presentations over one stack come after the others in each list.
            let owned = LayerMatch(old.owned, new.owned)
            changes += owned.changes
            presented += owned.presented
            dismissed += owned.dismissed
            containers = new.holders.compactMap { holder in
                guard let container = after.containers[holder], let start = before.containers[holder], start.name == container.name else { return nil }
                return ContainerChange(container, since: start.state)
            }
        }
        var tab: (before: String, after: String)?
        if let old = before.selectedTab, let new = after.selectedTab, old != new { tab = (old, new) }
        let history = before.tabHistory == after.tabHistory ? nil : after.tabHistory.map { after.bases[$0].name }
        var transition = Transition(
            seq: after.seq, cause: cause, results: [cause == .replay ? .replayed : .restored],
            changes: changes.filter { !$0.isEmpty }, presented: presented, dismissed: dismissed, tab: tab, tabHistory: history,
            before: before.activeTop,
            after: after.activeTop,
            conditions: after.conditionChanges(since: before.conditions),
            split: before.split == after.split ? nil : after.split,
            intent: intent ?? heldIntent(replacing: before.pending, with: after))
        transition.containers = containers
        if before.locale != after.locale { transition.locale = LocaleChange(before: before.locale, after: after.locale) }
        return transition.changed ? transition : transition.unchanged(seq: after.seq)
    }

    /// A restored pending intent that differs from the one `before`, as held.
    static func heldIntent(replacing before: PendingIntent?, with after: Navigator) -> IntentEvent? {
        before == after.pending ? nil : after.pending.map { IntentEvent(.held, $0, table: after.table) }
    }
}

/// Two lists of layers matched by name and style: the changes of the
/// dismissed ones (all their entries removed), then of each later one
/// (compared by value, or all added when it is new), and which were
/// presented and dismissed.
private struct LayerMatch {
    private(set) var changes: [StackChange] = []
    private(set) var presented: [PresentedLayer] = []
    let dismissed: [String]

    init(_ before: [Layer], _ after: [Layer]) {
        func same(_ a: Layer, _ b: Layer) -> Bool { a.stack.name == b.stack.name && a.style == b.style }
        let gone = before.filter { old in !after.contains { same(old, $0) } }
        dismissed = gone.map(\.stack.name)
        changes = gone.map { StackChange(stack: $0.stack.name, before: $0.stack.entries, after: []) }
        for layer in after {
            if let old = before.first(where: { same($0, layer) }) {
                changes.append(StackChange(stack: layer.stack.name, before: old.stack.entries, after: layer.stack.entries, comparingValues: true))
            } else {
                presented.append(PresentedLayer(stack: layer.stack.name, style: layer.style))
                changes.append(StackChange(stack: layer.stack.name, before: [], after: layer.stack.entries))
            }
        }
    }
}

/// The parts of a navigator's tree below its bases and the layers over the
/// app, in walk order (depth first from the bases, then the layers): the
/// stacks of the containers entries hold, the presentations over one stack,
/// and the holders of the containers met.
private struct Tree {
    private(set) var stacks: [Stack] = []
    private(set) var owned: [Layer] = []
    private(set) var holders: [Int] = []

    init(_ nav: Navigator) {
        for stack in nav.bases + nav.layers.map(\.stack) { visit(stack, nav) }
    }

    private mutating func visit(_ stack: Stack, _ nav: Navigator) {
        for entry in stack.entries {
            guard let container = nav.containers[entry.id] else { continue }
            holders.append(entry.id)
            for inner in container.stacks {
                stacks.append(inner)
                visit(inner, nav)
            }
        }
        for layer in nav.presentations[stack.name] {
            owned.append(layer)
            visit(layer.stack, nav)
        }
    }
}
