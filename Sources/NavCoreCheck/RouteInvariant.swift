import NavCore

/// A table's own invariant in its JSON form (docs/tools.md, "Your own invariants"):
/// an entry of `route` only in a stack with an entry of `under` below it,
/// or (`under` nil) no entry of `route` at all.
public struct RouteInvariant: Equatable, Sendable {
    /// The invariant's name, which its counterexample carries.
    public let name: String
    /// The route it constrains.
    public let route: String
    /// The route that must be below it in the same stack; nil: the route is never reached.
    public let under: String?

    /// An invariant on `route`.
    public init(name: String, route: String, under: String?) {
        self.name = name
        self.route = route
        self.under = under
    }

    /// What breaks the invariant in `navigator`, nil when it holds.
    func violation(in navigator: Navigator) -> String? {
        for stack in navigator.everyStack {
            let names = stack.entries.map(\.route.name)
            for (index, name) in names.enumerated() where name == route {
                guard let under else { return "an entry of \"\(route)\" is on stack \"\(stack.name)\"" }
                if !names[..<index].contains(under) {
                    return "an entry of \"\(route)\" on stack \"\(stack.name)\" has no \"\(under)\" below it"
                }
            }
        }
        return nil
    }
}
