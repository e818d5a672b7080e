/// The `open_url` action: one entry point for links, with an explicit policy.
extension Navigator {
    /// Opens `url`: resolves it (`RouteTable.resolve`), selects the link's tab
    /// first when it names one (never popping it, as a reselect would), then
    /// places the routes on that tab's stack, or on the active stack for a
    /// link without a tab, by the mode: `replace` makes them the path (an
    /// equal prefix keeps its ids), `push` pushes each as `push` would (its
    /// push policy applies). Other stacks are untouched. Returns `opened`, or
    /// `unchanged` when nothing changed.
    mutating func openURL(_ url: String, mode: OpenMode?, _ batch: Batch) throws(NavError) -> ActionResult {
        let resolution = try table.resolve(url, mode: mode)
        batch.opened = resolution
        let tab = resolution.link?.declaration.tab
        var changed = false
        var ref = activeRef
        if let tab {
            let index = try tabIndex(tab)
            if index != selected {
                try choose(index)
                changed = true
            }
            ref = .base(index)
        }
        var routes = resolution.routes
        if resolution.mode == .replace {
            for index in routes.indices { routes[index] = try redirected(routes[index], at: "url", batch) }
        }
        if case .base(let index) = ref, index < table.tabs.count {
            for route in routes where !table.tabs[index].accepts(route.name) {
                throw NavError(.route, at: "url", "route \"\(route.name)\" of link \"\(resolution.link?.pattern ?? "not_found")\" is not accepted by tab \"\(table.tabs[index].name)\"")
            }
        }
        switch resolution.mode {
        case .replace:
            if try setPath(routes, on: ref, batch) != .unchanged { changed = true }
        case .push:
            for route in resolution.routes {
                let request = RouteRequest(name: route.name, params: route.params.map { ($0.name, InputValue($0.value)) })
                if try push(request, on: try target(tab), policy: nil, batch) != .absorbed { changed = true }
            }
        }
        return changed ? .opened : .unchanged
    }
}
