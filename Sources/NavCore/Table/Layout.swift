/// How a route is pushed when the target stack already shows an equal route
/// (same name and params): docs/structure.md.
public enum PushPolicy: String, Equatable, Sendable, CaseIterable {
    /// Always push: every entry has its own id.
    case allow
    /// No new entry when the top already shows an equal route.
    case singleTop = "single_top"
    /// Move an existing equal entry (above the root) to the top.
    case bringToFront = "bring_to_front"
    /// Replace a top entry of the same route name.
    case replaceTop = "replace_top"
}

/// A tab as the table declares it, before its root is checked.
public struct TabDeclaration: Equatable, Sendable {
    /// The tab's name.
    public let name: String
    /// Its root route.
    public let root: RouteRequest
    /// The route names it accepts, or nil for any.
    public let routes: [String]?
    /// The conditions the tab requires to be selected (`"requires"`), by name.
    public let requires: [String]
    /// What the tab bar shows (`"title"`); nil: its root's title.
    public let title: String?
    /// What the tab bar shows in each locale given (`"titles"`, docs/locales.md), by locale tag.
    public let titles: [String: String]

    /// Creates a declaration.
    public init(name: String, root: RouteRequest, routes: [String]? = nil, requires: [String] = [], title: String? = nil,
                titles: [String: String] = [:]) {
        self.name = name
        self.root = root
        self.routes = routes
        self.requires = requires
        self.title = title
        self.titles = titles
    }
}

/// A checked tab: its name, root route and the routes it accepts.
public struct Tab: Equatable, Sendable {
    /// The tab's name, which is also its stack's name.
    public let name: String
    /// The tab stack's root route.
    public let root: Route
    /// The route names the tab accepts (its root's always included), or nil for any.
    public let accepted: Set<String>?
    /// What the tab bar shows: the declared title, else its root's title.
    public let title: String
    /// What the tab bar shows in each locale that gives it, by locale tag:
    /// the declared title in that locale, else, for a tab that declares no
    /// title, its root's title in that locale (docs/locales.md).
    public let titles: [String: String]
    /// Whether the table declares the tab's title (`"title"`), rather than
    /// showing its root's.
    public let declaresTitle: Bool
    /// The conditions the tab requires to be selected (its own and its root
    /// route's), as indexes into the table's `conditions`.
    public internal(set) var requiredConditions: [Int] = []

    /// What the tab bar shows in `locale` (one of the table's, nil for its default).
    public func title(in locale: String?) -> String {
        locale.flatMap { titles[$0] } ?? title
    }

    /// Whether the tab's stack accepts a route of this name.
    public func accepts(_ routeName: String) -> Bool {
        accepted?.contains(routeName) ?? true
    }
}

/// The layout of the base stacks, as the table declares it.
public enum LayoutDeclaration: Equatable, Sendable {
    /// One stack, `main`, with this root.
    case stack(root: RouteRequest)
    /// One stack per tab.
    case tabs([TabDeclaration])
    /// A sidebar selection (initially `root`, one of `sidebar`) beside a
    /// `detail` stack; `title` names the sidebar (the Back label that goes to
    /// it), `titles` in other locales, by locale tag (docs/locales.md).
    case split(root: RouteRequest, sidebar: [String], title: String? = nil, titles: [String: String] = [:])
}

/// The checked layout of the base stacks.
public enum Layout: Equatable, Sendable {
    /// One stack, `main`.
    case stack(root: Route)
    /// One stack per tab, selected one at a time.
    case tabs([Tab])
    /// A `detail` stack whose root is the sidebar selection; `title` names
    /// the sidebar, nil when the table declares none.
    case split(root: Route, sidebar: [String], title: String?)

    /// Which layout a layout is, by its name in the state JSON (the raw value).
    public enum Kind: String, Equatable, Sendable, CaseIterable {
        /// One `main` stack.
        case stack
        /// One stack per tab.
        case tabs
        /// A split view's `detail` stack.
        case split
    }

    /// A split view's root (the selection it starts with and gives way to);
    /// nil for another layout.
    public var splitRoot: Route? {
        if case .split(let root, _, _) = self { return root }
        return nil
    }

    /// The layout's kind: its name in the state JSON is the raw value.
    public var kind: Kind {
        switch self {
        case .stack: return .stack
        case .tabs: return .tabs
        case .split: return .split
        }
    }
}

/// Behaviour switches of the table (`options`), or of a route layout's container.
public struct TableOptions: Equatable, Sendable {
    /// Selecting the selected tab pops it to its root.
    public var reselectPopsToRoot = true
    /// What `back` does at the root of a tab.
    public var backAtTabRoot = TabRootBack.previousTab
    /// Whether a route layout's container starts afresh whenever a tab switch
    /// around it hides it (docs/structure.md, "Nesting"); never for the table's own.
    public var resetOnLeave = false

    /// Whether `back` at the root of a tab returns to the previously selected tab.
    public var backToPreviousTab: Bool {
        get { backAtTabRoot == .previousTab }
        set { backAtTabRoot = newValue ? .previousTab : .none }
    }

    /// The defaults; `backAtTabRoot`, when given, takes the place of `backToPreviousTab`.
    public init(reselectPopsToRoot: Bool = true, backToPreviousTab: Bool = true, backAtTabRoot: TabRootBack? = nil,
                resetOnLeave: Bool = false) {
        self.reselectPopsToRoot = reselectPopsToRoot
        self.backAtTabRoot = backAtTabRoot ?? (backToPreviousTab ? .previousTab : .none)
        self.resetOnLeave = resetOnLeave
    }
}

/// What `back` does at the root of a tab (`back_at_tab_root`).
public enum TabRootBack: String, Equatable, Sendable, CaseIterable {
    /// The most recent tab of the container's tab history (`back_to_previous_tab`, the default).
    case previousTab = "previous_tab"
    /// The container's first tab, from any other tab; the tab history is forgotten.
    case firstTab = "first_tab"
    /// Nothing at this container: the level around it acts.
    case none
}
