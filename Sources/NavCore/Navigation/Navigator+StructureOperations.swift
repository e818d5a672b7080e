/// The actions on the app's structure: tabs, presentations, the back rule and
/// the split view's selection (docs/structure.md).
extension Navigator {
    /// Selects the tab `name` names (`tabLocation`). Reselecting the selected tab, when its container's
    /// options say so, pops the innermost stack under it that is above its
    /// root: each further reselect goes one level out.
    mutating func selectTab(_ name: String, around stack: StackAddress?, _ batch: Batch) throws(NavError) -> ActionResult {
        let (holder, index) = try tabLocation(name, around: stack)
        if try show(index, of: holder, batch) { return .selected }
        guard options(of: holder).reselectPopsToRoot else { return .unchanged }
        let tab = StackRef.contained(holder: holder, child: index)
        for ref in chain(from: tab).reversed() where read(ref, { !$0.path.isEmpty }) {
            return truncate(ref, to: 0, batch)
        }
        return .unchanged
    }

    /// Shows stack `index` of the container `holder` holds, at any level
    /// (the root's included): a tab not selected becomes the selected one
    /// (`choose`), and the container that switch hides that declares
    /// `reset_on_leave` starts afresh. False when it is shown already.
    mutating func show(_ index: Int, of holder: Int, _ batch: Batch) throws(NavError) -> Bool {
        let left = state(of: holder).selected
        guard index != left else { return false }
        try choose(index, of: holder, batch)
        if !containers.isEmpty { resetOnLeave(.contained(holder: holder, child: left), batch) }
        return true
    }

    /// Makes tab `index` (not the selected one) the selected tab of the
    /// tabs `holder` holds (the root's by default); the previous one goes to
    /// their tab history. A tab that requires a false condition is refused
    /// (and its batch held).
    mutating func choose(_ index: Int, of holder: Int = Navigator.rootHolder, _ batch: Batch) throws(NavError) {
        try checkRequirements(ofTab: index, of: holder)
        modifyState(of: holder, batch) { $0.choose(index) }
    }

    /// Every base stack to its initial root, every layer dismissed, the first tab selected.
    mutating func resetAll(_ batch: Batch) throws(NavError) -> ActionResult {
        var changed = dismissAll(batch)
        if selected != 0 || !tabHistory.isEmpty {
            modifyState(of: Navigator.rootHolder, batch) { $0.restartSelection() }
            changed = true
        }
        for index in bases.indices {
            if case .split(let root, _, _) = table.layout, bases[index].root.route != root {
                let entry = try newEntry(root, .on(.root(index), root: true), batch)
                edit(.root(index), batch) { stack, record in record.replaceRoot(&stack, with: entry) }
                changed = true
            } else if truncate(.root(index), to: 0, batch) != .unchanged {
                changed = true
            }
            if !containers.isEmpty, resetContainers(under: .root(index), batch) { changed = true }
        }
        return changed ? .reset : .unchanged
    }

    /// Presents a route on a new layer following `policy` (nil: the route's
    /// own): `presented`, or `absorbed` when `single_top` finds the top
    /// layer's root an equal route (the style is not compared).
    /// With `stack`, the layer covers that stack only (docs/structure.md, "Nesting").
    mutating func present(_ request: RouteRequest, style: String?, policy: PresentPolicy?, over stack: StackAddress?,
                          _ batch: Batch) throws(NavError) -> ActionResult {
        let style = style ?? "sheet"
        guard table.styles.contains(style) else {
            throw NavError(.action, at: "style", "unknown style \"\(ParamType.excerpt(style))\" (styles: \(table.styles.joined(separator: ", ")))"
                           + NameSuggestion.didYouMean(style, among: table.styles))
        }
        let mark = batch.redirects.count
        let route = try redirected(try placeable(request, at: "route"), at: "route", batch)
        if redirectedToTop(route, since: mark, of: activeRef, batch) { return .unchanged }
        let singleTop = policy ?? table.definitions[route.name]?.presentPolicy ?? .allow == .singleTop
        if let stack {
            let ownerRef = try ref(of: stack)
            let owner = read(ownerRef) { $0.name }
            if singleTop, presentations[owner].last?.stack.root.route == route { return .absorbed }
            try presentOwned(route, style: style, over: ownerRef, batch)
            return .presented
        }
        if singleTop, presentations.overApp.last?.stack.root.route == route {
            return .absorbed
        }
        try presentLayer(route, style: style, batch)
        return .presented
    }

    /// Presents a checked route on a new layer of a declared style over the
    /// stack at `ref` alone (`<stack>/layer:<id>`); returns its root entry.
    @discardableResult
    mutating func presentOwned(_ route: Route, style: String, over ref: StackRef, _ batch: Batch) throws(NavError) -> Entry {
        let owner = read(ref) { $0.name }
        let root = try newEntry(route, .newOwnedLayer(owner: owner, level: level(of: ref)), batch)
        present(Layer(style: style, stack: Stack(name: "\(owner)/layer:\(root.id)", root: root)), over: owner, batch)
        return root
    }

    /// Presents a checked route on a new layer of a declared style; returns its root entry.
    @discardableResult
    mutating func presentLayer(_ route: Route, style: String, _ batch: Batch) throws(NavError) -> Entry {
        let root = try newEntry(route, .newLayer, batch)
        present(Layer(style: style, stack: Stack(name: "layer:\(root.id)", root: root)), over: Presentations.app, batch)
        return root
    }

    /// Puts `layer` on top of the presentations over `owner` (`Presentations.app`: the whole app).
    private mutating func present(_ layer: Layer, over owner: String, _ batch: Batch) {
        batch.notePresented(over: owner, count: presentations.count(over: owner))
        appendPresentation(layer, over: owner)
    }

    /// Dismisses the top layer, or all of them.
    /// Without `stack`, the innermost presentation on the active path goes
    /// (the whole app's when none covers a single stack); with it, those
    /// over that stack.
    mutating func dismiss(all: Bool, over stack: StackAddress?, _ batch: Batch) throws(NavError) -> ActionResult {
        if let stack {
            let owner = try read(ref(of: stack)) { $0.name }
            let count = presentations.count(over: owner)
            guard count > 0 else {
                throw NavError(.noEntry, at: "stack", "nothing is presented over stack \"\(owner)\"")
            }
            dismiss(count: all ? count : 1, over: owner, batch)
            return .dismissed
        }
        if presentations.coverStacks, let owner = activeChain.reversed().lazy.compactMap({ (ref: StackRef) -> String? in
            if case .presented(let owner, _) = ref, !owner.isEmpty { return owner }
            return nil
        }).first {
            dismiss(count: all ? presentations.count(over: owner) : 1, over: owner, batch)
            return .dismissed
        }
        let count = presentations.count(over: Presentations.app)
        guard count > 0 else { throw NavError(.noEntry, "nothing is presented") }
        dismiss(count: all ? count : 1, over: Presentations.app, batch)
        return .dismissed
    }

    /// The back rule: takes the step `backStep` decides (docs/structure.md),
    /// from the active stack (`active` when given, found already).
    mutating func back(_ batch: Batch, active: StackRef? = nil) -> ActionResult {
        let step = backStep(from: active ?? activeRef)
        // What the step is, judged on the tree before it: the preview's answer.
        let result = result(of: step)
        switch step {
        case .pop(let ref):
            // The step pops a stack whose path is not empty.
            edit(ref, batch) { stack, record in record.truncate(&stack, to: stack.path.count - 1) }
        case .dismiss(let owner):
            dismiss(count: 1, over: owner, batch)
        case .toSidebar(let owner):
            modifyState(of: owner, batch) { $0.showSidebar(true) }
        case .previousTab(let index, let owner):
            let left = StackRef.contained(holder: owner, child: state(of: owner).selected)
            let toFirst = options(of: owner).backAtTabRoot == .firstTab
            modifyState(of: owner, batch) { $0.returnTo(index, clearing: toFirst) }
            if !containers.isEmpty { resetOnLeave(left, batch) }
        case .held, .nothing:
            break
        }
        return result
    }

    /// Split view: a new sidebar selection restarts the detail stack; the same
    /// one pops it to its root. In compact form either shows the detail stack
    /// (`selected` when that is all it changed). The split view is the one
    /// `stack` addresses (`splitOwner`).
    mutating func select(_ request: RouteRequest, around stack: StackAddress?, _ batch: Batch) throws(NavError) -> ActionResult {
        let owner = try splitOwner(around: stack, for: "select")
        let detail = StackRef.contained(holder: owner, child: 0)
        let sidebar = sidebar(of: owner)
        let mark = batch.redirects.count
        let route = try redirected(try placeable(request, at: "route"), at: "route", batch)
        if redirectedToTop(route, since: mark, of: detail, batch) { return .unchanged }
        guard sidebar.contains(route.name) else {
            throw NavError(.route, at: "route.name", "route \"\(route.name)\" is not in the sidebar (\(sidebar.joined(separator: ", ")))")
        }
        let wasSidebar = state(of: owner).split.sidebarShown
        modifyState(of: owner, batch) { $0.showSidebar(false) }
        if read(detail, { $0.root.route }) == route {
            let popped = truncate(detail, to: 0, batch)
            return popped == .unchanged && wasSidebar ? .selected : popped
        }
        let entry = try newEntry(route, .on(detail, root: true), batch)
        edit(detail, batch) { stack, record in record.replaceRoot(&stack, with: entry) }
        return .selected
    }

    /// Removes every presentation: those over each stack, at every level
    /// (owner by owner, in the order of their names), then those over the
    /// whole app; whether any went. `reset_all` and `open_url`'s `dismiss`.
    mutating func dismissAll(_ batch: Batch) -> Bool {
        let owners = presentations.overStacks.keys.sorted()
        for owner in owners { dismiss(count: presentations.count(over: owner), over: owner, batch) }
        return dismiss(count: layers.count, over: Presentations.app, batch) || !owners.isEmpty
    }

    /// Removes the top `count` presentations over `owner`
    /// (`Presentations.app`: the whole app); true when any was removed.
    @discardableResult
    mutating func dismiss(count: Int, over owner: String, _ batch: Batch) -> Bool {
        let before = presentations.count(over: owner)
        guard count > 0, before > 0 else { return false }
        let remaining = before - min(count, before)
        batch.noteDismissed(truncatePresentations(over: owner, to: remaining), over: owner, count: before, remaining: remaining)
        return true
    }
}
