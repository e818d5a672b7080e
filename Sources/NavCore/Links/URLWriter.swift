/// The reverse direction: the canonical URL of a route, and of a stack.
///
/// Link L *produces* route R when L's last route is R's route (or, for the
/// root route, L's stack is empty), every path placeholder of L takes its
/// value from a param R has, and every param of R that L does not bind has
/// the value resolving gives it anyway: its default, or none when optional.
/// The canonical URL of R is that of the first such link in table order: its
/// scheme and host (lower-case), its literal segments, R's values
/// percent-encoded, and the query items whose value is not the default.
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
            switch canonicalURL(of: route, by: link) {
            case .url(let url): return url
            case .notProduced(let problem): if firstProblem == nil { firstProblem = (link, problem) }
            }
        }
        guard let firstProblem else {
            throw NavError(.noMatch, "no link produces route \"\(route.name)\" (no link's stack ends with it)")
        }
        throw NavError(.noMatch, "no link produces this route \"\(route.name)\": closest is \"\(firstProblem.link.pattern)\", \(firstProblem.problem)")
    }

    /// The URL of a stack, to share the screen on top: among the links that
    /// produce the top route, the first whose URL resolves to exactly the
    /// stack's path; else the top route's canonical URL.
    public func shareURL(for stack: Stack) throws(NavError) -> String {
        let top = stack.top.route
        let path = stack.path.map(\.route)
        for index in producers(of: top) {
            guard case .url(let url) = canonicalURL(of: top, by: links.links[index]),
                  let resolved = try? resolve(url), resolved.link != nil, resolved.routes == path else { continue }
            return url
        }
        return try url(for: top)
    }

    /// A canonical URL, or why a link does not produce a route.
    private enum Canonical {
        case url(String)
        case notProduced(String)
    }

    /// The links whose stacks end with `route`, in table order.
    private func producers(of route: Route) -> [Int] {
        let named = links.producers[route.name] ?? []
        return route == root ? (links.rootLinks + named).sorted() : named
    }

    /// The canonical URL of `route` by `link`, or why `link` does not produce it.
    private func canonicalURL(of route: Route, by link: Link) -> Canonical {
        func value(_ name: String) -> ParamValue? { route.params.first { $0.name == name }?.value }
        let produced = link.routes.last == route.name ? definitions[route.name]?.params ?? [] : []
        for (name, spec) in produced where link.bindings[name] == nil {
            switch spec.presence {
            case .defaulted(let standard) where value(name) != standard:
                return .notProduced("which does not bind {\(name)}: it always gives \(standard.text)")
            case .optional where value(name) != nil:
                return .notProduced("which does not bind {\(name)}")
            default:
                continue
            }
        }
        var url = link.template.encodedOrigin
        for segment in link.template.segments {
            switch segment {
            case .literal(let text):
                url += "/" + PercentCoding.encode(text)
            case .param(let name):
                guard let text = value(name)?.text else { return .notProduced("whose path needs {\(name)}, which the route has no value for") }
                guard !text.isEmpty else { return .notProduced("whose path needs {\(name)}, and a path segment cannot be empty") }
                url += "/" + PercentCoding.encode(text)
            }
        }
        var separator = "?"
        for binding in link.template.query {
            guard let given = value(binding.param) else { continue }
            if case .defaulted(let standard) = link.bindings[binding.param]?.presence, standard == given { continue }
            url += separator + PercentCoding.encode(binding.key) + "=" + PercentCoding.encode(given.text)
            separator = "&"
        }
        guard url.utf8.count <= LinkTable.maxURLBytes else {
            return .notProduced("whose URL would be \(url.utf8.count) bytes, over the \(LinkTable.maxURLBytes)-byte limit")
        }
        return .url(url)
    }
}
