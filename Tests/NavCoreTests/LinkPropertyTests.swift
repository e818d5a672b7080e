import TestSupport
import XCTest
@testable import NavCore

/// The round-trip law of links, from a seeded generator: for every link and
/// valid params, `url(for:)` then `resolve` gives back the route, by the
/// first link that produces it; and no input makes matching trap.
final class LinkPropertyTests: XCTestCase {
    typealias Random = SplitMix64

    /// Characters that test the encoding: reserved, `+`, `%`, space, non-ASCII.
    private static let alphabet = Array("aZ09-._~ /?#&=+%;:@!$'()*,[]éß☕😀\u{301}")

    private func randomString(_ random: inout Random, nonEmpty: Bool) -> String {
        let count = Int.random(in: (nonEmpty ? 1 : 0)...8, using: &random)
        return String((0..<count).map { _ in LinkPropertyTests.alphabet.randomElement(using: &random) ?? "a" })
    }

    private func randomValue(_ type: ParamType, _ random: inout Random, inPath: Bool) -> InputValue {
        switch type {
        case .string: return .string(randomString(&random, nonEmpty: inPath))
        case .int: return .int(Int.random(in: Int.min...Int.max, using: &random))
        case .bool: return .bool(Bool.random(using: &random))
        case .uuid:
            let hex = Array("0123456789abcdefABCDEF")
            let groups = [8, 4, 4, 4, 12].map { count in String((0..<count).map { _ in hex.randomElement(using: &random) ?? "0" }) }
            return .string(groups.joined(separator: "-"))
        case .oneOf(let values): return .string(values.randomElement(using: &random) ?? "")
        case .list(let item):
            // Often empty; items as a query value takes them (empty strings too).
            return .array((0..<Int.random(in: 0...4, using: &random)).map { _ in randomValue(item, &random, inPath: false) })
        }
    }

    /// A route of `link`'s last route with random values for the params the
    /// link binds (and nothing else), or nil for a link with an empty stack.
    private func randomRoute(for link: Link, in table: RouteTable, _ random: inout Random) throws -> Route? {
        guard let name = link.routes.last, let definition = table.definitions[name] else { return nil }
        let pathParams = Set(link.template.segments.compactMap { if case .param(let name) = $0 { return name } else { return nil } })
        var params: [(String, InputValue)] = []
        for (param, spec) in definition.params where link.bindings[param] != nil {
            if !pathParams.contains(param), spec.presence != .required, Bool.random(using: &random) { continue }
            params.append((param, randomValue(spec.type, &random, inPath: pathParams.contains(param))))
        }
        return try table.check(RouteRequest(name: name, params: params))
    }

    /// Checks the law for `route` in `table`; returns the URL.
    @discardableResult
    private func checkRoundTrip(_ route: Route, in table: RouteTable, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let url = try table.url(for: route)
        let resolution = try table.resolve(url)
        XCTAssertEqual(resolution.routes.last, route, "\(url)", file: file, line: line)
        XCTAssertEqual(resolution.link?.routes.last, route.name, url, file: file, line: line)
        XCTAssertEqual(try table.url(for: route), url, "canonical URLs are stable", file: file, line: line)
        XCTAssertTrue(url.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F }, "a canonical URL is printable ASCII: \(url)", file: file, line: line)
        return url
    }

    func testURLForThenResolveGivesBackTheRouteOnTheShopTable() throws {
        let run = SeededRun("LinkPropertyTests.testURLForThenResolveGivesBackTheRouteOnTheShopTable", seed: 20_261_203, rounds: 300)
        var random = run.random
        let table = try linksTable()
        for _ in 0..<run.rounds {
            for link in table.links.links {
                guard let route = try randomRoute(for: link, in: table, &random) else { continue }
                try checkRoundTrip(route, in: table)
            }
        }
    }

    func testOpenURLOfURLForEndsWithTheRoute() throws {
        let run = SeededRun("LinkPropertyTests.testOpenURLOfURLForEndsWithTheRoute", seed: 99, rounds: 200)
        var random = run.random
        let table = try linksTable()
        var navigator = Navigator(table: table)
        for _ in 0..<run.rounds {
            guard let link = table.links.links.randomElement(using: &random),
                  let route = try randomRoute(for: link, in: table, &random) else { continue }
            let url = try table.url(for: route)
            _ = try navigator.apply([.openURL(url, mode: Bool.random(using: &random) ? .push : .replace)])
            XCTAssertEqual(navigator.activeStack.top.route, route, url)
        }
    }

    func testTheLawHoldsOnRandomTables() throws {
        let run = SeededRun("LinkPropertyTests.testTheLawHoldsOnRandomTables", seed: 4242, rounds: 60)
        var random = run.random
        let types: [ParamType] = [.string, .int, .bool, .uuid, .oneOf(["red", "green", "0"]), .oneOf(["true", "blue"])]
        var checkedLinks = 0
        for _ in 0..<run.rounds {
            var definitions = [try RouteDefinition(name: "home", params: [:], title: nil)]
            var links: [LinkDeclaration] = []
            for index in 0..<12 {
                var specs: [String: ParamSpec] = [:]
                var segments: [String] = []
                for depth in 0..<Int.random(in: 0...4, using: &random) {
                    if Bool.random(using: &random) {
                        segments.append(["a", "b", "red", "0", "true", "é x"].randomElement(using: &random) ?? "a")
                    } else {
                        let name = "p\(depth)"
                        specs[name] = ParamSpec(type: types.randomElement(using: &random) ?? .string)
                        segments.append("{\(name)}")
                    }
                }
                var query: [String] = []
                if Bool.random(using: &random) {
                    specs["q"] = ParamSpec(type: types.randomElement(using: &random) ?? .string, presence: .optional)
                    query.append("k%20ey={q}")
                }
                definitions.append(try RouteDefinition(name: "r\(index)", params: specs, title: nil))
                let path = segments.map { $0.hasPrefix("{") ? $0 : PercentCoding.encode($0) }.joined(separator: "/")
                links.append(LinkDeclaration(url: "app://host/" + path + (query.isEmpty ? "" : "?" + query.joined(separator: "&")),
                                             stack: ["r\(index)"]))
            }
            // Keep the links that do not collide with an earlier one.
            var kept: [LinkDeclaration] = []
            for link in links {
                if (try? RouteTable(root: RouteRequest(name: "home"), definitions: definitions, links: kept + [link])) != nil { kept.append(link) }
            }
            let table = try RouteTable(root: RouteRequest(name: "home"), definitions: definitions, links: kept)
            for link in table.links.links {
                for _ in 0..<10 {
                    guard let route = try randomRoute(for: link, in: table, &random) else { continue }
                    let url = try checkRoundTrip(route, in: table)
                    XCTAssertEqual(try table.resolve(url).link, link, "each route has one producer here: \(url)")
                }
                checkedLinks += 1
            }
        }
        XCTAssertGreaterThan(checkedLinks, 300)
    }

    /// The law for list params (docs/links.md, "Lists"): random lists of every
    /// item type, empty ones and optional ones included, with reserved
    /// characters and non-ASCII in their items, come back item for item.
    func testTheLawHoldsForListParams() throws {
        let run = SeededRun("LinkPropertyTests.testTheLawHoldsForListParams", seed: 8_500, rounds: 400)
        var random = run.random
        let items: [ParamType] = [.string, .int, .bool, .uuid, .oneOf(["s", "m", "l x"])]
        var definitions = [try RouteDefinition(name: "home", params: [:], title: nil)]
        var links: [LinkDeclaration] = []
        for (index, item) in items.enumerated() {
            let specs = ["a": try ParamSpec.declare(type: .list(item), default: nil, optional: false),
                         "b": try ParamSpec.declare(type: .list(.string), default: nil, optional: true),
                         "c": ParamSpec(type: .int, presence: .optional)]
            definitions.append(try RouteDefinition(name: "r\(index)", params: specs, title: nil))
            links.append(LinkDeclaration(url: "app://host/r\(index)?a={a}&b%20={b}&c={c}", stack: ["r\(index)"]))
        }
        let table = try RouteTable(root: RouteRequest(name: "home"), definitions: definitions, links: links)
        var empty = 0
        for _ in 0..<run.rounds {
            for link in table.links.links {
                guard let route = try randomRoute(for: link, in: table, &random) else { continue }
                if route.params.contains(where: { $0.value == .list([]) }) { empty += 1 }
                try checkRoundTrip(route, in: table)
            }
        }
        XCTAssertGreaterThan(empty, run.rounds / 2, "empty lists are generated")
    }

    func testRandomTextNeverTrapsAndFailsAsNoMatch() throws {
        let run = SeededRun("LinkPropertyTests.testRandomTextNeverTrapsAndFailsAsNoMatch", seed: 7, rounds: 5_000)
        var random = run.random
        let table = try linksTable()
        let pieces = ["myapp://", "https://", "shop.example.com", "users", "/", "//", "?", "#", "&", "=", "%", "%2", "%zz", "%C3%A9",
                      "%FF", "%00", "+", " ", "\u{0}", "\u{1F}", "é", "☕", "{id}", "42", "edit", "[", "]", "@", ":", "\\", "..", "plan"]
        for _ in 0..<run.rounds {
            let text = (0..<Int.random(in: 0...10, using: &random)).map { _ in pieces.randomElement(using: &random) ?? "" }.joined()
            do {
                _ = try table.resolve(text)
            } catch {
                XCTAssertEqual(error.kind, .noMatch, text)
            }
        }
    }

    // MARK: - Generated tables: tabs, parents, defaults, root links, text of every Unicode category

    /// A value of `type`: strings from every Unicode category.
    private func anyValue(_ type: ParamType, _ random: inout Random) -> InputValue {
        if type == .string { return .string(UnicodeText.random(&random)) }
        return randomValue(type, &random, inPath: true)
    }

    /// Whether a check failed only because a string holds a C0 control or DEL, as it must.
    private func refusedForAControlCharacter(_ request: RouteRequest, in table: RouteTable) -> Bool {
        guard case .failure(let error) = Result(catching: { () throws(NavError) in try table.check(request) }) else { return false }
        let hasControl = request.params.contains { _, value in
            if case .string(let text) = value { return PercentCoding.firstControlCharacter(in: text) != nil }
            return false
        }
        return error.kind == .params && hasControl && error.message.contains("a string param cannot hold one")
    }

    /// A random table: one stack or three tabs (with root routes), routes whose
    /// params share a type by name and are required, optional or defaulted,
    /// parents, and links (some naming a tab, some with an empty stack) that
    /// bind every param of their routes in the path or the query.
    private func randomTable(_ random: inout Random) throws -> RouteTable {
        let types: [ParamType] = [.string, .int, .bool, .uuid, .oneOf(["red", "green", "0"]), .oneOf(["x y", "é"])]
        let names = ["a", "b", "c", "d"]
        let typeOf = Dictionary(uniqueKeysWithValues: names.map { ($0, types.randomElement(using: &random) ?? .string) })
        let tabs = Bool.random(using: &random) ? ["shop", "me", "cart"] : []
        var definitions = [try RouteDefinition(name: "home", params: [:], title: nil),
                           try RouteDefinition(name: "me", params: [:], title: nil),
                           try RouteDefinition(name: "cart", params: [:], title: nil)]
        var parents: [String: String] = [:]
        var declared: [String: [String: ParamSpec]] = [:]
        for index in 0..<8 {
            var specs: [String: ParamSpec] = [:]
            for name in names where Int.random(in: 0..<3, using: &random) == 0 {
                let type = typeOf[name] ?? .string
                switch Int.random(in: 0..<3, using: &random) {
                case 0: specs[name] = ParamSpec(type: type)
                case 1: specs[name] = ParamSpec(type: type, presence: .optional)
                default:
                    if case .success(let value) = type.check(randomValue(type, &random, inPath: true)) {
                        specs[name] = ParamSpec(type: type, presence: .defaulted(value), fallback: Bool.random(using: &random))
                    }
                }
            }
            let name = "r\(index)"
            let parent = index > 0 && Bool.random(using: &random) ? "r\(Int.random(in: 0..<index, using: &random))" : nil
            parents[name] = parent
            declared[name] = specs
            definitions.append(try RouteDefinition(name: name, params: specs, title: nil, parent: parent))
        }
        var links: [LinkDeclaration] = []
        for index in 0..<8 where Int.random(in: 0..<5, using: &random) > 0 {
            var chain = ["r\(index)"]
            while let parent = parents[chain[0]] { chain.insert(parent, at: 0) }
            let bound = Set(chain.flatMap { declared[$0]?.keys.map { $0 } ?? [] }).sorted()
            var path = ["r\(index)"]
            var query: [String] = []
            for name in bound {
                if Bool.random(using: &random) { path.append("{\(name)}") } else { query.append("\(name)={\(name)}") }
            }
            for copy in 0..<Int.random(in: 1...2, using: &random) {
                let url = "app://host/" + path.joined(separator: "/") + (copy == 0 ? "" : "/again") + (query.isEmpty ? "" : "?" + query.joined(separator: "&"))
                links.append(LinkDeclaration(url: url, stack: ["r\(index)"], tab: tabs.isEmpty ? nil : tabs.randomElement(using: &random).flatMap { Bool.random(using: &random) ? $0 : nil }))
            }
        }
        for tab in tabs.isEmpty ? [nil] : tabs.map(Optional.some) where Bool.random(using: &random) {
            links.insert(LinkDeclaration(url: "app://root-\(tab ?? "main")", stack: [], tab: tab), at: Int.random(in: 0...links.count, using: &random))
        }
        links.shuffle(using: &random)
        let layout: LayoutDeclaration = tabs.isEmpty ? .stack(root: RouteRequest(name: "home"))
            : .tabs(tabs.map { TabDeclaration(name: $0, root: RouteRequest(name: $0 == "shop" ? "home" : $0)) })
        return try RouteTable(layout: layout, definitions: definitions, links: links)
    }

    /// The root route a link with an empty stack stands for, from the table's declarations.
    private func standsFor(_ link: Link, in table: RouteTable) -> Route? {
        guard let tab = link.declaration.tab else { return table.tabs.isEmpty ? table.root : nil }
        return table.tabs.first { $0.name == tab }?.root
    }

    func testTheLawHoldsOnGeneratedTablesWithTabsParentsDefaultsAndAnyText() throws {
        var produced = 0, stacks = 0, refused = 0
        for seed in UInt64(1)...150 {
            var random = Random(state: seed)
            let table = try randomTable(&random)
            // url_for then resolve (and open_url) gives the route back, for every value an action accepts.
            let targets = Set(table.links.links.compactMap(\.routes.last)).sorted() + ["home", "me", "cart"]
            for name in targets {
                guard let definition = table.definitions[name] else { continue }
                for _ in 0..<4 {
                    let params = definition.params.compactMap { param, spec -> (String, InputValue)? in
                        spec.presence != .required && Bool.random(using: &random) ? nil : (param, anyValue(spec.type, &random))
                    }
                    let request = RouteRequest(name: name, params: params)
                    guard let route = try? table.check(request) else {
                        XCTAssertTrue(refusedForAControlCharacter(request, in: table), "seed \(seed): \(request) refused for another reason")
                        refused += 1
                        continue
                    }
                    guard let url = try? table.url(for: route) else { continue }
                    produced += 1
                    let resolution = try table.resolve(url)
                    let link = try XCTUnwrap(resolution.link, "seed \(seed): \(url)")
                    XCTAssertEqual(resolution.routes.last ?? standsFor(link, in: table), route, "seed \(seed): \(url)")
                    XCTAssertEqual(try table.url(for: route), url, "seed \(seed)")
                    XCTAssertTrue(url.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F }, "seed \(seed): \(url)")
                    var navigator = Navigator(table: table)
                    _ = try navigator.apply([.openURL(url, mode: .replace)])
                    XCTAssertEqual(navigator.activeStack.top.route, route, "seed \(seed): open_url \(url)")
                }
            }
            // stack_url then open_url gives the stack back, where a link can rebuild it.
            for link in table.links.links where !link.routes.isEmpty {
                var values: [String: InputValue] = [:]
                for name in link.placeholders where Bool.random(using: &random) || link.slots.joined().contains(where: { $0.param == name && $0.required })
                    || link.template.segments.contains(.param(name)) {
                    values[name] = anyValue(link.bindings[name]?.type ?? .string, &random)
                }
                let requests = link.routes.map { name in
                    RouteRequest(name: name, params: (table.definitions[name]?.params ?? []).compactMap { param, _ in values[param].map { (param, $0) } })
                }
                guard requests.allSatisfy({ (try? table.check($0)) != nil }) else {
                    XCTAssertTrue(requests.contains { refusedForAControlCharacter($0, in: table) }, "seed \(seed): \(requests)")
                    continue
                }
                var navigator = Navigator(table: table)
                let tab = link.declaration.tab ?? table.tabs.randomElement(using: &random)?.name
                if let tab { _ = try navigator.apply([.selectTab(tab)]) }
                _ = try navigator.apply([.setStack(requests, tab: tab)])
                let path = navigator.activeStack.path.map(\.route)
                let url = try navigator.stackURL()
                var other = Navigator(table: table)
                if let tab { _ = try other.apply([.selectTab(tab)]) }
                _ = try other.apply([.openURL(url, mode: .replace)])
                XCTAssertEqual(other.activeStack.path.map(\.route), path, "seed \(seed): stack_url \(url) of \(routeTexts(path))")
                stacks += 1
            }
        }
        XCTAssertGreaterThan(produced, 1_000)
        XCTAssertGreaterThan(stacks, 300)
        XCTAssertGreaterThan(refused, 20, "strings with control characters come up and are refused")
    }

    func testEveryGeneralCategoryIsDrawn() {
        XCTAssertEqual(UnicodeText.scalarsByCategory.count, 29, "30 categories, surrogates excluded")
    }
}
