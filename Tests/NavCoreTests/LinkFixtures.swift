import NavCore

/// The shop app's links table (Tests/vectors/tables/links.json), built without JSON.
func linksTable(extraLinks: [LinkDeclaration] = [], notFound: RouteRequest? = nil) throws(NavError) -> RouteTable {
    let plan = ParamSpec(type: .oneOf(["monthly", "yearly"]), presence: .defaulted(.string("monthly")), fallback: true)
    return try RouteTable(
        root: RouteRequest(name: "home"),
        definitions: [
            RouteDefinition(name: "home", params: [:], title: title("Home")),
            RouteDefinition(name: "category", params: ["slug": ParamSpec(type: .string)], title: title("{slug}")),
            RouteDefinition(name: "product", params: ["id": ParamSpec(type: .int)], title: title("Product {id}")),
            RouteDefinition(name: "settings", params: [:], title: title("Settings")),
            RouteDefinition(name: "settingsDetail", params: ["section": ParamSpec(type: .oneOf(["privacy", "notifications", "account"]))],
                            title: title("Settings: {section}"), parent: "settings"),
            RouteDefinition(name: "subscription", params: ["plan": plan], title: title("Subscription ({plan})"), parent: "settings"),
            RouteDefinition(name: "search", params: ["q": ParamSpec(type: .string, presence: .optional),
                                                     "page": ParamSpec(type: .int, presence: .defaulted(.int(1)))], title: nil),
            RouteDefinition(name: "userList", params: [:], title: title("Users")),
            RouteDefinition(name: "userDetail", params: ["id": ParamSpec(type: .int)], title: title("User {id}"), parent: "userList"),
            RouteDefinition(name: "userEdit", params: ["id": ParamSpec(type: .int)], title: title("Edit user {id}"), parent: "userDetail"),
            RouteDefinition(name: "order", params: ["order": ParamSpec(type: .uuid), "gift": ParamSpec(type: .bool, presence: .defaulted(.bool(false)))],
                            title: nil),
            RouteDefinition(name: "checkout", params: [:], title: title("Checkout")),
            RouteDefinition(name: "notFound", params: [:], title: title("Not found")),
        ],
        links: [
            LinkDeclaration(url: "myapp://product/{id}", stack: ["product"], mode: .push),
            LinkDeclaration(url: "https://shop.example.com/product/{id}", hosts: ["www.shop.example.com"], stack: ["product"]),
            LinkDeclaration(url: "myapp://category/{slug}", stack: ["category"]),
            LinkDeclaration(url: "myapp://category/{slug}/product/{id}", stack: ["category", "product"]),
            LinkDeclaration(url: "myapp://users", stack: ["userList"]),
            LinkDeclaration(url: "myapp://users/{id}", stack: ["userDetail"]),
            LinkDeclaration(url: "myapp://users/{id}/edit", stack: ["userEdit"]),
            LinkDeclaration(url: "myapp://settings", stack: ["settings"]),
            LinkDeclaration(url: "myapp://settings/subscription?plan={plan}", stack: ["subscription"]),
            LinkDeclaration(url: "myapp://settings/{section}", stack: ["settingsDetail"]),
            LinkDeclaration(url: "https://shop.example.com/settings/subscription?plan={plan}", stack: ["settings", "subscription"]),
            LinkDeclaration(url: "myapp://search?q={q}&page={page}", stack: ["search"]),
            LinkDeclaration(url: "myapp://orders/{order}?gift={gift}", stack: ["order"]),
            LinkDeclaration(url: "myapp://home", stack: []),
        ] + extraLinks,
        notFound: notFound)
}

/// The routes a URL resolves to, as `name(params)` texts: `userDetail(id: 42)`.
func routeTexts(_ routes: [Route]) -> [String] {
    routes.map { route in
        route.params.isEmpty ? route.name : "\(route.name)(" + route.params.map { "\($0.name): \($0.value.text)" }.joined(separator: ", ") + ")"
    }
}

/// The names of the active stack's entries, root first.
func names(_ navigator: Navigator) -> [String] {
    navigator.activeStack.entries.map(\.route.name)
}
