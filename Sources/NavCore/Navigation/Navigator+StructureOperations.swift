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
            if case .split(let root, _, _) = table.layout, bases[index].root.route != root {
                let entry = try newEntry(root)
                edit(.base(index), batch) { stack, record in record.replaceRoot(&stack, with: entry) }
                changed = true
            } else if truncate(.base(index), to: 0, batch) != .unchanged {
                changed = true
            }
        }
        return changed ? .reset : .unchanged
    }

    /// Presents a route on a new layer following `policy` (nil: the route's
    /// own): `presented`, or `absorbed` when `single_top` finds the top
    /// layer's root an equal route (the style is not compared).
    mutating func present(_ request: RouteRequest, style: String?, policy: PresentPolicy?, _ batch: Batch) throws(NavError) -> ActionResult {
        let style = style ?? "sheet"
        guard table.styles.contains(style) else {
            throw NavError(.action, at: "style", "unknown style \"\(ParamType.excerpt(style))\" (styles: \(table.styles.joined(separator: ", ")))")
        }
        let mark = batch.redirects.count
        let route = try redirected(try placeable(request, at: "route"), at: "route", batch)
        if redirectedToTop(route, since: mark, of: activeRef, batch) { return .unchanged }
        if policy ?? table.definitions[route.name]?.presentPolicy ?? .allow == .singleTop, layers.last?.stack.root.route == route {
            return .absorbed
        }
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

    /// The back rule: takes the step `backStep` decides (docs/structure.md).
    mutating func back(_ batch: Batch) -> ActionResult {
        let step = backStep
        switch step {
        case .pop(let ref):
            _ = truncate(ref, to: read(ref) { $0.path.count } - 1, batch)
        case .dismiss:
            _ = dismissLayers(count: 1, batch)
        case .toSidebar:
            split.sidebarShown = true
        case .previousTab(let index):
            tabHistory.removeLast()
            selected = index
        case .held, .nothing:
            break
        }
        return step.result
    }

    /// Split view: a new sidebar selection restarts the detail stack; the same
    /// one pops it to its root. In compact form either shows the detail stack
    /// (`selected` when that is all it changed).
    mutating func select(_ request: RouteRequest, _ batch: Batch) throws(NavError) -> ActionResult {
        guard case .split(_, let sidebar, _) = table.layout else {
            throw NavError(.action, "select needs a split layout (the route table declares no \"split\")")
        }
        let mark = batch.redirects.count
        let route = try redirected(try placeable(request, at: "route"), at: "route", batch)
        if redirectedToTop(route, since: mark, of: .base(0), batch) { return .unchanged }
        guard sidebar.contains(route.name) else {
            throw NavError(.route, at: "route.name", "route \"\(route.name)\" is not in the sidebar (\(sidebar.joined(separator: ", ")))")
        }
        let wasSidebar = split.sidebarShown
        showDetail()
        if bases[0].root.route == route {
            let popped = truncate(.base(0), to: 0, batch)
            return popped == .unchanged && wasSidebar ? .selected : popped
        }
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
