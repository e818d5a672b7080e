/// The checks a route table's parents and links pass when it loads. Each
/// error is `.table` and names the culprit, or both sides of a conflict.
enum LinkChecks {
    /// Checks every route's `parent`: a declared route, and no cycle.
    /// Errors are located at `routes.NAME.parent`.
    @_optimize(size)
    static func checkParents(_ definitions: [String: RouteDefinition]) throws(NavError) {
        for name in definitions.keys.sorted() {
            guard let parent = definitions[name]?.parent else { continue }
            guard definitions[parent] != nil else {
                throw NavError(.table, at: "routes.\(name).parent",
                               "unknown route \"\(ParamType.excerpt(parent))\"" + RouteTable.suggestion(for: parent, in: definitions))
            }
            var chain = [name]
            var current: String? = parent
            while let step = current {
                if step == name {
                    throw NavError(.table, at: "routes.\(name).parent", "the parents form a cycle: " + (chain + [name]).joined(separator: " -> "))
                }
                if chain.contains(step) { break }  // a cycle that does not pass here; its own routes report it
                chain.append(step)
                current = definitions[step]?.parent
            }
        }
    }

    /// The parents of route `name`, farthest first, up to (not including) a
    /// route without a parent or the root route of a base stack (`roots`).
    @_optimize(size)
    static func ancestors(of name: String, in definitions: [String: RouteDefinition], roots: Set<String>) -> [String] {
        var chain: [String] = []
        var current = definitions[name]?.parent
        while let step = current, !roots.contains(step), step != name, !chain.contains(step) {
            chain.append(step)
            current = definitions[step]?.parent
        }
        return chain.reversed()
    }

    /// Checks declaration `index` against the routes and returns the link:
    /// a valid pattern and hosts, known routes, every placeholder a param of
    /// the link's routes (of one type among them), every required param
    /// bound, and a declared tab, or `into` stack, that accepts every route
    /// of the link.
    @_optimize(size)
    static func link(_ declaration: LinkDeclaration, index: Int, definitions: [String: RouteDefinition],
                     layout: Layout, layouts: [String: NestedLayout]) throws(NavError) -> Link {
        let path = "links[\(index)]"
        let template: LinkTemplate
        do {
            template = try LinkTemplate.parse(declaration.url)
        } catch {
            throw error.under("\(path).url")
        }
        var origins = [template.origin]
        for (hostIndex, host) in declaration.hosts.enumerated() {
            let origin: Origin
            do {
                origin = try template.origin(ofHost: host)
            } catch {
                throw error.under("\(path).hosts[\(hostIndex)]")
            }
            guard !origins.contains(origin) else {
                throw NavError(.table, at: "\(path).hosts[\(hostIndex)]", "\"\(ParamType.excerpt(host))\" is already a host of the link")
            }
            origins.append(origin)
        }
        for (stackIndex, name) in declaration.stack.enumerated() where definitions[name] == nil {
            throw NavError(.table, at: "\(path).stack[\(stackIndex)]",
                           "unknown route \"\(ParamType.excerpt(name))\"" + RouteTable.suggestion(for: name, in: definitions))
        }
        let target = try declaration.into.map { (into) throws(NavError) in
            guard declaration.tab == nil else { throw NavError(.table, at: "\(path).into", "give either \"tab\" or \"into\", not both") }
            return try LinkTarget.check(into, at: "\(path).into", layout: layout, layouts: layouts, definitions: definitions)
        }
        let routes: [String]
        if let target {
            routes = chain(of: declaration.stack, into: target, definitions: definitions)
            let sidebarRoot = target.sidebar.flatMap { sidebar in routes.first.map(sidebar.contains) } ?? false
            for route in routes.dropFirst(sidebarRoot ? 1 : 0) where !target.accepts(route) {
                throw NavError(.table, at: "\(path).into", "stack \"\(target.path)\" does not accept route \"\(route)\" of the link")
            }
        } else {
            routes = (declaration.stack.first.map { ancestors(of: $0, in: definitions, roots: roots(of: layout)) } ?? [])
                + declaration.stack
        }
        if let tab = declaration.tab { try checkTab(tab, of: routes, in: layout, at: path) }
        let layerRoutes = target?.layer.map { [$0] } ?? []
        let bindings = try self.bindings(of: template, routes: layerRoutes + routes, definitions: definitions, at: path)
        let placeholders = template.paramNames
        var slots: [[Link.Slot]] = []
        for route in routes {
            slots.append(try self.slots(of: route, placeholders: placeholders, definitions: definitions, at: "\(path).stack"))
        }
        let layerSlots = try layerRoutes.first.map { (route) throws(NavError) in
            try self.slots(of: route, placeholders: placeholders, definitions: definitions, at: "\(path).into")
        } ?? []
        return Link(declaration: declaration, routes: routes, template: template, origins: origins,
                    bindings: bindings, placeholders: placeholders, slots: slots, target: target, layerSlots: layerSlots)
    }

    /// Where each param of `route` takes its value from: a placeholder, else
    /// its default. A required param no placeholder binds is an error at `location`.
    @_optimize(size)
    private static func slots(of route: String, placeholders: [String], definitions: [String: RouteDefinition],
                              at location: String) throws(NavError) -> [Link.Slot] {
        var slots: [Link.Slot] = []
        for (param, spec) in definitions[route]?.params ?? [] {
            var standard: ParamValue?
            if case .defaulted(let value) = spec.presence { standard = value }
            if let index = placeholders.firstIndex(of: param) {
                slots.append(Link.Slot(param: param, placeholder: index, standard: standard, required: spec.presence == .required))
            } else if spec.presence == .required {
                throw NavError(.table, at: location,
                               "route \"\(route)\" requires param \"\(param)\", which the link does not bind (add {\(param)} to its url)")
            } else if standard != nil {
                slots.append(Link.Slot(param: param, placeholder: nil, standard: standard, required: false))
            }
        }
        return slots
    }

    /// The routes a link with `into` produces: the parents of its first
    /// route up to (not including) the root of the target stack, then its
    /// stack. For a split view's detail stack the chain starts at the
    /// sidebar route it reaches (the selection `open_url` makes), and a
    /// first route that is a sidebar route has no parents.
    @_optimize(size)
    static func chain(of stack: [String], into target: LinkTarget, definitions: [String: RouteDefinition]) -> [String] {
        guard let first = stack.first else { return [] }
        let sidebar = target.sidebar ?? []
        if target.rootName == nil && sidebar.contains(first) { return stack }
        let stops: Set<String> = target.rootName.map { [$0] } ?? Set(sidebar)
        var parents = ancestors(of: first, in: definitions, roots: stops)
        if target.rootName == nil, let parent = definitions[parents.first ?? first]?.parent, stops.contains(parent) {
            parents.insert(parent, at: 0)
        }
        return parents + stack
    }

    /// The names of the routes at the root of a base stack: a link's back
    /// stack stops below them, as the root is always there.
    @_optimize(size)
    static func roots(of layout: Layout) -> Set<String> {
        switch layout {
        case .stack(let root): return [root.name]
        case .split(let root, let sidebar, _): return Set(sidebar).union([root.name])
        case .tabs(let tabs): return Set(tabs.map(\.root.name))
        }
    }

    /// Checks that a link's `tab` is a tab of the layout that accepts every route of the link.
    @_optimize(size)
    private static func checkTab(_ name: String, of routes: [String], in layout: Layout, at path: String) throws(NavError) {
        guard case .tabs(let tabs) = layout else {
            throw NavError(.table, at: "\(path).tab", "no tab \"\(ParamType.excerpt(name))\": the route table declares no tabs")
        }
        guard let tab = tabs.first(where: { $0.name == name }) else {
            throw NavError(.table, at: "\(path).tab",
                           "unknown tab \"\(ParamType.excerpt(name))\" (tabs: \(tabs.map(\.name).joined(separator: ", ")))"
                               + NameSuggestion.didYouMean(name, among: tabs.map(\.name)))
        }
        for route in routes where !tab.accepts(route) {
            throw NavError(.table, at: "\(path).tab", "tab \"\(name)\" does not accept route \"\(route)\" of the link")
        }
    }

    /// Adds `link` (number `index`) to `trie`, each of its variants under each
    /// of its origins, after `links`, the links before it. Refuses a link that
    /// ties with an earlier link, or with itself, on some URL: both match it
    /// and neither outranks the other at any segment; the error names both
    /// and the shortest such URL. Two links without optional or catch-all
    /// segments are refused when they match one URL at all, whatever their
    /// ranks, as before ranks existed.
    @_optimize(size)
    static func insert(_ link: Link, index: Int, into trie: inout LinkTrie, links: [Link]) throws(NavError) {
        let variants = self.variants(of: link)
        func refuse(_ origin: Origin, _ other: Int, _ witness: [String], _ note: String) throws(NavError) {
            let url = origin.description + witness.map { "/" + PercentCoding.encode($0) }.joined()
            let with = other == index ? "itself: two ways of leaving out its optional segments"
                : "links[\(other)] \"\(links[other].pattern)\": both"
            throw NavError(.table, at: "links[\(index)]", "\"\(link.pattern)\" is ambiguous with \(with) match \(url)\(note)")
        }
        for origin in link.origins {
            if !link.template.hasVariableLength,
               let (other, witness) = trie.firstOverlap(variants[0].steps, origin: origin, sameRank: false,
                                                        counts: { $0.link < links.count && !links[$0.link].template.hasVariableLength }) {
                try refuse(origin, other.link, witness, " (query items never tell links apart)")
            }
            for variant in variants {
                if let (other, witness) = trie.firstOverlap(variant.steps, origin: origin, sameRank: true) {
                    try refuse(origin, other.link, witness, ", and neither outranks the other at any segment (query items never tell links apart)")
                }
                trie.insert(variant.steps, optionals: variant.optionals, origin: origin, link: index)
            }

        }
    }

    /// The paths of a link as trie steps, one per way of leaving out its
    /// optional segments (and a zero-or-more catch-all), shortest first,
    /// each with the bits of the optional segments it keeps.
    @_optimize(size)
    static func variants(of link: Link) -> [(steps: [LinkTrie.Step], optionals: UInt16)] {
        let optionalCount = link.template.segments.filter { if case .optional = $0 { return true } else { return false } }.count
        var variants: [(steps: [LinkTrie.Step], optionals: UInt16)] = []
        for mask in 0..<(1 << optionalCount) {
            var steps: [LinkTrie.Step] = []
            var optional = 0
            var tails: [[LinkTrie.Step]] = [[]]
            for segment in link.template.segments {
                switch segment {
                case .literal(let text):
                    steps.append(.literal(text))
                case .param(let name):
                    steps.append(.pattern(link.bindings[name].map(SegmentPattern.init) ?? .any, optional: false))
                case .optional(let name):
                    if mask & (1 << optional) != 0 {
                        steps.append(.pattern(link.bindings[name].map(SegmentPattern.init) ?? .any, optional: true))
                    }
                    optional += 1
                case .catchAll(let name, let zeroOrMore):
                    let item = link.bindings[name]?.type.itemType.map { SegmentPattern(ParamSpec(type: $0)) } ?? .any
                    tails = zeroOrMore ? [[], [.catchAll(item)]] : [[.catchAll(item)]]
                }
            }
            for tail in tails { variants.append((steps + tail, UInt16(mask))) }
        }
        return variants.sorted { $0.steps.count < $1.steps.count }
    }

    /// Each placeholder's spec: that of the last of `routes` declaring it.
    @_optimize(size)
    private static func bindings(of template: LinkTemplate, routes: [String], definitions: [String: RouteDefinition],
                                 at path: String) throws(NavError) -> [String: ParamSpec] {
        var bindings: [String: ParamSpec] = [:]
        for name in template.paramNames {
            var found: (route: String, spec: ParamSpec)?
            for route in routes {
                guard let spec = definitions[route]?.params.first(where: { $0.name == name })?.spec else { continue }
                if let previous = found, previous.spec.type != spec.type {
                    throw NavError(.table, at: "\(path).url",
                                   "placeholder {\(name)} is \(previous.spec.type.name) in route \"\(previous.route)\" but \(spec.type.name) in route \"\(route)\"")
                }
                found = (route, spec)
            }
            guard let found else {
                let names = routes.isEmpty ? "the link has no routes" : "its routes are " + routes.joined(separator: ", ")
                throw NavError(.table, at: "\(path).url", "placeholder {\(name)} is no param of the link's routes (\(names))")
            }
            let isList = found.spec.type.itemType != nil
            if isList, template.segments.contains(.param(name)) || template.segments.contains(.optional(name)) {
                throw NavError(.table, at: "\(path).url",
                               "placeholder {\(name)} is a \(found.spec.type.name): a list binds a repeated query key (?key={\(name)}), never a path segment (but a last catch-all {*\(name)} takes the rest of the path as a list)")
            }
            if !isList, let last = template.segments.last, case .catchAll(name, let zeroOrMore) = last {
                throw NavError(.table, at: "\(path).url",
                               "catch-all {*\(name)\(zeroOrMore ? "?" : "")} binds the segments as a list, but {\(name)} is \(found.spec.type.name): declare it a list, as {\"list\": \"string\"}")
            }
            if template.segments.contains(.optional(name)) {
                for route in routes where definitions[route]?.params.first(where: { $0.name == name })?.spec.presence == .required {
                    throw NavError(.table, at: "\(path).url",
                                   "optional segment {\(name)?} can be left out, but route \"\(route)\" requires {\(name)}: declare it \"optional\": true or give it a default")
                }
            }
            bindings[name] = found.spec
        }
        return bindings
    }
}
