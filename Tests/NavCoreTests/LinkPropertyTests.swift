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
}
