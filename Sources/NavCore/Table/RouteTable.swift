/// The app's declaration of routes: each route's params and title, the
/// layout of the base stacks (one stack, tabs or a split view), and the links
/// (URL patterns) that resolve to stacks of routes. Every route that enters a
/// navigator is checked here.
public struct RouteTable: Equatable, Sendable {
    /// The presentation styles when the table declares none.
    public static let defaultStyles = ["sheet", "cover"]

    /// The app's own table version (`"version"`), 1 when not given.
    public var version: Int { box.parts.version }
    /// The app's id (`"app"`), stamped on snapshots so that another app's are refused; nil when none.
    public var app: String? { box.parts.app }
    /// How to bring older snapshots forward, by the version each starts from.
    public var migrations: [Int: Migration] { box.parts.migrations }
    /// The base stacks: one `main` stack, tabs, or a split view.
    public var layout: Layout { box.parts.layout }
    /// The declared routes, by name.
    public var definitions: [String: RouteDefinition] { box.parts.definitions }
    /// Behaviour switches.
    public var options: TableOptions { box.parts.options }
    /// The presentation styles the app uses.
    public var styles: [String] { box.parts.styles }
    /// The links, their matching trie and the `not_found` route.
    public var links: LinkTable { box.parts.links }
    /// The conditions the host sets, in declaration order (docs/conditions.md).
    public var conditions: [ConditionDeclaration] { box.parts.conditions }
    /// Each condition's checked flow route (nil: it has no flow), by condition index.
    var flowRoutes: [Route?] { box.parts.flowRoutes }
    /// Whether any route or tab requires a condition: when none does, placing
    /// a route checks nothing.
    var hasRequirements: Bool { box.parts.hasRequirements }
    /// The layout of each route that declares one, by route name: what its
    /// entries hold (docs/structure.md, "Nesting"). Empty for a flat table.
    public var layouts: [String: NestedLayout] { box.parts.layouts }
    /// The declarative redirects and their limit (docs/conditions.md, "Redirects and guards").
    public var redirects: Redirects { box.parts.redirects }
    /// The locales the table gives titles and announcements in (docs/locales.md); empty for most tables.
    public var localization: Localization { box.parts.localization }

    /// The table's parts, in one box that every copy shares. A table is
    /// read far more often than made, and a navigator, its session and each
    /// restore hold one: boxed, a copy costs one retain instead of one per
    /// part, and a navigator passed by value moves half the bytes.
    private let box: Box

    /// The box of a table's parts.
    private final class Box: Sendable {
        let parts: Parts
        init(_ parts: Parts) { self.parts = parts }
    }

    /// What a table holds, compared part by part.
    private struct Parts: Equatable, Sendable {
        let version: Int
        let app: String?
        let migrations: [Int: Migration]
        let layout: Layout
        let definitions: [String: RouteDefinition]
        let options: TableOptions
        let styles: [String]
        let links: LinkTable
        let conditions: [ConditionDeclaration]
        let flowRoutes: [Route?]
        let hasRequirements: Bool
        let layouts: [String: NestedLayout]
        let redirects: Redirects
        let localization: Localization
    }

    /// Whether two tables declare the same: the same box, or equal parts.
    public static func == (lhs: RouteTable, rhs: RouteTable) -> Bool {
        lhs.box === rhs.box || lhs.box.parts == rhs.box.parts
    }

    /// Creates a table with one `main` stack whose root is `root`.
    @_optimize(size)
    public init(version: Int = 1, root: RouteRequest, definitions: [RouteDefinition],
                links: [LinkDeclaration] = [], notFound: RouteRequest? = nil) throws(NavError) {
        try self.init(version: version, layout: .stack(root: root), definitions: definitions, links: links, notFound: notFound)
    }

    /// Creates a table; every root is checked like any route, then the
    /// parents, the links and the `not_found` route (see `LinkTable`). Errors
    /// are `.table`, located at the offending place (`root`, `tabs[1].routes[0]`,
    /// `links[2].url`, `conditions`, `redirects[0].when`).
    @_optimize(size)
    public init(version: Int = 1, layout: LayoutDeclaration, definitions: [RouteDefinition],
                options: TableOptions = TableOptions(), styles: [String] = RouteTable.defaultStyles,
                app: String? = nil, migrations: [Migration] = [],
                links: [LinkDeclaration] = [], notFound: RouteRequest? = nil,
                conditions: [ConditionDeclaration] = [],
                redirects: [RedirectDeclaration] = [], redirectLimit: Int = Redirects.defaultLimit,
                announcements: [String: AnnouncementWords] = [:]) throws(NavError) {
        guard version >= 1 else { throw NavError(.table, at: "version", "must be an integer >= 1, got \(version)") }
        if let app, !RouteTable.isValidName(app) {
            throw NavError(.table, at: "app", "bad app id \"\(ParamType.excerpt(app))\" (use letters, digits, _ - .)")
        }
        guard !definitions.isEmpty else { throw NavError(.table, at: "routes", "declares no route") }
        var byName: [String: RouteDefinition] = [:]
        for definition in definitions {
            guard RouteTable.isValidName(definition.name) else {
                throw NavError(.table, at: "routes", "bad route name \"\(definition.name)\" (use letters, digits, _ - .)")
            }
            for (param, spec) in definition.params {
                guard RouteTable.isValidName(param) else {
                    throw NavError(.table, at: "routes.\(definition.name).params", "bad param name \"\(param)\" (use letters, digits, _ - .)")
                }
                guard case .oneOf(let values) = spec.type else { continue }
                for (index, value) in values.enumerated() {
                    if let problem = ParamType.controlCharacterProblem(value) {
                        throw NavError(.table, at: "routes.\(definition.name).params.\(param).enum[\(index)]", problem)
                    }
                }
            }
            guard byName.updateValue(definition, forKey: definition.name) == nil else {
                throw NavError(.table, at: "routes", "route \"\(definition.name)\" is declared twice")
            }
        }
        try RouteTable.checkNames(styles, at: "styles", what: "style")
        try RouteTable.checkConditions(conditions)
        let checkedMigrations = try Migration.check(migrations, version: version)
        var checkedLayout = try RouteTable.check(layout, in: byName, notFound: notFound.map(\.name))
        var checkedLayouts = try RouteTable.checkLayouts(byName, root: checkedLayout, notFound: notFound.map(\.name))
        let requirements = try RouteTable.resolveRequirements(definitions: &byName, layout: &checkedLayout, declared: layout,
                                                              layouts: &checkedLayouts, conditions: conditions, styles: styles)
        let linkTable = try LinkTable(links, notFound: notFound, definitions: byName, layout: checkedLayout,
                                      layouts: checkedLayouts)
        let checkedRedirects = try Redirects(redirects, limit: redirectLimit, definitions: byName, conditions: conditions)
        let checkedLocalization = try Localization(definitions: byName, layout: layout, announcements: announcements, styles: styles)
        box = Box(Parts(version: version, app: app, migrations: checkedMigrations, layout: checkedLayout, definitions: byName,
                        options: options, styles: styles, links: linkTable, conditions: conditions,
                        flowRoutes: requirements.flowRoutes, hasRequirements: requirements.any, layouts: checkedLayouts,
                        redirects: checkedRedirects, localization: checkedLocalization))
    }

    /// The initial root route of the first base stack.
    public var root: Route {
        switch layout {
        case .stack(let root), .split(let root, _, _): return root
        case .tabs(let tabs): return tabs.first?.root ?? Route(name: "", params: [])
        }
    }

    /// The tabs, or none for another layout.
    public var tabs: [Tab] {
        if case .tabs(let tabs) = layout { return tabs }
        return []
    }

    /// Checks the declared layout against the routes. Every tab accepts the
    /// `not_found` route (docs/links.md), declared in its `routes` or not.
    @_optimize(size)
    static func check(_ layout: LayoutDeclaration, in definitions: [String: RouteDefinition],
                              notFound: String?) throws(NavError) -> Layout {
        switch layout {
        case .stack(let root):
            return .stack(root: try checkRoot(root, at: "root", in: definitions))
        case .split(let root, let sidebar, let title, _):
            guard !sidebar.isEmpty else { throw NavError(.table, at: "split.sidebar", "must list at least one route") }
            try checkRouteList(sidebar, at: "split.sidebar", in: definitions)
            let checked = try checkRoot(root, at: "root", in: definitions)
            guard sidebar.contains(checked.name) else {
                throw NavError(.table, at: "root", "\"\(checked.name)\" is not one of the sidebar routes")
            }
            if let problem = title.flatMap(ParamType.controlCharacterProblem) {
                throw NavError(.table, at: "split.title", problem)
            }
            return .split(root: checked, sidebar: sidebar, title: title)
        case .tabs(let declarations):
            try checkNames(declarations.map(\.name), at: "tabs", what: "tab")
            var tabs: [Tab] = []
            for (index, tab) in declarations.enumerated() {
                let root = try checkRoot(tab.root, at: "tabs[\(index)].root", in: definitions)
                var accepted: Set<String>?
                if let routes = tab.routes {
                    try checkRouteList(routes, at: "tabs[\(index)].routes", in: definitions)
                    accepted = Set(routes).union([root.name] + (notFound.map { [$0] } ?? []))
                }
                if let problem = tab.title.flatMap(ParamType.controlCharacterProblem) {
                    throw NavError(.table, at: "tabs[\(index)].title", problem)
                }
                // A tab without a title of its own shows its root's, in every locale.
                let rootTitles = tab.title == nil ? definitions[root.name]?.titles.mapValues { $0.render(root.params) } ?? [:] : [:]
                tabs.append(Tab(name: tab.name, root: root, accepted: accepted,
                                title: tab.title ?? definitions[root.name]?.title(for: root) ?? tab.name,
                                titles: rootTitles.merging(tab.titles) { $1 }, declaresTitle: tab.title != nil))
            }
            return .tabs(tabs)
        }
    }

    /// Checks a root route; errors become `.table` at `location`.
    @_optimize(size)
    static func checkRoot(_ request: RouteRequest, at location: String,
                                  in definitions: [String: RouteDefinition]) throws(NavError) -> Route {
        do {
            return try check(request, in: definitions)
        } catch {
            throw NavError(.table, at: error.path == "name" ? location : "\(location).\(error.path)", error.detail)
        }
    }

    /// Checks that a list of route names names declared routes, each once.
    @_optimize(size)
    private static func checkRouteList(_ names: [String], at location: String,
                                       in definitions: [String: RouteDefinition]) throws(NavError) {
        var seen: Set<String> = []
        for (index, name) in names.enumerated() {
            guard definitions[name] != nil else {
                throw NavError(.table, at: "\(location)[\(index)]", "unknown route \"\(ParamType.excerpt(name))\"" + suggestion(for: name, in: definitions))
            }
            guard seen.insert(name).inserted else {
                throw NavError(.table, at: "\(location)[\(index)]", "route \"\(name)\" is listed twice")
            }
        }
    }

    /// Checks that `names` are valid, distinct and not empty.
    @_optimize(size)
    private static func checkNames(_ names: [String], at location: String, what: String) throws(NavError) {
        guard !names.isEmpty else { throw NavError(.table, at: location, "must list at least one \(what)") }
        var seen: Set<String> = []
        for (index, name) in names.enumerated() {
            guard isValidName(name) else {
                throw NavError(.table, at: "\(location)[\(index)]", "bad \(what) name \"\(ParamType.excerpt(name))\" (use letters, digits, _ - .)")
            }
            guard seen.insert(name).inserted else {
                throw NavError(.table, at: "\(location)[\(index)]", "\(what) \"\(name)\" is declared twice")
            }
        }
    }

    /// Checks a requested route against the table: `.route` for an unknown
    /// name (located at `name`), `.params` for params (located at `params.X`).
    public func check(_ request: RouteRequest) throws(NavError) -> Route {
        try RouteTable.check(request, in: definitions)
    }

    /// `check`, with the definition it checked against (one lookup serves
    /// a push's check, policy and title).
    func checkDefined(_ request: RouteRequest) throws(NavError) -> (route: Route, definition: RouteDefinition) {
        let definition = try RouteTable.definition(of: request.name, in: definitions)
        return (try definition.check(request), definition)
    }

    /// The resolved title of a checked route.
    public func title(for route: Route) -> String {
        definitions[route.name]?.title(for: route) ?? route.name
    }

    /// The resolved title of a checked route in `locale` (one of the
    /// table's, nil for its default; docs/locales.md).
    public func title(for route: Route, in locale: String?) -> String {
        definitions[route.name]?.title(for: route, in: locale) ?? route.name
    }

    /// Whether `name` is a valid route or param name: non-empty letters, digits, `_`, `-`, `.`.
    public static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "."):
                return true
            default:
                return false
            }
        }
    }

    static func check(_ request: RouteRequest, in definitions: [String: RouteDefinition]) throws(NavError) -> Route {
        try definition(of: request.name, in: definitions).check(request)
    }

    /// The definition of route `name`: `.route` at `name` for an unknown one.
    private static func definition(of name: String, in definitions: [String: RouteDefinition]) throws(NavError) -> RouteDefinition {
        guard let definition = definitions[name] else {
            throw NavError(.route, at: "name", "unknown route \"\(ParamType.excerpt(name))\"" + suggestion(for: name, in: definitions))
        }
        return definition
    }

    /// ` (did you mean "product"?)` when a declared route name is close to `name`.
    @_optimize(size)
    static func suggestion(for name: String, in definitions: [String: RouteDefinition]) -> String {
        NameSuggestion.didYouMean(name, among: definitions.keys)
    }
}
