/// The checks of a route an action places: against the table, its
/// redirects, and the tab that is to take it.
extension Navigator {
    /// Checks a route for the stack at `ref` and follows the table's
    /// redirects; a tab that does not accept the route placed is `.route`.
    func checked(_ request: RouteRequest, at location: String, for ref: StackRef, _ batch: Batch) throws(NavError) -> Route {
        try checkedDefined(request, at: location, for: ref, batch).route
    }

    /// `checked`, with the definition of the route it returns: the one the
    /// check found, looked up again only when a redirect changed the route.
    func checkedDefined(_ request: RouteRequest, at location: String, for ref: StackRef, _ batch: Batch)
        throws(NavError) -> (route: Route, definition: RouteDefinition?) {
        let placed = try placeableDefined(request, at: location)
        let route = try redirected(placed.route, at: location, batch)
        if case .contained(let holder, let child) = ref, !accepts(route.name, onStack: child, of: holder) {
            throw NavError(.route, at: "\(location).name", "route \"\(route.name)\" is not accepted by tab \"\(read(ref) { $0.name })\"")
        }
        return (route, route.name == placed.route.name ? placed.definition : table.definitions[route.name])
    }

    /// Whether stack `child` of the container `holder` holds takes route
    /// `name` (`Container.accepts`), read where it stands: a container
    /// bound from the table and read at once is not copied, one handed out
    /// by a function is.
    private func accepts(_ name: String, onStack child: Int, of holder: Int) -> Bool {
        if holder == Navigator.rootHolder { return root.accepts(name, onStack: child) }
        guard let container = containers[holder] else { return true }
        return container.accepts(name, onStack: child)
    }

    /// Checks a route an action places; errors are located under `location`.
    func placeable(_ request: RouteRequest, at location: String) throws(NavError) -> Route {
        try placeableDefined(request, at: location).route
    }

    /// `placeable`, with the definition it checked against.
    private func placeableDefined(_ request: RouteRequest, at location: String) throws(NavError) -> (route: Route, definition: RouteDefinition) {
        do {
            return try table.checkDefined(request)
        } catch {
            throw error.under(location)
        }
    }
}
