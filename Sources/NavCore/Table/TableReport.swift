/// What a route table declares, as one value to inspect, and the warnings for
/// what loads but is probably wrong (docs/tools.md): the core of `navcore lint`
/// and `navcore graph`, the same for every language.
public struct TableReport: Equatable, Sendable {
    /// A link with the stack it builds.
    public struct LinkInfo: Equatable, Sendable {
        /// Its index in the table's `links`.
        public let index: Int
        /// The link as the table declares it.
        public let declaration: LinkDeclaration
        /// The routes it places, root side first: the parent chain of its
        /// first route, then its declared stack (below them, the root of the
        /// stack it places on, which is always there).
        public let chain: [String]
        /// The placeholders of its URL, path first, then query.
        public let placeholders: [String]
        /// The rank of each path segment of its pattern, in the numbers of
        /// the precedence table of docs/links.md: 1 static, 2 typed
        /// placeholder, 3 untyped placeholder, 4 optional, 5 catch-all (which
        /// ranks every segment it takes). Of two links that match one URL,
        /// the one stronger at the first segment where they differ takes it.
        public let rank: [Int]
    }

    /// The table reported on.
    public let table: RouteTable
    /// Every link, in table order.
    public let links: [LinkInfo]
    /// The warnings, grouped by kind in the order of `TableWarning.Kind`, each
    /// group in table order (routes by name).
    public let warnings: [TableWarning]

    /// Reports on `table`.
    @_optimize(size)
    public init(_ table: RouteTable) {
        self.table = table
        links = table.links.links.enumerated().map { index, link in
            LinkInfo(index: index, declaration: link.declaration, chain: link.routes, placeholders: link.placeholders,
                     rank: TableReport.rank(of: link))
        }
        warnings = TableReport.pushOnlyRoutes(table, links)
            + TableReport.linksLeavingTheirTab(table, links)
            + TableReport.linksRefusedByTabs(table, links)
            + TableReport.unboundParams(table, links)
            + TableReport.unusedConditions(table)
    }

    /// The rank of each path segment of `link`: that of its longest variant
    /// (every optional segment present, a catch-all taking one segment).
    static func rank(of link: Link) -> [Int] {
        LinkChecks.variants(of: link).last?.steps.map(\.rank.number) ?? []
    }

    /// The route names in name order.
    public var routeNames: [String] { table.definitions.keys.sorted() }

    /// Each condition's requirers: `routes.NAME` and `tabs[I]` places, routes
    /// (by name) first, then the tabs of route layouts
    /// (`routes.NAME.layout.tabs[I]`, by route name). A tab requires what its
    /// root route requires.
    public var requirers: [[String]] {
        var places = Array(repeating: [String](), count: table.conditions.count)
        for name in routeNames {
            for index in table.definitions[name]?.requiredConditions ?? [] { places[index].append("routes.\(name)") }
        }
        for (position, tab) in table.tabs.enumerated() {
            for index in tab.requiredConditions { places[index].append("tabs[\(position)]") }
        }
        for name in table.layouts.keys.sorted() {
            guard case .tabs(let tabs)? = table.layouts[name]?.layout else { continue }
            for (position, tab) in tabs.enumerated() {
                for index in tab.requiredConditions { places[index].append("routes.\(name).layout.tabs[\(position)]") }
            }
        }
        return places
    }

    /// The routes that show without a direct push: the table's root, tab
    /// roots, sidebar routes, flow routes, the `not_found` route, redirect
    /// targets, every route of a link's chain (its parents included) and the
    /// layer route of a link's `into`.
    @_optimize(size)
    static func reachedRoutes(_ table: RouteTable, _ links: [LinkInfo]) -> Set<String> {
        var reached = LinkChecks.roots(of: table.layout)
        for route in table.flowRoutes { if let route { reached.insert(route.name) } }
        if let notFound = table.links.notFound { reached.insert(notFound.name) }
        for redirect in table.redirects.all { reached.insert(redirect.to.name) }
        for link in links { reached.formUnion(link.chain) }
        // A link's `into` presents its layer route.
        for link in table.links.links { if let layer = link.target?.layer { reached.insert(layer) } }
        // The roots and sidebar of a layout show with every entry of its route.
        var holders = reached.filter { table.layouts[$0] != nil }
        while let holder = holders.popFirst() {
            guard let layout = table.layouts[holder] else { continue }
            for root in LinkChecks.roots(of: layout.layout) where reached.insert(root).inserted && table.layouts[root] != nil {
                holders.insert(root)
            }
        }
        return reached
    }

    /// `push_only_route`: a route nothing of the table places.
    @_optimize(size)
    static func pushOnlyRoutes(_ table: RouteTable, _ links: [LinkInfo]) -> [TableWarning] {
        let reached = reachedRoutes(table, links)
        return table.definitions.keys.sorted().filter { !reached.contains($0) }.map { name in
            TableWarning(.pushOnlyRoute, at: "routes.\(name)",
                         "no link, tab root, sidebar, flow, redirect, parent chain or not_found names route \"\(name)\": only a direct push or present shows it")
        }
    }

    /// `link_leaves_tab`: a tabbed link whose first route's parent chain runs
    /// into the root of another base stack, where it is cut: the stack the
    /// link builds lacks the parents the table declares beyond it.
    @_optimize(size)
    static func linksLeavingTheirTab(_ table: RouteTable, _ links: [LinkInfo]) -> [TableWarning] {
        let tabs = table.tabs
        return links.compactMap { link in
            guard let tabName = link.declaration.tab, let tab = tabs.first(where: { $0.name == tabName }),
                  let first = link.chain.first else { return nil }
            guard let parent = table.definitions[first]?.parent, parent != tab.root.name,
                  let other = tabs.first(where: { $0.root.name == parent }) else { return nil }
            return TableWarning(.linkLeavesTab, at: "links[\(link.index)]",
                                "the parent chain of route \"\(first)\" leaves tab \"\(tabName)\": its parent \"\(parent)\" is the root of tab \"\(other.name)\", so the link builds [\(tab.root.name), \(link.chain.joined(separator: ", "))] without it")
        }
    }

    /// `link_refused_by_tab`: a link naming no tab (nor an `into` stack), over
    /// tabs of which some do not accept a route of its chain: opening it
    /// while such a tab is selected fails (`NAVCORE_EROUTE`).
    @_optimize(size)
    static func linksRefusedByTabs(_ table: RouteTable, _ links: [LinkInfo]) -> [TableWarning] {
        links.compactMap { link in
            guard link.declaration.tab == nil && link.declaration.into == nil else { return nil }
            let refusing = table.tabs.compactMap { tab in
                link.chain.first { !tab.accepts($0) }.map { "tab \"\(tab.name)\" does not accept \"\($0)\"" }
            }
            guard !refusing.isEmpty else { return nil }
            return TableWarning(.linkRefusedByTab, at: "links[\(link.index)]",
                                "the link names no tab and fails on the tabs that refuse its routes: " + refusing.joined(separator: ", "))
        }
    }

    /// `unbound_param`: a param of a route that links place, which none of
    /// those links binds: a URL can never give it a value.
    @_optimize(size)
    static func unboundParams(_ table: RouteTable, _ links: [LinkInfo]) -> [TableWarning] {
        var bound: [String: Set<String>] = [:]
        for link in links {
            for route in link.chain {
                let params = Set(table.definitions[route]?.params.map(\.name) ?? [])
                bound[route, default: []].formUnion(params.intersection(link.placeholders))
            }
        }
        return bound.keys.sorted().flatMap { route in
            (table.definitions[route]?.params ?? []).filter { !(bound[route]?.contains($0.name) ?? false) }.map { param in
                TableWarning(.unboundParam, at: "routes.\(route).params.\(param.name)",
                             "no link binds param \"\(param.name)\" of route \"\(route)\": a URL always gives it its default or none")
            }
        }
    }

    /// `unused_condition`: a condition no route or tab requires and no redirect tests.
    @_optimize(size)
    static func unusedConditions(_ table: RouteTable) -> [TableWarning] {
        var used = Set<Int>()
        for definition in table.definitions.values { used.formUnion(definition.requiredConditions) }
        for tab in table.tabs { used.formUnion(tab.requiredConditions) }
        for redirects in table.redirects.byName.values { for redirect in redirects { used.formUnion(redirect.when.keys) } }
        return table.conditions.enumerated().filter { !used.contains($0.offset) }.map { _, condition in
            TableWarning(.unusedCondition, at: "conditions.\(condition.name)",
                         "no route or tab requires condition \"\(condition.name)\" and no redirect tests it"
                            + (condition.flow == nil ? "" : ": its flow never shows"))
        }
    }
}

/// A warning of a table report: something the table allows that is probably
/// a mistake, with a stable `kind` and its place in the table.
public struct TableWarning: Equatable, Sendable {
    /// What is probably wrong. The raw values are stable: scripts match them.
    public enum Kind: String, Equatable, Sendable, CaseIterable {
        /// A route no link, tab root, sidebar, flow, redirect, parent chain or
        /// `not_found` names: only a direct push or present shows it.
        case pushOnlyRoute = "push_only_route"
        /// A tabbed link whose parent chain runs into another tab's root.
        case linkLeavesTab = "link_leaves_tab"
        /// An untabbed link whose routes some tab does not accept.
        case linkRefusedByTab = "link_refused_by_tab"
        /// A param of a linked route that no link binds.
        case unboundParam = "unbound_param"
        /// A condition no route or tab requires.
        case unusedCondition = "unused_condition"
    }

    /// The warning's kind.
    public let kind: Kind
    /// Its place in the table (`routes.register`, `links[2]`, `conditions.onboarded`).
    public let path: String
    /// What is wrong, in words, naming the things involved.
    public let message: String

    /// A warning of `kind` at `path`.
    @_optimize(size)
    public init(_ kind: Kind, at path: String, _ message: String) {
        self.kind = kind
        self.path = path
        self.message = message
    }
}
