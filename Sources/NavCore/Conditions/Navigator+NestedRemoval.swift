/// What a false condition takes away in containers and under the
/// presentations over one stack (docs/conditions.md, "Conditions in nested
/// containers"): one rule for every container, the root included, applied at
/// every level of the tree, hidden branches included, so that no screen that
/// needs a false condition stays anywhere.
extension Navigator {
    /// Applies the removal rules inside the stack at `ref`: in the
    /// containers its entries hold, then in the presentations over it. True
    /// when what the stack shows changed: the container its top entry holds
    /// changed its shown stack or selection, or a presentation over it went
    /// or changed.
    mutating func removeInside(_ ref: StackRef, _ removal: inout Removal, _ batch: Batch) throws(NavError) -> Bool {
        let (name, ids, top) = read(ref) { ($0.name, $0.entries.map(\.id), $0.top.id) }
        var changed = false
        for id in ids where holdsContainer(id) {
            if try removeInContainer(id, &removal, batch) && id == top { changed = true }
        }
        if presentations.count(over: name) > 0, try removeOwned(over: name, &removal, batch) { changed = true }
        return changed
    }

    /// In the container `holder` holds, the root included (one rule at
    /// every level): each stack pops to below its lowest entry that needs a
    /// false condition, and the same rules apply inside it; a tab that needs
    /// one leaves the tab history, and gives way to the first tab when
    /// selected; a split view's selection that needs one gives way to the
    /// split's root. True when the shown stack or the selection changed.
    mutating func removeInContainer(_ holder: Int, _ removal: inout Removal, _ batch: Batch) throws(NavError) -> Bool {
        guard let container = container(holder) else { return false }
        let nested = !containers.isEmpty || presentations.coverStacks
        let tabs = container.tabs
        var changed = false
        for child in container.stacks.indices {
            let ref = StackRef.contained(holder: holder, child: child)
            let stack = container.stacks[child]
            // The root's stacks are addressed by their tab (or not at all), a container's by name.
            let (tab, address): (String?, StackAddress?) = holder == Navigator.rootHolder
                ? (tabs.isEmpty ? nil : stack.name, nil) : (nil, .name(stack.name))
            if let root = container.layout.layout.splitRoot,
               try yieldSelection(of: ref, to: root, around: address, &removal, batch) {
                changed = true
            } else if let low = stack.path.firstIndex(where: { missingCondition(of: $0.route) != nil }) {
                removal.note(missingCondition(of: stack.path[low].route))
                removal.actions.append(.setStack(stack.path.map(\.route.request), tab: tab, stack: address))
                _ = truncate(ref, to: low, batch)
                if child == container.state.selected { changed = true }
            }
            if nested, try removeInside(ref, &removal, batch), child == container.state.selected { changed = true }
        }
        guard !tabs.isEmpty else { return changed }
        let values = conditions
        func tabMissing(_ index: Int) -> Int? { tabs[index].requiredConditions.first { !values[$0] } }
        let state = container.state
        guard state.tabHistory.contains(where: { tabMissing($0) != nil }) || tabMissing(state.selected) != nil else { return changed }
        let selectedMissing = tabMissing(state.selected)
        if let selectedMissing {
            removal.note(selectedMissing)
            removal.actions.append(.selectTab(container.stacks[state.selected].name))
        }
        modifyState(of: holder, batch) { $0.forget { tabMissing($0) != nil } }
        return changed || selectedMissing != nil
    }

    /// The presentations over stack `owner`, as the navigator's own: the
    /// lowest whose root needs a false condition goes with those above it; a
    /// presentation that lost entries, or in which a container changed what
    /// it shows, takes those above it along. A presentation that goes comes
    /// back with its root in the removal's actions (docs/conditions.md). True
    /// when any presentation went or changed.
    private mutating func removeOwned(over owner: String, _ removal: inout Removal, _ batch: Batch) throws(NavError) -> Bool {
        let owned = presentations[owner]
        guard !owned.isEmpty else { return false }
        let (cut, changed) = try kept(over: owner, nested: true, &removal, batch)
        guard cut < owned.count else { return changed }
        for layer in owned[cut...] {
            removal.actions.append(.present(layer.stack.root.route.request, style: layer.style, stack: .name(owner)))
        }
        dismiss(count: owned.count - cut, over: owner, batch)
        return true
    }
}
