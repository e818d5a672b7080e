extension Navigator {
    /// The URL of the active path, to share the screen on top. On a path
    /// that a link's `into` can name (docs/links.md, "Links into nested
    /// containers"), the first link into the active stack whose URL rebuilds
    /// it as it is, layer route, root and entries included; else the first
    /// link with an empty stack into a stack above it on the path, when
    /// everything below that stack is as it starts. Else the URL of the
    /// active stack as a flat table writes it (`RouteTable.shareURL(for:tab:)`).
    /// `.noMatch` when no link reaches the stack and none produces its top
    /// route; in a table that nests or has links with `into`, the message
    /// names the stack and its static path, or why it has none.
    public func stackURL() throws(NavError) -> String {
        let chain = activeChain
        // The active path always reaches a stack; a table without one still has its base.
        let leaf = read(chain.last ?? .root(selected)) { $0 }
        let addresses = staticAddresses(of: chain)
        if table.links.hasTargets, case .success(let addresses) = addresses, let url = reachingURL(chain, addresses) { return url }
        do {
            return try table.shareURL(for: leaf, tab: layers.isEmpty ? selectedTab : nil)
        } catch {
            guard !table.layouts.isEmpty || table.links.hasTargets else { throw error }
            let place: String
            switch addresses {
            case .success(let addresses): place = "no link reaches stack \"\(leaf.name)\" (into \"\(addresses.last?.path ?? leaf.name)\")"
            case .failure(let reason): place = "no link reaches stack \"\(leaf.name)\", which no \"into\" can name (\(reason.detail))"
            }
            throw NavError(error.kind, at: error.path, "\(place), and \(error.detail)")
        }
    }

    /// The URL of the first link that reaches the active path `chain`,
    /// whose static addresses are `addresses`: innermost stack first, a link
    /// into it that rebuilds it; then, while the stacks below are as they
    /// start (the first stack of each container selected, at its initial
    /// root), a link into the stack above that places nothing on it.
    private func reachingURL(_ chain: [StackRef], _ addresses: [StaticAddress]) -> String? {
        let layer = addresses[0].layer == nil ? nil : read(chain[0]) { $0.root.route }
        for depth in chain.indices.reversed() {
            if depth < chain.count - 1 {
                let below = chain[depth + 1]
                guard case .contained(_, 0) = below, read(below, { $0.path.isEmpty && $0.root.route == initialRoot(of: below) }) else { break }
            }
            let ref = chain[depth]
            let (root, path) = read(ref) { ($0.root.route, $0.path.map(\.route)) }
            for link in table.links.links {
                guard let target = link.target, addresses[depth].names(target),
                      let url = table.rebuildingURL(by: link, layer: layer, root: root, initialRoot: initialRoot(of: ref), path: path) else { continue }
                return url
            }
        }
        return nil
    }

    /// The root a stack has as it starts: its tab's or layout's initial
    /// root (a split view's detail stack starts at the layout's root), or,
    /// for a layer, the route presented.
    private func initialRoot(of ref: StackRef) -> Route {
        switch ref {
        case .contained(let holder, let child):
            if let roots = container(holder)?.layout.roots, roots.indices.contains(child) { return roots[child] }
        case .presented:
            break
        }
        return read(ref) { $0.root.route }
    }
}
