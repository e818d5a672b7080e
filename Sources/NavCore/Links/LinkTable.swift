/// The links of a route table, checked when the table loads, with the trie
/// they are matched with and the route shown when no link matches.
public struct LinkTable: Equatable, Sendable {
    /// The longest URL, in bytes, that a link can match (`NAVCORE_MAX_URL_BYTES`).
    public static let maxURLBytes = Limits.maxUrlBytes

    /// Refuses a URL longer than `maxURLBytes`: `.limit` at `url`, whichever
    /// call it came through (`navcore_open_url`, an `open_url` action,
    /// `navcore_resolve_url`), so that one problem has one status.
    static func checkLength(_ url: String) throws(NavError) {
        let size = url.utf8.count
        guard size <= maxURLBytes else {
            throw NavError(.limit, at: "url", "a URL of \(size) bytes is over the \(maxURLBytes)-byte limit")
        }
    }

    /// The links, in table order: the first that produces a route gives its URL.
    public let links: [Link]
    /// The route `open_url` shows when no link matches (`"not_found"`), or nil.
    public let notFound: Route?
    /// The trie of every link's path under each of its origins.
    let trie: LinkTrie
    /// For each route name, the links that produce routes of that name
    /// whatever their params (`Link.producedName`), in table order.
    let producers: [String: [Int]]
    /// The links with an empty stack whose root route is known, in table
    /// order, with that root: they produce it (see `rootRoute`).
    let rootLinks: [(link: Int, root: Route)]
    /// Whether a link declares `into`: only then does `stack_url` look for
    /// a link that reaches a stack of the tree.
    let hasTargets: Bool
    /// Whether a link has an optional or catch-all segment: only then can two
    /// links match one URL, the higher-ranked taking it (docs/links.md,
    /// "Precedence"), so only then does `url_for` check that its URL
    /// resolves back to its link.
    let ranked: Bool

    /// Checks the parents of `definitions`, each link (see `LinkChecks`) and
    /// the `not_found` route. Errors are `.table`.
    init(_ declarations: [LinkDeclaration], notFound: RouteRequest?, definitions: [String: RouteDefinition],
         layout: Layout, layouts: [String: NestedLayout]) throws(NavError) {
        try LinkChecks.checkParents(definitions)
        var links: [Link] = []
        links.reserveCapacity(declarations.count)
        var trie = LinkTrie()
        var producers: [String: [Int]] = [:]
        var rootLinks: [(link: Int, root: Route)] = []
        for (index, declaration) in declarations.enumerated() {
            let link = try LinkChecks.link(declaration, index: index, definitions: definitions, layout: layout, layouts: layouts)
            try LinkChecks.insert(link, index: index, into: &trie, links: links)
            if let produced = link.producedName {
                producers[produced, default: []].append(index)
            } else if let root = LinkTable.rootRoute(of: link, in: layout) {
                rootLinks.append((index, root))
            }
            links.append(link)
        }
        self.links = links
        self.trie = trie
        self.producers = producers
        self.rootLinks = rootLinks
        hasTargets = links.contains { $0.target != nil }
        ranked = links.contains { $0.template.hasVariableLength }
        guard let notFound else {
            self.notFound = nil
            return
        }
        do {
            self.notFound = try RouteTable.check(notFound, in: definitions)
        } catch {
            throw NavError(.table, at: error.path == "name" ? "not_found" : "not_found." + error.path, error.detail)
        }
    }

    /// The root route a link with an empty stack stands for, when the table
    /// fixes it: that of its `into` stack (a tab's root, the one stack's), of
    /// its tab, or of the one stack. Nil for an untabbed link over tabs or a
    /// split view: it pops whichever stack is active to its root, which
    /// depends on the selection, so it produces no route in particular; nil
    /// for a link into a `detail` stack, whose root is the sidebar selection.
    /// (A link into a layer's own stack produces the layer's route, whatever
    /// its params: see `Link.producedName`.)
    static func rootRoute(of link: Link, in layout: Layout) -> Route? {
        if let target = link.target { return target.root }
        switch layout {
        case .stack(let root): return root
        case .split: return nil
        case .tabs(let tabs): return tabs.first { $0.name == link.declaration.tab }?.root
        }
    }

    /// Tables are equal when their links and `not_found` routes are.
    public static func == (lhs: LinkTable, rhs: LinkTable) -> Bool {
        lhs.links == rhs.links && lhs.notFound == rhs.notFound
    }
}
