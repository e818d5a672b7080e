/// Taking away the screens that need a false condition: what setting a
/// condition false does (`on_false`), and what a restore does with restored
/// screens whose condition is false now (docs/conditions.md).
extension Navigator {
    /// The screens a removal took away.
    struct Removal {
        /// The actions that put them back, in an order that replays on the
        /// navigator as the removal left it: at every level, the root
        /// included, each stack and then what is inside it, then the
        /// level's tab; the layers last.
        var actions: [Action] = []
        /// The first false condition a removed screen needs, nil when nothing was removed.
        var condition: Int?

        /// Notes that a removed screen needs `condition`, kept when it is the first.
        mutating func note(_ condition: Int?) {
            if self.condition == nil { self.condition = condition }
        }
    }

    /// The first false condition `route` requires, nil when it needs none.
    func missingCondition(of route: Route) -> Int? {
        table.definitions[route.name]?.requiredConditions.first { !conditions[$0] }
    }

    /// `set_condition` to false: `reset` brings everything back to its start;
    /// `remove` takes away the screens that require the condition. The
    /// blocking entries a forced condition's policy removes are overridden
    /// (`batch.forced`), and only those.
    mutating func applyFalsePolicy(of condition: Int, _ batch: Batch) throws(NavError) {
        let forced = table.conditions[condition].forced
        let blocking = forced ? blockingIDs() : []
        switch table.conditions[condition].onFalse {
        case .reset:
            _ = try resetAll(batch)
            // A reset keeps each split view's selection inside containers: one that needs a false condition gives way.
            if table.hasRequirements && !containers.isEmpty { _ = try removeScreens(needingFalseConditions: batch) }
        case .remove:
            guard table.hasRequirements else { return }
            _ = try removeScreens(needingFalseConditions: batch)
        }
        if forced { batch.forced.formUnion(blocking.subtracting(blockingIDs())) }
    }

    /// The ids of the blocking entries anywhere in the tree.
    private func blockingIDs() -> Set<Int> {
        var ids: Set<Int> = []
        for stack in bases + layers.map(\.stack) {
            forEachBelow(stack) { entry, _ in
                if entry.blocker != nil { ids.insert(entry.id) }
            }
        }
        return ids
    }

    /// At `condition` set back to false by a batch that set it true: a screen
    /// the batch showed meanwhile that requires it would stay shown, so the
    /// batch fails (`.route`, `.tab` for the selected tab), as a batch that
    /// sets a condition false and then needs it does. A tab that requires it
    /// and was selected and left meanwhile leaves the tab history. One rule
    /// at every level, the root's included, hidden branches and the
    /// presentations over one stack included: stacks outermost first, then
    /// each tab bar, the root's first.
    mutating func refuseScreens(needing condition: Int, _ batch: Batch) throws(NavError) {
        let name = table.conditions[condition].name
        func requires(_ route: Route) -> Bool {
            table.definitions[route.name]?.requiredConditions.contains(condition) ?? false
        }
        // Each stack with how many of its entries, from the root, are judged
        // elsewhere: a tab's root as its tab (a single stack's root is the
        // table's), a split view's detail root as its sidebar selection.
        func judgedApart(_ container: Container) -> Int { container.layout.layout.splitRoot == nil ? 1 : 0 }
        var stacks: [(stack: Stack, skipped: Int)] = bases.map { ($0, judgedApart(root)) } + layers.map { ($0.stack, 0) }
        var next = 0
        while next < stacks.count {
            let (stack, skipped) = stacks[next]
            next += 1
            if let entry = stack.entries.dropFirst(skipped).first(where: { requires($0.route) }) {
                throw NavError(.route, "route \"\(entry.route.name)\" on stack \"\(stack.name)\" requires \"\(name)\", which the batch sets back to false")
            }
            guard !containers.isEmpty || presentations.coverStacks else { continue }
            for entry in stack.entries {
                guard let container = containers[entry.id] else { continue }
                stacks += container.stacks.map { ($0, judgedApart(container)) }
            }
            stacks += presentations[stack.name].map { ($0.stack, 0) }
        }
        try refuseTabs(needing: condition, in: Navigator.rootHolder, batch)
        for holder in containers.keys.sorted() { try refuseTabs(needing: condition, in: holder, batch) }
    }

    /// The tab rule of `refuseScreens(needing:)` in the container `holder`
    /// holds, the root included: its selected tab requiring `condition`
    /// fails the batch (`.tab`); its tab history forgets the tabs that require it.
    mutating func refuseTabs(needing condition: Int, in holder: Int, _ batch: Batch) throws(NavError) {
        guard let (tabs, state, shown) = readContainer(holder, { ($0.tabs, $0.state, $0.selectedStack.name) }),
              !tabs.isEmpty else { return }
        if tabs[state.selected].requiredConditions.contains(condition) {
            throw NavError(.tab, "tab \"\(shown)\" requires \"\(table.conditions[condition].name)\", which the batch sets back to false")
        }
        if state.tabHistory.contains(where: { tabs[$0].requiredConditions.contains(condition) }) {
            // The selected tab does not need it (checked above), so only the history changes.
            modifyState(of: holder, batch) { $0.forget { tabs[$0].requiredConditions.contains(condition) } }
        }
    }

    /// Takes away every screen that requires a condition that is false, with
    /// what was shown over it: in the root container by the rule of every
    /// container (`removeInContainer`); when the selected base stack lost
    /// entries, its tab or its selection, every layer goes (they were shown
    /// over it), else the
    /// layers from the lowest one whose root needs such a condition, and a
    /// layer that lost entries takes the layers above it along. `.limit` when
    /// no entry id is left for a split's root.
    mutating func removeScreens(needingFalseConditions batch: Batch) throws(NavError) -> Removal {
        var removal = Removal()
        let nested = !containers.isEmpty || presentations.coverStacks
        let overSelected = try removeInContainer(Navigator.rootHolder, &removal, batch)
        let cut = overSelected ? 0 : try kept(over: Presentations.app, nested: nested, &removal, batch).count
        for layer in layers[cut...] {
            removal.actions.append(.present(layer.stack.root.route.request, style: layer.style))
            if !layer.stack.path.isEmpty { removal.actions.append(.setStack(layer.stack.path.map(\.route.request), tab: nil)) }
        }
        dismiss(count: layers.count - cut, over: Presentations.app, batch)
        return removal
    }

    /// How many of `layers` (presentations over the app, or over one stack),
    /// bottom first, stay, and whether a kept one changed: the lowest whose
    /// root needs a false condition goes with those above it; one that lost
    /// entries, or in which a container changed what it shows (`nested`),
    /// stays and takes those above it along. `ref` locates the layer at an
    /// index; the actions that put back a stack's entries name it when `addressed`.
    mutating func kept(over owner: String, nested: Bool,
                       _ removal: inout Removal, _ batch: Batch) throws(NavError) -> (count: Int, changed: Bool) {
        let layers = presentations[owner]
        func ref(_ index: Int) -> StackRef { .presented(over: owner, index: index) }
        for index in layers.indices {
            let stack = layers[index].stack
            if let condition = missingCondition(of: stack.root.route) {
                removal.note(condition)
                return (index, false)
            }
            // index < layers.count, so index + 1 cannot overflow.
            if let low = stack.path.firstIndex(where: { missingCondition(of: $0.route) != nil }) {
                removal.note(missingCondition(of: stack.path[low].route))
                removal.actions.append(.setStack(stack.path.map(\.route.request), stack: owner.isEmpty ? nil : .name(stack.name)))
                _ = truncate(ref(index), to: low, batch)
                if nested { _ = try removeInside(ref(index), &removal, batch) }
                return (index + 1, true)
            }
            if nested, try removeInside(ref(index), &removal, batch) { return (index + 1, true) }
        }
        return (layers.count, false)
    }
}
