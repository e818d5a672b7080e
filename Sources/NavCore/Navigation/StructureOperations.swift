/// The actions on the app's structure: tabs, presentations, the back rule and
/// the split view's selection (docs/structure.md).
extension Navigator {
    /// Selects a tab; reselecting pops it to its root when the table says so.
    mutating func selectTab(_ name: String, _ batch: Batch) throws(NavError) -> ActionResult {
        let index = try tabIndex(name)
        if index == selected {
            return table.options.reselectPopsToRoot ? truncate(.base(index), to: 0, batch) : .unchanged
        }
        try choose(index)
        return .selected
    }

    /// Makes tab `index` (not the selected one) the selected tab; the
    /// previous one goes to the tab history. A tab that requires a false
    /// condition is refused (and its batch held).
    mutating func choose(_ index: Int) throws(NavError) {
        try checkRequirements(ofTab: index)
        tabHistory.removeAll { $0 == index }
        tabHistory.append(selected)
        selected = index
    }

    /// Every base stack to its initial root, every layer dismissed, the first tab selected.
    mutating func resetAll(_ batch: Batch) throws(NavError) -> ActionResult {
        var changed = !layers.isEmpty && dismissLayers(count: layers.count, batch)
        if selected != 0 || !tabHistory.isEmpty {
            selected = 0
            tabHistory = []
            changed = true
        }
        for index in bases.indices {
            if case .split(let root, _) = table.layout, bases[index].root.route != root {
                let entry = try newEntry(root)
                edit(.base(index), batch) { stack, record in record.replaceRoot(&stack, with: entry) }
                changed = true
            } else if truncate(.base(index), to: 0, batch) != .unchanged {
                changed = true
            }
        }
        return changed ? .reset : .unchanged
    }

    /// Presents a route on a new layer.
    mutating func present(_ request: RouteRequest, style: String?, _ batch: Batch) throws(NavError) -> ActionResult {
        let style = style ?? "sheet"
        guard table.styles.contains(style) else {
            throw NavError(.action, at: "style", "unknown style \"\(ParamType.excerpt(style))\" (styles: \(table.styles.joined(separator: ", ")))")
        }
        let mark = batch.redirects.count
        let route = try redirected(try placeable(request, at: "route"), at: "route", batch)
        if redirectedToTop(route, since: mark, of: activeRef, batch) { return .unchanged }
        try presentLayer(route, style: style, batch)
        return .presented
    }

    /// Presents a checked route on a new layer of a declared style; returns its root entry.
    @discardableResult
    mutating func presentLayer(_ route: Route, style: String, _ batch: Batch) throws(NavError) -> Entry {
        let root = try newEntry(route)
        batch.notePresented()
        layers.append(Layer(style: style, stack: Stack(name: "layer:\(root.id)", root: root)))
        return root
    }

    /// Dismisses the top layer, or all of them.
    mutating func dismiss(all: Bool, _ batch: Batch) throws(NavError) -> ActionResult {
        guard !layers.isEmpty else { throw NavError(.noEntry, "nothing is presented") }
        _ = dismissLayers(count: all ? layers.count : 1, batch)
        return .dismissed
    }

    /// The back rule: pop the top layer, dismiss it, pop the active base
    /// stack, return to the previous tab, or nothing (docs/structure.md).
    mutating func back(_ batch: Batch) -> ActionResult {
        if let top = layers.indices.last {
            if !layers[top].stack.path.isEmpty {
                _ = truncate(.layer(top), to: layers[top].stack.path.count - 1, batch)
                return .poppedPresentation
            }
            _ = dismissLayers(count: 1, batch)
            return .dismissed
        }
        if !bases[selected].path.isEmpty {
            _ = truncate(.base(selected), to: bases[selected].path.count - 1, batch)
            return .popped
        }
        if !table.tabs.isEmpty, table.options.backToPreviousTab, let previous = tabHistory.popLast() {
            selected = previous
            return .previousTab
        }
        return .nothing
    }

    /// Split view: a new sidebar selection restarts the detail stack; the same one pops it to its root.
    mutating func select(_ request: RouteRequest, _ batch: Batch) throws(NavError) -> ActionResult {
        guard case .split(_, let sidebar) = table.layout else {
            throw NavError(.action, "select needs a split layout (the route table declares no \"split\")")
        }
        let mark = batch.redirects.count
        let route = try redirected(try placeable(request, at: "route"), at: "route", batch)
        if redirectedToTop(route, since: mark, of: .base(0), batch) { return .unchanged }
        guard sidebar.contains(route.name) else {
            throw NavError(.route, at: "route.name", "route \"\(route.name)\" is not in the sidebar (\(sidebar.joined(separator: ", ")))")
        }
        if bases[0].root.route == route { return truncate(.base(0), to: 0, batch) }
        let entry = try newEntry(route)
        edit(.base(0), batch) { stack, record in record.replaceRoot(&stack, with: entry) }
        return .selected
    }

    /// Removes the top `count` layers; true when any was removed.
    @discardableResult
    mutating func dismissLayers(count: Int, _ batch: Batch) -> Bool {
        guard count > 0 else { return false }
        let remaining = layers.count - min(count, layers.count)
        batch.noteDismissed(layers[remaining...], remaining: remaining)
        layers.removeSubrange(remaining...)
        return true
    }
}
