@_exported import TestSupport
import NavCore

/// The shop app's route table, built without JSON.
func shopTable() throws(NavError) -> RouteTable {
    try RouteTable(version: 1, root: RouteRequest(name: "home"), definitions: [
        RouteDefinition(name: "home", params: [:], title: title("Home")),
        RouteDefinition(name: "category", params: ["slug": ParamSpec(type: .string)], title: title("{slug}")),
        RouteDefinition(name: "product", params: ["id": ParamSpec(type: .int)], title: title("Product {id}")),
        RouteDefinition(name: "checkout", params: [:], title: title("Checkout")),
        RouteDefinition(name: "subscription",
                        params: ["plan": ParamSpec(type: .oneOf(["monthly", "yearly"]), presence: .defaulted(.string("monthly")))],
                        title: title("Plan {plan}")),
        RouteDefinition(name: "search",
                        params: ["q": ParamSpec(type: .string, presence: .optional)], title: nil),
        RouteDefinition(name: "account", params: ["user": ParamSpec(type: .uuid)], title: nil),
        RouteDefinition(name: "flags", params: ["on": ParamSpec(type: .bool)], title: title("Flags {on}")),
    ])
}

/// A parsed title template, or a test failure.
func title(_ text: String) throws(NavError) -> TitleTemplate {
    try TitleTemplate.parse(text).get()
}

/// A request for `product(id)`.
func product(_ id: Int) -> RouteRequest {
    RouteRequest(name: "product", params: [("id", .int(id))])
}

/// A request for `category(slug)`.
func category(_ slug: String) -> RouteRequest {
    RouteRequest(name: "category", params: [("slug", .string(slug))])
}

/// The ids of the active stack, root first.
func ids(_ navigator: Navigator) -> [Int] {
    navigator.activeStack.entries.map(\.id)
}


/// A shop with three tabs (the cart tab accepts only its own routes), sheets
/// and covers, a single-top checkout restored by `checkoutRestore`, and `conditions`.
func tabsTable(options: TableOptions = TableOptions(), checkoutRestore: RestorePolicy = .dropAbove,
               conditions: [ConditionDeclaration] = []) throws(NavError) -> RouteTable {
    try RouteTable(
        layout: .tabs([
            TabDeclaration(name: "shop", root: RouteRequest(name: "home")),
            TabDeclaration(name: "cart", root: RouteRequest(name: "cart"), routes: ["checkout", "product"]),
            TabDeclaration(name: "settings", root: RouteRequest(name: "settings")),
        ]),
        definitions: [
            RouteDefinition(name: "home", params: [:], title: title("Home")),
            RouteDefinition(name: "product", params: ["id": ParamSpec(type: .int)], title: title("Product {id}")),
            RouteDefinition(name: "cart", params: [:], title: title("Cart")),
            RouteDefinition(name: "checkout", params: [:], title: title("Checkout"), pushPolicy: .singleTop, restorePolicy: checkoutRestore),
            RouteDefinition(name: "settings", params: [:], title: title("Settings")),
            RouteDefinition(name: "login", params: [:], title: title("Sign in")),
        ],
        options: options, conditions: conditions)
}

/// The ids of every stack, base stacks then layers.
func allIDs(_ navigator: Navigator) -> [Int] {
    navigator.bases.flatMap { $0.entries.map(\.id) } + navigator.layers.flatMap { $0.stack.entries.map(\.id) }
}
