/// A route's own layout (`"layout"` in its declaration): the container that
/// every entry of the route holds, with the same keys as the table's
/// top-level `tabs` or `root` + `split`, and its own `options`
/// (docs/structure.md, "Nesting").
public struct NestedLayoutDeclaration: Equatable, Sendable {
    /// Tabs or a split view; a plain stack is refused (an entry already sits on one).
    public let layout: LayoutDeclaration
    /// The container's own behaviour switches.
    public let options: TableOptions

    /// Creates a declaration.
    @_optimize(size)
    public init(_ layout: LayoutDeclaration, options: TableOptions = TableOptions()) {
        self.layout = layout
        self.options = options
    }
}

/// A checked route layout: what an entry of the route holds.
public struct NestedLayout: Equatable, Sendable {
    /// Tabs or a split view, checked like the table's own.
    public let layout: Layout
    /// The container's own behaviour switches.
    public let options: TableOptions
    /// A split view's sidebar title in each locale that gives it, by locale tag (docs/locales.md).
    public private(set) var sidebarTitles: [String: String] = [:]

    /// The names of the container's stacks, in order: its tabs', or `detail`.
    public var stackNames: [String] {
        switch layout {
        case .tabs(let tabs): return tabs.map(\.name)
        case .split, .stack: return [Navigator.detailStack]
        }
    }

    /// The initial roots of the container's stacks, in order.
    var roots: [Route] {
        switch layout {
        case .tabs(let tabs): return tabs.map(\.root)
        case .split(let root, _, _), .stack(let root): return [root]
        }
    }

    /// The routes whose entries can be a root of the container's stacks:
    /// the tabs' roots, or every sidebar route.
    var rootNames: [String] {
        switch layout {
        case .tabs(let tabs): return tabs.map(\.root.name)
        case .split(_, let sidebar, _): return sidebar
        case .stack(let root): return [root.name]
        }
    }
}

extension NestedLayout {
    /// The table's own layout, options and sidebar titles: the layout of the
    /// navigator's root container.
    init(rootOf table: RouteTable) {
        self.init(layout: table.layout, options: table.options, sidebarTitles: table.localization.sidebarTitles)
    }
}

extension RouteTable {
    /// Checks every route's layout against the routes, then that layouts
    /// neither contain themselves (through the roots of their stacks) nor
    /// nest deeper than `Limits.maxNesting` containers, the table's own
    /// counted. Errors are `.table` at `routes.NAME.layout`.
    @_optimize(size)
    static func checkLayouts(_ definitions: [String: RouteDefinition], root: Layout,
                             notFound: String?) throws(NavError) -> [String: NestedLayout] {
        var layouts: [String: NestedLayout] = [:]
        for name in definitions.keys.sorted() {
            guard let declared = definitions[name]?.layout else { continue }
            let location = "routes.\(name).layout"
            if case .stack = declared.layout {
                throw NavError(.table, at: location, "needs \"tabs\", or \"root\" with \"split\": an entry already sits on a stack")
            }
            do {
                var titles: [String: String] = [:]
                if case .split(_, _, _, let given) = declared.layout { titles = given }
                layouts[name] = NestedLayout(layout: try check(declared.layout, in: definitions, notFound: notFound), options: declared.options,
                                             sidebarTitles: titles)
            } catch {
                throw error.under(location)
            }
        }
        guard !layouts.isEmpty else { return layouts }
        var depths: [String: Int] = [:]
        for name in layouts.keys.sorted() {
            var chain: [String] = []
            let depth = try nestingDepth(of: name, layouts, &depths, &chain)
            guard depth < Limits.maxNesting else {
                throw NavError(.table, at: "routes.\(name).layout",
                               "nests \(depth + 1) containers deep with the table's own, more than the limit of \(Limits.maxNesting)")
            }
        }
        let rootDepth = NestedLayout(layout: root, options: TableOptions()).rootNames.map { depths[$0] ?? 0 }.max() ?? 0
        guard rootDepth < Limits.maxNesting else {
            throw NavError(.table, at: "routes", "the layouts nest \(rootDepth + 1) containers deep from the table's own, more than the limit of \(Limits.maxNesting)")
        }
        return layouts
    }

    /// How many containers nest from an entry of route `name`, its own
    /// counted (0 for a route without a layout); `chain` holds the routes
    /// being walked, so that a layout met again is a cycle.
    @_optimize(size)
    private static func nestingDepth(of name: String, _ layouts: [String: NestedLayout], _ depths: inout [String: Int],
                                     _ chain: inout [String]) throws(NavError) -> Int {
        if let known = depths[name] { return known }
        guard let layout = layouts[name] else { return 0 }
        if let start = chain.firstIndex(of: name) {
            let cycle = (chain[start...] + [name]).joined(separator: " > ")
            throw NavError(.table, at: "routes.\(chain[start]).layout", "layout cycle: \(cycle) (a container would hold itself)")
        }
        chain.append(name)
        var deepest = 0
        for child in layout.rootNames {
            deepest = max(deepest, try nestingDepth(of: child, layouts, &depths, &chain))
        }
        chain.removeLast()
        depths[name] = deepest + 1
        return deepest + 1
    }
}
