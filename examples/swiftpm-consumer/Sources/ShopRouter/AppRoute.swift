import NavCore

/// The app's destinations as a typed enum, as a SwiftUI app declares them: each case is a route of
/// the shared table (Tests/vectors/tables/links.json), and carries ids, never whole models.
enum AppRoute: Hashable, Codable {
    case home
    case product(id: Int)
    case settings
    case settingsDetail(section: String)
    case subscription(plan: String)
    case userList
    case userDetail(id: Int)
    case userEdit(id: Int)

    /// The route as the navigator takes it: the table's name and params.
    var request: RouteRequest {
        switch self {
        case .home: RouteRequest(name: "home")
        case .product(let id): RouteRequest(name: "product", params: [("id", .int(id))])
        case .settings: RouteRequest(name: "settings")
        case .settingsDetail(let section): RouteRequest(name: "settingsDetail", params: [("section", .string(section))])
        case .subscription(let plan): RouteRequest(name: "subscription", params: [("plan", .string(plan))])
        case .userList: RouteRequest(name: "userList")
        case .userDetail(let id): RouteRequest(name: "userDetail", params: [("id", .int(id))])
        case .userEdit(let id): RouteRequest(name: "userEdit", params: [("id", .int(id))])
        }
    }

    /// The typed route of a route the navigator placed (a deep link's, a restored one);
    /// nil for a route of the table that this enum leaves out.
    init?(_ route: Route) {
        func int(_ name: String) -> Int? {
            guard case .int(let value)? = route.params.first(where: { $0.name == name })?.value else { return nil }
            return value
        }
        func string(_ name: String) -> String? {
            guard case .string(let value)? = route.params.first(where: { $0.name == name })?.value else { return nil }
            return value
        }
        switch route.name {
        case "home": self = .home
        case "product": guard let id = int("id") else { return nil }; self = .product(id: id)
        case "settings": self = .settings
        case "settingsDetail": guard let section = string("section") else { return nil }; self = .settingsDetail(section: section)
        case "subscription": guard let plan = string("plan") else { return nil }; self = .subscription(plan: plan)
        case "userList": self = .userList
        case "userDetail": guard let id = int("id") else { return nil }; self = .userDetail(id: id)
        case "userEdit": guard let id = int("id") else { return nil }; self = .userEdit(id: id)
        default: return nil
        }
    }
}
