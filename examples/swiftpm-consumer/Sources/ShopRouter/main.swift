// Loads the shared route table from its JSON file (the `NavCoreTable` product) and drives it
// through a typed router: navigation, deep links and restoration (docs/swift.md).
import FoundationEssentials
import NavCore
import NavCoreTable

/// The table's file: the argument, else the shared table as seen from the project's root.
let tablePath = CommandLine.arguments.dropFirst().first ?? "Tests/vectors/tables/links.json"

do {
    let router = Router(table: try RouteTable(contentsOfFile: tablePath))
    try router.navigate(to: .product(id: 42))
    print("navigate:", router.titles)
    try router.goBack()
    try router.goBack()
    print("goBack twice:", router.titles)

    _ = try router.open("myapp://users/42/edit")
    print("link:", router.path.map { "\($0)" })
    _ = try router.open("https://shop.example.com/settings/subscription?plan=weekly")
    print("link:", router.titles)
    print("unknown link opened:", try router.open("myapp://nowhere"), router.titles)

    let data = try JSONEncoder().encode(SavedPath(path: [.settings, .settingsDetail(section: "billing"), .userDetail(id: 7)]))
    let relaunched = Router(table: try RouteTable(contentsOfFile: tablePath))
    let dropped = try relaunched.restore(try JSONDecoder().decode(SavedPath.self, from: data))
    print("restored:", relaunched.titles, "dropped:", dropped.map { "\($0)" }.joined(separator: ", "))

    do {
        _ = try RouteTable(json: #"{"navcore": 1, "root": "home", "routes": {"home": {"push_policy": "singleton"}}}"#)
    } catch {
        print("bad table:", error.kind, error.message)
    }
} catch {
    print("error:", error)
}
