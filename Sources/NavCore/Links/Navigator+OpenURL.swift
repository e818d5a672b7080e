/// The `open_url` action: one entry point for links, with an explicit policy.
extension Navigator {
    /// Opens `url`: resolves it (`RouteTable.resolve`), then finds the stack
    /// the routes go on: the one a link with `into` names, made visible
    /// (`showTarget`); the link's tab, selected first when it names one
    /// (never popped, as a reselect would); else the active stack. It places
    /// the routes there by the mode: `replace` makes them the path (an equal
    /// prefix keeps its ids), `push` pushes each as `push` would (its push
    /// policy applies), or pops to the stack's root when the link's last
    /// route is that root. Other stacks are untouched. With `dismiss`, every
    /// presentation goes first (`dismissAll`), over the app and over each
    /// stack at every level, as `dismiss` with `all` would remove them; when
    /// none is up, nothing changes and nothing fails (docs/links.md).
    /// Returns `opened`, or `unchanged` when nothing changed.
    mutating func openURL(_ url: String, mode: OpenMode?, dismiss: Bool = false, _ batch: Batch) throws(NavError) -> ActionResult {
        let resolution = try table.resolve(url, mode: mode)
        batch.opened = resolution
        let tab = resolution.link?.declaration.tab
        var changed = dismiss && dismissAll(batch)
        var ref = activeRef
        var routes = resolution.routes
        var fixed: StackRef?
        if let target = resolution.link?.target {
            (ref, routes, changed) = try showTarget(target, resolution, batch)
            fixed = ref
        } else if let tab {
            let index = try tabIndex(tab)
            if index != selected {
                try choose(index, batch)
                changed = true
            }
            ref = .root(index)
        }
        // A link never puts the root of the stack it fills on it again; one
        // whose last route is that root shows it (`push` pops to it, as
        // `replace` makes the path empty).
        var showsRoot = false
        if let root = routes.lastIndex(of: read(ref) { $0.root.route }) {
            showsRoot = root == routes.count - 1
            routes.removeSubrange(...root)
        }
        // Pushes follow redirects themselves, so only the routes set as the path are redirected here.
        let pushed = routes
        if resolution.mode == .replace {
            for index in routes.indices { routes[index] = try redirected(routes[index], at: "url", batch) }
        }
        if case .contained(Navigator.rootHolder, let index) = ref, index < table.tabs.count {
            for route in routes where !table.tabs[index].accepts(route.name) {
                throw NavError(.route, at: "url", "route \"\(route.name)\" of link \"\(resolution.link?.pattern ?? "not_found")\" is not accepted by tab \"\(table.tabs[index].name)\"")
            }
        }
        switch resolution.mode {
        case .replace:
            if try setPath(routes, on: ref, batch) != .unchanged { changed = true }
        case .push:
            if showsRoot, truncate(ref, to: 0, batch) != .unchanged { changed = true }
            for route in pushed {
                let request = RouteRequest(name: route.name, params: route.params.map { ($0.name, InputValue($0.value)) })
                // Without `into`, each route goes on the active stack as it is
                // after the one before (a route with a layout leads inside).
                let on: StackRef
                if let fixed { on = fixed } else { on = try target(tab) }
                if try push(request, on: on, policy: nil, batch) != .absorbed { changed = true }
            }
        }
        return changed ? .opened : .unchanged
    }
}
