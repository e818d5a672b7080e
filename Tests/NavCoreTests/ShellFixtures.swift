@testable import NavCore

/// A shop with tabs whose sign-in wall Back may not dismiss and whose picker
/// sheet absorbs a double tap (`single_top`), with a `not_found` route that
/// the cart tab does not list.
func shellTabsTable() throws(NavError) -> RouteTable {
    try RouteTable(
        layout: .tabs([
            TabDeclaration(name: "shop", root: RouteRequest(name: "home")),
            TabDeclaration(name: "cart", root: RouteRequest(name: "cart"), routes: ["checkout", "product"]),
        ]),
        definitions: [
            RouteDefinition(name: "home", params: [:], title: title("Home")),
            RouteDefinition(name: "product", params: ["id": ParamSpec(type: .int)], title: title("Product {id}")),
            RouteDefinition(name: "cart", params: [:], title: title("Cart")),
            RouteDefinition(name: "checkout", params: [:], title: title("Checkout")),
            RouteDefinition(name: "login", params: [:], title: title("Sign in"), dismissable: false),
            RouteDefinition(name: "picker", params: [:], title: title("Pick"), presentPolicy: .singleTop),
            RouteDefinition(name: "missing", params: [:], title: title("Not found")),
        ],
        links: [LinkDeclaration(url: "shop://product/{id}", stack: ["product"], tab: "shop"),
                LinkDeclaration(url: "shop://checkout", stack: ["checkout"])],
        notFound: RouteRequest(name: "missing"))
}

/// A mail app in a split view: the sidebar lists the inbox and the archive;
/// `sidebarTitle` names the sidebar (none by default).
func shellSplitTable(sidebarTitle: String? = nil) throws(NavError) -> RouteTable {
    try RouteTable(layout: .split(root: RouteRequest(name: "inbox"), sidebar: ["inbox", "archive"], title: sidebarTitle), definitions: [
        RouteDefinition(name: "inbox", params: [:], title: title("Inbox")),
        RouteDefinition(name: "archive", params: [:], title: title("Archive")),
        RouteDefinition(name: "mail", params: ["id": ParamSpec(type: .int)], title: title("Mail {id}")),
        RouteDefinition(name: "login", params: [:], title: title("Sign in"), dismissable: false),
    ])
}
