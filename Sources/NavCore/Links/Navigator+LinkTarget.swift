/// How `open_url` reaches the stack a link's `into` names (docs/links.md,
/// "Links into nested containers"): everything on the way to it is made the
/// active path, in the same batch as the routes placed on it.
extension Navigator {
    /// Makes the target of a link with `into` the active stack and returns
    /// it, with the routes still to place on it and whether anything changed.
    /// On the way: the layer over the whole app whose root is the link's
    /// layer route is reused (the topmost such; the layers above it are
    /// dismissed), else presented over the topmost layer of the same route
    /// with other params (the layers above that one dismissed), or, with
    /// none, in place of every layer; a base target dismisses every layer
    /// and selects its tab. At each level below, the stack is popped to its root
    /// (whose container holds the next level), and the next stack is
    /// selected: a tab (as `select_tab` would, never popping it), or a split
    /// view's detail stack (shown in compact form), where a first route that
    /// is a sidebar route becomes the sidebar selection. Presentations over
    /// one stack on the way are dismissed. Whatever goes asks its blockers,
    /// and a tab or layer that needs a false condition holds the batch.
    mutating func showTarget(_ target: LinkTarget, _ resolution: LinkResolution,
                             _ batch: Batch) throws(NavError) -> (StackRef, [Route], Bool) {
        var changed = false
        var ref: StackRef
        if let root = resolution.layers.first {
            if let index = layers.lastIndex(where: { $0.stack.root.route == root }) {
                // index is one of layers' own indices: what stands above it is never negative.
                changed = dismiss(count: layers.count - 1 - index, over: Presentations.app, batch)
            } else {
                // Another layer's route goes; one of the same route with other params stays beneath.
                let kept = layers.lastIndex { $0.stack.root.route.name == root.name }.map { $0 + 1 } ?? 0
                dismiss(count: layers.count - kept, over: Presentations.app, batch)
                try presentLayer(root, style: table.linkLayerStyle, batch)
                changed = true
            }
            // The layer reused or presented is the top one.
            ref = .presented(over: Presentations.app, index: max(layers.count - 1, 0))
        } else {
            changed = dismiss(count: layers.count, over: Presentations.app, batch)
            if try show(target.base, of: Navigator.rootHolder, batch) { changed = true }
            ref = .root(target.base)
        }
        var owner = Navigator.rootHolder
        // Each level below as the root's: the stack holding it popped to its root, its stack shown.
        for level in target.levels {
            if dismissCovering(ref, batch) { changed = true }
            if truncate(ref, to: 0, batch) == .popped { changed = true }
            let holder = read(ref) { $0.root.id }
            guard readContainer(holder, { $0.stacks.indices.contains(level) }) == true else {
                throw NavError(.internal, at: "url", "stack \"\(read(ref) { $0.name })\" holds no container for \"\(target.path)\"")
            }
            if try show(level, of: holder, batch) { changed = true }
            owner = holder
            ref = .contained(holder: holder, child: level)
        }
        if dismissCovering(ref, batch) { changed = true }
        var routes = resolution.routes
        guard let sidebar = target.sidebar else { return (ref, routes, changed) }
        if state(of: owner).split.sidebarShown {
            modifyState(of: owner, batch) { $0.showSidebar(false) }
            changed = true
        }
        if let first = routes.first, sidebar.contains(first.name) {
            routes.removeFirst()
            if read(ref, { $0.root.route }) != first {
                let entry = try newEntry(first, .on(ref, root: true), batch)
                edit(ref, batch) { stack, record in record.replaceRoot(&stack, with: entry) }
                changed = true
            }
        }
        return (ref, routes, changed)
    }

    /// Dismisses the presentations over the stack at `ref` alone; true when there were any.
    private mutating func dismissCovering(_ ref: StackRef, _ batch: Batch) -> Bool {
        guard presentations.coverStacks else { return false }
        let name = read(ref) { $0.name }
        return dismiss(count: presentations.count(over: name), over: name, batch)
    }
}
