/// One requested change to a navigator. A list of actions applies atomically.
public enum Action: Equatable, Sendable {
    /// Which entry `popTo` pops to.
    public enum Target: Equatable, Sendable {
        /// The entry with this id.
        case id(Int)
        /// The topmost entry with this route name.
        case name(String)
    }

    /// Adds an entry for the route on top.
    case push(RouteRequest)
    /// Removes up to `count` (>= 1) entries, never the root.
    case pop(count: Int)
    /// Removes the entries above the target, and the target too when inclusive.
    case popTo(Target, inclusive: Bool)
    /// Removes every entry above the root.
    case popToRoot
    /// Replaces the top entry (not the root) with an entry for the route.
    case replace(RouteRequest)
    /// Makes these routes the path above the root.
    case setStack([RouteRequest])
    /// Places the routes of the link a URL matches (mode nil: the link's own).
    case openURL(String, mode: OpenMode?)

    /// The action's `op` as JSON spells it.
    public var op: String {
        switch self {
        case .push: return "push"
        case .pop: return "pop"
        case .popTo: return "pop_to"
        case .popToRoot: return "pop_to_root"
        case .replace: return "replace"
        case .setStack: return "set_stack"
        case .openURL: return "open_url"
        }
    }
}
