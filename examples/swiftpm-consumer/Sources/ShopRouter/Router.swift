import NavCore

/// The one object that owns the path, as in the seeds' router: screens call it, never the
/// navigator. The path lives in a `Navigator`, a value, so that its rules (params checked against
/// the table, Back at the root, links that build whole stacks) are the ones C, Python and the
/// shells get from the same table.
final class Router {
    /// The whole navigation state.
    private(set) var navigator: Navigator

    /// A router at the table's root screen.
    init(table: RouteTable) {
        navigator = Navigator(table: table)
    }

    /// The screens above the root, typed.
    var path: [AppRoute] {
        navigator.activeStack.path.compactMap { AppRoute($0.route) }
    }

    /// The titles from the root up: what a navigation bar and VoiceOver read.
    var titles: [String] {
        navigator.activeStack.entries.map(\.title)
    }

    /// Applies `actions` atomically, or none of them: every change of the path goes through here.
    func apply(_ actions: [Action]) throws(NavError) {
        _ = try navigator.apply(actions)
    }

    /// Shows `route` above the current screen.
    func navigate(to route: AppRoute) throws(NavError) {
        try apply([.push(route.request)])
    }

    /// Removes the top screen; at the root it changes nothing.
    func goBack() throws(NavError) {
        try apply([.pop(count: 1)])
    }

    /// Returns to the root screen.
    func popToRoot() throws(NavError) {
        try apply([.popToRoot()])
    }

    /// Sets the whole path above the root at once (atomically: a refused route changes nothing).
    func replace(with routes: [AppRoute]) throws(NavError) {
        try apply([.setStack(routes.map(\.request))])
    }
}
