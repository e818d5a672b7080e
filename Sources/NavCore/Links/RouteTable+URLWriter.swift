/// The reverse direction: the canonical URL of a route, and of a stack.
///
/// Link L *produces* route R when L's last route is R's route (or, for a
/// link with an empty stack, R is the root route of the stack it places on:
/// that of its `into` stack, a layer's route included, of its tab, or of the
/// one stack), every path placeholder of L takes its value
/// from a param R has, every placeholder that a route of L requires has a
/// value in R, and every param of R that L does not bind has the value
/// resolving gives it anyway: its default, or none when optional. The
/// canonical URL of R is that of the first such link in table order: its
/// scheme and host (lower-case), its literal segments, R's values
/// percent-encoded, and the query items that resolving could not do without.
/// Resolving it gives the routes of that link, the last of which is R.
extension RouteTable {
    /// The canonical URL of the route `request` asks for. Errors: `.route`
    /// and `.params` as for any route (located at `route`), `.noMatch` when no
    /// link produces the route.
    public func url(for request: RouteRequest) throws(NavError) -> String {
        do {
            return try url(for: try check(request))
        } catch {
            throw error.under("route")
        }
    }

    /// The canonical URL of `route`, or `.noMatch` naming the closest link.
    public func url(for route: Route) throws(NavError) -> String {
        var firstProblem: (link: Link, problem: String)?
        for index in producers(of: route) {
            let link = links.links[index]
            var canonical = unboundProblem(of: route, by: link).map(Canonical.notProduced) ?? canonicalURL(by: link, of: .route(route))
            if links.ranked, case .url(let url) = canonical, let problem = outranked(url, of: route, by: link) {
                canonical = .notProduced(problem)
            }
            switch canonical {
            case .url(let url): return url
            case .notProduced(let problem): if firstProblem == nil { firstProblem = (link, problem) }
            }
        }
        guard let firstProblem else {
            throw NavError(.noMatch, "no link produces route \"\(route.name)\" (no link's stack ends with it)")
        }
        throw NavError(.noMatch, "no link produces this route \"\(route.name)\": closest is \"\(firstProblem.link.pattern)\", \(firstProblem.problem)")
    }

    /// Why `url`, written by `link` for `route`, does not resolve back to
    /// it: a higher-ranked link takes the URL, or the link gives other
    /// values. Nil when it resolves to `route` by `link`.
    private func outranked(_ url: String, of route: Route, by link: Link) -> String? {
        guard let resolved = try? resolve(url), let winner = resolved.link else { return "whose URL \(url) matches no link" }
        if winner !== link { return "whose URL \(url) resolves to the higher-ranked link \"\(winner.pattern)\"" }
        return resolved.routes.last == route ? nil : "whose URL \(url) resolves to other values"
    }

    /// The URL of a stack, to share the screen on top: among the links that
    /// produce the top route and place their routes where this stack is (on
    /// `tab`'s stack, or any link without a tab or `into`), the first whose URL, written
    /// from the values of the whole path (parents included), resolves to
    /// exactly the stack's path; else the top route's canonical URL. `tab` is
    /// the tab whose base stack this is, nil for another stack.
    public func shareURL(for stack: Stack, tab: String? = nil) throws(NavError) -> String {
        let top = stack.top.route
        let path = stack.path.map(\.route)
        for index in producers(of: top) {
            let link = links.links[index]
            guard link.declaration.into == nil, link.declaration.tab == nil || link.declaration.tab == tab,
                  link.routes == path.map(\.name),
                  case .url(let url) = canonicalURL(by: link, of: .path(path)),
                  let resolved = try? resolve(url), resolved.link === link, resolved.routes == path else { continue }
            return url
        }
        return try url(for: top)
    }

    /// The URL by `link`, a link with `into`, that rebuilds a stack of the
    /// tree as it is, written from the values of the stack's routes: opened
    /// on a navigator as it starts, it presents `layer` (the route of the
    /// layer over the whole app that holds the stack, nil for a base stack)
    /// and leaves the stack at `root` with exactly `path` above it. The
    /// stack starts at `initialRoot`, which a sidebar route the link places
    /// first replaces. Nil when the link cannot.
    func rebuildingURL(by link: Link, layer: Route?, root: Route, initialRoot: Route, path: [Route]) -> String? {
        // The link's routes are the path, or the root (a sidebar route) and the path.
        let named = link.routes.count == path.count ? path : [root] + path
        let layers = layer.map { [$0] } ?? []
        guard link.routes.elementsEqual(named.lazy.map(\.name)),
              case .url(let url) = canonicalURL(by: link, of: .path(layers + named)),
              let resolved = try? resolve(url), resolved.link === link, resolved.layers == layers else { return nil }
        var placedRoot = initialRoot
        var placed = resolved.routes[...]
        if let sidebar = link.target?.sidebar, let first = placed.first, sidebar.contains(first.name) {
            placedRoot = first
            placed = placed.dropFirst()
        }
        // A link never puts the root of the stack it fills on it again.
        if let last = placed.lastIndex(of: placedRoot) { placed = placed[(last + 1)...] }
        return placedRoot == root && placed.elementsEqual(path) ? url : nil
    }

    /// A canonical URL, or why a link does not produce a route.
    private enum Canonical {
        case url(String)
        case notProduced(String)
    }

    /// The values a URL is written from.
    private enum Values {
        /// `url_for`: the values of the link's last route; the URL gives the
        /// other routes what resolving gives them.
        case route(Route)
        /// `stack_url`: the values of every route of the link (its
        /// `valuedRoutes`: a layer's route first), as a path holds them.
        case path([Route])

        /// The value a placeholder writes: the route's, or that of the route
        /// nearest the top of the path that has one.
        func value(_ name: String) -> ParamValue? {
            switch self {
            case .route(let route): return route.params.first { $0.name == name }?.value
            case .path(let path): return path.lazy.reversed().compactMap { route in route.params.first { $0.name == name }?.value }.first
            }
        }

        /// What route `index` of the link must get for param `name`.
        func wanted(_ name: String, route index: Int) -> ParamValue? {
            switch self {
            case .route: return value(name)
            case .path(let path): return index < path.count ? path[index].params.first { $0.name == name }?.value : nil
            }
        }
    }

    /// The links that produce `route` (their stacks end with it, or they
    /// stand for it as a root), in table order.
    private func producers(of route: Route) -> [Int] {
        let named = links.producers[route.name] ?? []
        let roots = links.rootLinks.filter { $0.root == route }.map(\.link)
        return roots.isEmpty ? named : (roots + named).sorted()
    }

    /// Why `link` does not produce `route` through the params it does not
    /// bind: one has a value resolving would not give it. Nil when none does.
    private func unboundProblem(of route: Route, by link: Link) -> String? {
        guard link.producedName == route.name else { return nil }
        for (name, spec) in definitions[route.name]?.params ?? [] where link.bindings[name] == nil {
            let value = route.params.first { $0.name == name }?.value
            switch spec.presence {
            case .defaulted(let standard) where value != standard:
                return "which does not bind {\(name)}: it always gives \(standard.text)"
            case .optional where value != nil:
                return "which does not bind {\(name)}"
            default:
                continue
            }
        }
        return nil
    }

    /// The slots of param `name` in the routes of `link`, with the index of
    /// their route in `valuedRoutes`.
    private func slots(of name: String, in link: Link) -> [(route: Int, slot: Link.Slot)] {
        link.valuedSlots.enumerated().flatMap { index, slots in
            slots.filter { $0.param == name }.map { (route: index, slot: $0) }
        }
    }

    /// Whether a URL of `link` may leave out param `name`: resolving without
    /// it gives every route what `values` wants (its default, or none).
    private func canOmit(_ name: String, by link: Link, of values: Values) -> Bool {
        slots(of: name, in: link).allSatisfy { $0.slot.standard == values.wanted(name, route: $0.route) }
    }

    /// The URL `link` writes from `values`, or why it cannot: a path
    /// placeholder without a value (or with the empty text), or a query
    /// placeholder without a value that a route of the link requires. A query
    /// item is left out when resolving without it gives the routes what they
    /// must get: for `url_for`, the value is absent and no route requires it,
    /// or it is the default of every route of the link that declares the
    /// param; for `stack_url`, each route's value in the path is its default
    /// (or absent where it has none).
    private func canonicalURL(by link: Link, of values: Values) -> Canonical {
        var url = link.template.encodedOrigin
        for segment in link.template.segments {
            switch segment {
            case .literal(let text):
                url += "/" + PercentCoding.encode(text)
            case .param(let name):
                guard let text = values.value(name)?.text else { return .notProduced("whose path needs {\(name)}, which the route has no value for") }
                guard !text.isEmpty else { return .notProduced("whose path needs {\(name)}, and a path segment cannot be empty") }
                url += "/" + PercentCoding.encode(text)
            case .optional(let name):
                guard let given = values.value(name), !canOmit(name, by: link, of: values) else { continue }
                guard !given.text.isEmpty else { return .notProduced("whose path needs {\(name)?} for a value, and a path segment cannot be empty") }
                url += "/" + PercentCoding.encode(given.text)
            case .catchAll(let name, let zeroOrMore):
                guard case .list(let items) = values.value(name) ?? .list([]) else { return .notProduced("whose {*\(name)} takes a list") }
                if items.isEmpty && !zeroOrMore {
                    return .notProduced("whose path needs at least one segment for {*\(name)}, and the list is empty")
                }
                for item in items {
                    guard !item.text.isEmpty else { return .notProduced("whose {*\(name)} writes each item as a segment, and a path segment cannot be empty") }
                    url += "/" + PercentCoding.encode(item.text)
                }
            }
        }
        var separator = "?"
        for binding in link.template.query {
            let given = values.value(binding.param)
            if given == nil, let required = slots(of: binding.param, in: link).first(where: { $0.slot.required }) {
                return .notProduced("whose route \"\(link.valuedRoutes[required.route])\" requires {\(binding.param)}, which the route has no value for")
            }
            guard let given, !canOmit(binding.param, by: link, of: values) else { continue }
            let key = PercentCoding.encode(binding.key) + "="
            if case .list(let items) = given {
                // One item per repeated key, in order; the empty list has no item.
                for item in items {
                    url += separator + key + PercentCoding.encode(item.text)
                    separator = "&"
                }
            } else {
                url += separator + key + PercentCoding.encode(given.text)
                separator = "&"
            }
        }
        guard url.utf8.count <= LinkTable.maxURLBytes else {
            return .notProduced("whose URL would be \(url.utf8.count) bytes, over the \(LinkTable.maxURLBytes)-byte limit")
        }
        return .url(url)
    }
}
