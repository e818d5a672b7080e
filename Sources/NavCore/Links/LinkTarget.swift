/// Where a link that declares `into` places its routes (docs/links.md, "Links
/// into nested containers"): a stack of the tree, named by a static path
/// that the table's check resolves when it loads. The first part is a base
/// stack (a tab, `main` or `detail`) or a route presented as a layer over the
/// whole app; each further part is a stack of the container that the
/// previous stack's root holds (a tab, or `detail`). A class, so that
/// resolving a link (a hot path) reads its target without copying it.
public final class LinkTarget: Equatable, Sendable {
    /// The path as the link declares it (`settings/privacy`).
    public let path: String
    /// The route whose layer over the whole app holds the target, nil for a
    /// base stack: `open_url` reuses an open layer whose root is an equal
    /// route, or presents one.
    public let layer: String?
    /// The index of the base stack; 0 when `layer` is set.
    public let base: Int
    /// For each part after the first, the index of its stack in the container
    /// the previous stack's root holds.
    public let levels: [Int]
    /// The sidebar routes when the target is a split view's `detail` stack
    /// (the link's first route, if one of them, is selected); nil otherwise.
    public let sidebar: [String]?
    /// The name of the target stack's root route; nil for a `detail` stack,
    /// whose root follows the sidebar selection.
    let rootName: String?
    /// The target stack's root route when the table fixes it (a tab's root,
    /// the one stack's); nil for a layer's own stack, whose route takes its
    /// params from the URL, and for a `detail` stack.
    let root: Route?
    /// The route names the target stack accepts (a tab's `routes`), nil for any.
    let accepted: Set<String>?

    /// Creates a checked target (see `check`).
    init(path: String, layer: String?, base: Int, levels: [Int], sidebar: [String]?, root: Route?, rootName: String?,
         accepted: Set<String>?) {
        self.path = path
        self.layer = layer
        self.base = base
        self.levels = levels
        self.sidebar = sidebar
        self.root = root
        self.rootName = rootName
        self.accepted = accepted
    }

    /// Targets are equal when their paths resolve alike.
    public static func == (lhs: LinkTarget, rhs: LinkTarget) -> Bool {
        lhs.path == rhs.path && lhs.layer == rhs.layer && lhs.base == rhs.base && lhs.levels == rhs.levels
            && lhs.sidebar == rhs.sidebar && lhs.root == rhs.root && lhs.rootName == rhs.rootName && lhs.accepted == rhs.accepted
    }

    /// Resolves `path` against the table's layout and the routes' layouts.
    /// Errors are `.table` at `location`, naming the first part that does not
    /// exist and what is there, with a "did you mean".
    @_optimize(size)
    static func check(_ path: String, at location: String, layout: Layout, layouts: [String: NestedLayout],
                      definitions: [String: RouteDefinition]) throws(NavError) -> LinkTarget {
        let parts = path.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        guard !parts.contains(where: \.isEmpty) else {
            throw NavError(.table, at: location, "\"\(ParamType.excerpt(path))\" has an empty part (parts are separated by one \"/\")")
        }
        var layer: String?
        var base = 0
        var root: Route?
        var sidebar: [String]?
        var accepted: Set<String>?
        let first = parts[0]
        switch layout {
        case .tabs(let tabs) where tabs.contains { $0.name == first }:
            base = tabs.firstIndex { $0.name == first } ?? 0
            root = tabs[base].root
            accepted = tabs[base].accepted
        case .stack(let main) where first == Navigator.mainStack:
            root = main
        case .split(_, let routes, _) where first == Navigator.detailStack:
            sidebar = routes
        default:
            guard definitions[first] != nil else {
                let stacks = NestedLayout(layout: layout, options: TableOptions()).baseNames
                throw NavError(.table, at: location,
                               "unknown stack \"\(ParamType.excerpt(first))\": no base stack (\(stacks.joined(separator: ", "))) and no route of that name to present"
                               + NameSuggestion.didYouMean(first, among: stacks + definitions.keys))
            }
            layer = first
        }
        var rootName = layer ?? root?.name
        var walked = first
        var levels: [Int] = []
        for part in parts.dropFirst() {
            guard let holder = rootName else {
                throw NavError(.table, at: location,
                               "\"\(walked)\" is a split view's detail stack: its root follows the sidebar selection, so no stack can be named below it")
            }
            guard let nested = layouts[holder] else {
                throw NavError(.table, at: location, "\"\(walked)\" holds no container: its root \"\(holder)\" declares no layout")
            }
            let names = nested.stackNames
            guard let index = names.firstIndex(of: part) else {
                throw NavError(.table, at: location,
                               "unknown stack \"\(ParamType.excerpt(walked + "/" + part))\": \"\(walked)\" holds "
                               + names.map { "\(walked)/\($0)" }.joined(separator: ", ") + NameSuggestion.didYouMean(part, among: names))
            }
            levels.append(index)
            switch nested.layout {
            case .tabs(let tabs):
                root = tabs[index].root
                accepted = tabs[index].accepted
            case .split(_, let routes, _):
                root = nil
                sidebar = routes
                accepted = nil
            case .stack(let only):
                root = only
                accepted = nil
            }
            rootName = root?.name
            walked += "/" + part
        }
        return LinkTarget(path: path, layer: layer, base: base, levels: levels, sidebar: sidebar,
                          root: root, rootName: rootName, accepted: accepted)
    }

    /// Whether the target stack accepts a route of this name.
    func accepts(_ name: String) -> Bool {
        accepted?.contains(name) ?? true
    }
}

extension NestedLayout {
    /// The names of the base stacks of a table with this layout: `main`, the tabs', or `detail`.
    var baseNames: [String] {
        if case .stack = layout { return [Navigator.mainStack] }
        return stackNames
    }
}

extension RouteTable {
    /// The style a link with `into` presents its layer with when no open
    /// layer has an equal root (docs/links.md, "Links into nested
    /// containers"): `sheet` when the table declares that style, else its
    /// first style. `resolve` reports it with the layers.
    public var linkLayerStyle: String {
        styles.first { $0 == "sheet" } ?? styles.first ?? "sheet"
    }
}
