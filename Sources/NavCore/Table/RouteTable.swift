/// The app's declaration of routes: the root route, each route's params and
/// title, and the links (URL patterns) that resolve to stacks of routes.
/// Every route that enters a navigator is checked here.
public struct RouteTable: Equatable, Sendable {
    /// The format number a table must declare (`"navcore": 1`).
    public static let format = 1

    /// The app's own table version (`"version"`), 1 when not given.
    public let version: Int
    /// The root route of the main stack.
    public let root: Route
    /// The declared routes, by name.
    public let definitions: [String: RouteDefinition]
    /// The links, their matching trie and the `not_found` route.
    public let links: LinkTable

    /// Creates a table; the root request is checked like any route, then the
    /// parents, the links and the `not_found` route (see `LinkTable`).
    /// Errors are `.table`, located at `root`, the offending route or link.
    public init(version: Int = 1, root: RouteRequest, definitions: [RouteDefinition],
                links: [LinkDeclaration] = [], notFound: RouteRequest? = nil) throws(NavError) {
        guard version >= 1 else { throw NavError(.table, at: "version", "must be an integer >= 1, got \(version)") }
        guard !definitions.isEmpty else { throw NavError(.table, at: "routes", "declares no route") }
        var byName: [String: RouteDefinition] = [:]
        for definition in definitions {
            guard RouteTable.isValidName(definition.name) else {
                throw NavError(.table, at: "routes", "bad route name \"\(definition.name)\" (use letters, digits, _ - .)")
            }
            for (param, _) in definition.params where !RouteTable.isValidName(param) {
                throw NavError(.table, at: "routes.\(definition.name).params", "bad param name \"\(param)\" (use letters, digits, _ - .)")
            }
            guard byName.updateValue(definition, forKey: definition.name) == nil else {
                throw NavError(.table, at: "routes", "route \"\(definition.name)\" is declared twice")
            }
        }
        self.version = version
        self.definitions = byName
        do {
            self.root = try RouteTable.check(root, in: byName)
        } catch {
            let path = error.path == "name" ? "root" : "root." + error.path
            throw NavError(.table, at: path, error.detail)
        }
        self.links = try LinkTable(links, notFound: notFound, definitions: byName, root: self.root)
    }

    /// Checks a requested route against the table: `.route` for an unknown
    /// name (located at `name`), `.params` for params (located at `params.X`).
    public func check(_ request: RouteRequest) throws(NavError) -> Route {
        try RouteTable.check(request, in: definitions)
    }

    /// The resolved title of a checked route.
    public func title(for route: Route) -> String {
        definitions[route.name]?.title(for: route) ?? route.name
    }

    /// Whether `name` is a valid route or param name: non-empty letters, digits, `_`, `-`, `.`.
    public static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "."):
                return true
            default:
                return false
            }
        }
    }

    static func check(_ request: RouteRequest, in definitions: [String: RouteDefinition]) throws(NavError) -> Route {
        guard let definition = definitions[request.name] else {
            throw NavError(.route, at: "name", "unknown route \"\(ParamType.excerpt(request.name))\"" + suggestion(for: request.name, in: definitions))
        }
        return try definition.check(request)
    }

    /// ` (did you mean "product"?)` when a declared name is close to `name`.
    static func suggestion(for name: String, in definitions: [String: RouteDefinition]) -> String {
        let candidates = definitions.keys.sorted()
            .map { (name: $0, distance: editDistance(Array(name.utf8.prefix(64)), Array($0.utf8.prefix(64)))) }
            .filter { $0.distance <= 2 }
        guard let best = candidates.min(by: { $0.distance < $1.distance }) else { return "" }
        return " (did you mean \"\(best.name)\"?)"
    }

    /// Levenshtein distance with adjacent transpositions counted as one edit.
    static func editDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [Int](repeating: 0, count: b.count + 1)
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previous2[j - 2] + 1)
                }
            }
            previous2 = previous
            previous = current
        }
        return previous[b.count]
    }
}
