import NavCore
import NavCoreSession

/// Every link lands (docs/links.md): `open_url` of the URL `url_for` wrote
/// for a route, from any state, either opens it (the route on top of a
/// stack, the one the link places it on, and `url_for` of that entry gives the URL back: the
/// round-trip law) or holds it as the pending intent, or is refused by a
/// blocker (`NAVCORE_EBLOCKED`) or by a tab that does not accept its routes.
/// Checked on every `open_url` the search tries.
struct LinkLaw {
    /// The law's name.
    static let name = "links_land"

    /// What breaks the law when `url`, written for `route` (empty: a link with no route to land), gave
    /// `after` (nil: it failed with `error`).
    static func violation(url: String, route: String, table: RouteTable, after: Navigator?, error: NavError?) -> String? {
        if let error {
            // A blocker may refuse a link; so may a tab that does not accept its routes, which is the
            // table's choice and which `navcore lint` warns about (`link_refused_by_tab`).
            guard error.kind == .blocked || (error.kind == .route && refusedByATab(route, in: table)) else {
                return "open_url of \(url) (written for \"\(route)\") failed: \(error.kind.status.name) \(error.message)"
            }
            return nil
        }
        guard let after, !route.isEmpty else { return nil }
        // Without `dismiss`, a link places its routes beneath what is presented (docs/links.md): the
        // route is on top of the stack the link placed it on, which need not be the active one.
        guard let top = after.everyStack.map(\.top).first(where: { $0.route.name == route }) else {
            if after.pending != nil { return nil }
            return "open_url of \(url) left no stack with \"\(route)\" on top, and holds no intent"
        }
        let back = try? after.table.url(for: top.route)
        guard back == url else {
            return "url_for of the opened \"\(route)\" gives \(back ?? "no URL"), not \(url)"
        }
        return nil
    }

    /// Whether a tab of the table, at any level, does not accept `route` (any route, for an empty one).
    private static func refusedByATab(_ route: String, in table: RouteTable) -> Bool {
        return table.everyLayout.contains { layout in
            guard case .tabs(let tabs) = layout else { return false }
            return tabs.contains { $0.accepted != nil && (route.isEmpty || !$0.accepts(route)) }
        }
    }
}
