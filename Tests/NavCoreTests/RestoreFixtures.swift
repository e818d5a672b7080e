import NavCore

/// The shop app at table version 1, 2 or 3, as Tests/vectors/tables/restore_v*.json
/// declare it: v2 renames `item(sku)` to `product(id)`; v3 maps the plan
/// `annual` to `yearly`, drops `promo` (keeping what was above it) and gives
/// `search` a required `page`. Checkout and order confirmation are never restored.
func shopTable(version: Int) throws(NavError) -> RouteTable {
    var definitions = [
        try RouteDefinition(name: "home", params: [:], title: title("Home")),
        try RouteDefinition(name: "category", params: ["slug": ParamSpec(type: .string)], title: title("{slug}")),
        try RouteDefinition(name: "cart", params: [:], title: title("Cart")),
        try RouteDefinition(name: "checkout", params: [:], title: title("Checkout"), restorePolicy: .never),
        try RouteDefinition(name: "order_confirmation", params: ["order": ParamSpec(type: .int)], title: title("Order {order}"),
                            restorePolicy: .never),
        try RouteDefinition(name: "settings", params: [:], title: title("Settings")),
        try RouteDefinition(name: "subscription",
                            params: ["plan": ParamSpec(type: .oneOf(version < 3 ? ["monthly", "annual"] : ["monthly", "yearly"]))],
                            title: title("Plan {plan}")),
    ]
    definitions.append(version == 1
        ? try RouteDefinition(name: "item", params: ["sku": ParamSpec(type: .int)], title: title("Item {sku}"))
        : try RouteDefinition(name: "product", params: ["id": ParamSpec(type: .int)], title: title("Product {id}")))
    if version < 3 {
        definitions.append(try RouteDefinition(name: "promo", params: ["code": ParamSpec(type: .string)], title: title("Promo {code}")))
    }
    var searchParams = ["q": ParamSpec(type: .string)]
    if version >= 3 { searchParams["page"] = ParamSpec(type: .int) }
    definitions.append(try RouteDefinition(name: "search", params: searchParams, title: title("Search {q}")))
    let migrations = [
        Migration(from: 1, steps: [.renameRoute(from: "item", to: "product"), .renameParam(route: "product", from: "sku", to: "id")]),
        Migration(from: 2, steps: [
            .mapParam(route: "subscription", param: "plan", values: [MigrationStep.ValueMapping(from: .string("annual"), to: .string("yearly"))]),
            .dropRoute("promo", policy: .keepAbove),
            .addParam(route: "search", param: "page", value: .int(1)),
        ]),
    ]
    return try RouteTable(version: version, layout: .stack(root: RouteRequest(name: "home")), definitions: definitions,
                          app: "shop", migrations: Array(migrations.prefix(version - 1)))
}

/// A one-stack snapshot of the shop at `version` with these routes (ids 1...).
func shopSnapshot(version: Int, _ routes: [RouteRequest], app: String? = "shop") -> Snapshot {
    let items = routes.enumerated().map { Snapshot.Item(id: $0.offset + 1, route: $0.element) }
    return Snapshot(app: app, tableVersion: version, nextID: routes.count + 1, seq: 3, layout: .stack, selectedTab: nil,
                    tabHistory: [], stacks: [Snapshot.Stack(name: "main", items: items)], presentations: [])
}

/// A route request by name and params.
func route(_ name: String, _ params: [(String, InputValue)] = []) -> RouteRequest {
    RouteRequest(name: name, params: params)
}

/// The ids kept on each stack, by stack name.
func keptIDs(_ report: RestoreReport) -> [String: [Int]] {
    Dictionary(uniqueKeysWithValues: report.kept.map { ($0.stack, $0.ids) })
}

/// Each dropped entry as "id:reason".
func droppedReasons(_ report: RestoreReport) -> [String] {
    report.dropped.map { "\($0.id):\($0.reason.rawValue)" }
}
