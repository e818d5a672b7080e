// Drives the navcore core from Swift: a two-route table, one push, one refused push.
import NavCore

/// The table of the README's examples: `home`, and `product` titled by its `id`.
func shopTable() throws(NavError) -> RouteTable {
    guard case .success(let productTitle) = TitleTemplate.parse("Product {id}"),
          case .success(let homeTitle) = TitleTemplate.parse("Home") else {
        throw NavError(.table, at: "title", "bad template")
    }
    return try RouteTable(
        root: RouteRequest(name: "home"),
        definitions: [
            RouteDefinition(name: "home", params: [:], title: homeTitle),
            RouteDefinition(name: "product", params: ["id": ParamSpec(type: .int)], title: productTitle),
        ]
    )
}

do {
    var navigator = Navigator(table: try shopTable())
    let pushed = try navigator.apply([.push(RouteRequest(name: "product", params: [("id", .int(42))]))])
    print("now showing", pushed.after.top.title)
    do {
        _ = try navigator.apply([.push(RouteRequest(name: "prodcut", params: [("id", .int(7))]))])
    } catch {
        print(error.kind, error.message)  // the C status name is the C layer's: here, the kind `route`
    }
    print(navigator.activeStack.entries.map(\.title))
} catch {
    print("error:", error)
}
