import Foundation
@testable import NavCore
import NavCoreJSON
import TestSupport
import XCTest

/// The round-trip law of `stack_url` over the tree (docs/links.md, "URLs of
/// stacks in the tree"), from a seeded generator: on generated nested tables
/// (tabs holding tabs and a split view, a sheet with tabs and a plain layer
/// whose routes take params, parents that reach the roots and the sidebar,
/// whose second route may take params)
/// a link into any of their stacks is opened with values of every Unicode
/// category; `stack_url` of the state it leaves, opened on a navigator as it
/// starts, gives the same active path (the static path of each stack on it)
/// and the same routes on each of its stacks.
final class NestedURLPropertyTests: XCTestCase {
    typealias Random = SplitMix64

    private static let targets = ["t0", "t1", "t1/a", "t1/b", "t2", "t2/detail", "sheet", "sheet/x", "sheet/y", "modal"]
    nonisolated(unsafe) private static let types: [Any] = ["string", "int", "bool", "uuid", ["enum": ["red", "x y", "é"]]]

    /// A param spec of `type`: required, optional, or with a default.
    private func spec(_ type: Any, _ random: inout Random) -> Any {
        var spec: [String: Any] = (type as? [String: Any]) ?? ["type": type]
        switch Int.random(in: 0..<3, using: &random) {
        case 0: return type
        case 1: spec["optional"] = true
        default:
            let defaults: [String: Any] = ["string": "d é", "int": 7, "bool": true, "uuid": "0a1b2c3d-0000-4000-8000-00000000000f"]
            spec["default"] = (type as? String).flatMap { defaults[$0] } ?? "x y"
        }
        return spec
    }

    /// A nested table and, for each link, its target and the params it binds
    /// in the path and in the query.
    private func randomTable(_ random: inout Random) throws -> (RouteTable, [(target: String, path: [String], query: [String])]) {
        let typeOf = ["a", "b", "c", "k"].map { _ in NestedURLPropertyTests.types.randomElement(using: &random) ?? "string" }
        var routes: [String: Any] = [
            "home": [:], "ra": [:], "rb": [:], "rx": [:], "ry": [:], "s0": [:],
            // A sidebar route that may take params: each instance is a sidebar item.
            "s1": ["params": Bool.random(using: &random) ? ["c": spec(typeOf[2], &random)] : [:]],
            "box": ["layout": ["tabs": [["name": "a", "root": "ra"], ["name": "b", "root": "rb"]]]],
            "lib": ["layout": ["root": "s0", "split": ["sidebar": ["s0", "s1"]]]],
            "sheet": ["params": ["k": spec(typeOf[3], &random)], "layout": ["tabs": [["name": "x", "root": "rx"], ["name": "y", "root": "ry"]]]],
            "modal": ["params": Bool.random(using: &random) ? ["k": spec(typeOf[3], &random)] : [:]],
        ]
        let declared = { (route: String) in ((routes[route] as? [String: Any])?["params"] as? [String: Any]).map { Array($0.keys) } ?? [] }
        var params: [String: [String]] = ["sheet": ["k"], "modal": declared("modal"), "s1": declared("s1")]
        var parents: [String: String] = [:]
        for index in 0..<6 {
            var declared: [String: Any] = [:]
            for (offset, name) in ["a", "b", "c"].enumerated() where Bool.random(using: &random) {
                declared[name] = spec(typeOf[offset], &random)
            }
            var route: [String: Any] = ["params": declared, "title": "R\(index)"]
            let parent = (["ra", "rx", "s1", "rb"] + (0..<index).map { "r\($0)" }).randomElement(using: &random)
            if let parent, Bool.random(using: &random) {
                route["parent"] = parent
                parents["r\(index)"] = parent
            }
            routes["r\(index)"] = route
            params["r\(index)"] = Array(declared.keys)
        }
        var links: [[String: Any]] = []
        var bound: [(target: String, path: [String], query: [String])] = []
        for index in 0..<8 {
            let target = NestedURLPropertyTests.targets.randomElement(using: &random) ?? "t0"
            let stack = Int.random(in: 0..<4, using: &random) == 0 ? [] : ["r\(Int.random(in: 0..<6, using: &random))"]
            // The params of every route the link gives values to: its chain of parents (whose roots
            // declare none) and the route of the layer its target is in.
            var chain = stack
            while let parent = chain.first.flatMap({ parents[$0] }) { chain.insert(parent, at: 0) }
            let layer = String(target.split(separator: "/")[0])
            let names = Set(chain.flatMap { params[$0] ?? [] } + (params[layer] ?? [])).sorted()
            var path: [String] = [], query: [String] = []
            for name in names {
                if Bool.random(using: &random) { path.append(name) } else { query.append(name) }
            }
            let url = "app://h/l\(index)" + path.map { "/{\($0)}" }.joined() + (query.isEmpty ? "" : "?" + query.map { "\($0)={\($0)}" }.joined(separator: "&"))
            links.append(["url": url, "stack": stack, "into": target])
            bound.append((target, path, query))
        }
        let table: [String: Any] = ["navcore": 1, "routes": routes, "links": links,
                                    "tabs": [["name": "t0", "root": "home"], ["name": "t1", "root": "box"], ["name": "t2", "root": "lib"]]]
        let text = String(decoding: try JSONSerialization.data(withJSONObject: table), as: UTF8.self)
        return (try decodeTable(text), bound)
    }

    /// The URL text of a value of `spec`: strings from every Unicode category, but no C0 control
    /// or DEL (no URL carries one: LinkPropertyTests proves that actions refuse them).
    private func text(_ spec: ParamSpec, _ random: inout Random) -> String {
        switch spec.type {
        case .string: return UnicodeText.random(&random) { $0.value < 0x20 || $0.value == 0x7F }
        case .int: return String(Int.random(in: Int.min...Int.max, using: &random))
        case .bool: return String(Bool.random(using: &random))
        case .uuid:
            let hex = Array("0123456789abcdefABCDEF")
            return [8, 4, 4, 4, 12].map { count in String((0..<count).map { _ in hex.randomElement(using: &random) ?? "0" }) }.joined(separator: "-")
        case .oneOf(let values): return values.randomElement(using: &random) ?? ""
        case .list(let item): return text(ParamSpec(type: item), &random) // one item's text
        }
    }

    /// The static path of each stack of the active path, with its routes; empty when it has no static path.
    private func activePath(_ navigator: Navigator) -> [(path: String, routes: [Route])] {
        let chain = navigator.activeChain
        guard case .success(let addresses) = navigator.staticAddresses(of: chain) else { return [] }
        return zip(chain, addresses).map { ref, address in (address.path, navigator.read(ref) { $0.entries.map(\.route) }) }
    }

    func testStackURLThenOpenURLGivesTheSamePathOnGeneratedNestedTables() throws {
        let run = SeededRun("NestedURLPropertyTests.testStackURLThenOpenURLGivesTheSamePathOnGeneratedNestedTables", seed: 720, rounds: 40)
        var random = run.random
        var checked = 0
        var reached: Set<String> = []
        var instances = 0
        for round in 0..<run.rounds {
            let (table, bound) = try randomTable(&random)
            for (index, (link, (target, path, query))) in zip(table.links.links, bound).enumerated() {
                for _ in 0..<5 {
                    var url = "app://h/l\(index)"
                    for name in path { url += "/" + PercentCoding.encode(text(link.bindings[name] ?? ParamSpec(type: .string), &random)) }
                    let given = query.filter { name in link.valuedSlots.joined().contains { $0.param == name && $0.required } || Bool.random(using: &random) }
                    url += given.isEmpty ? "" : "?" + given.map { "\($0)=" + PercentCoding.encode(text(link.bindings[$0] ?? ParamSpec(type: .string), &random)) }.joined(separator: "&")
                    let context = "seed \(run.seed) round \(round): \(link.pattern) into \(target), opened as \(url)"
                    var navigator = Navigator(table: table)
                    _ = try navigator.apply([.openURL(url, mode: .replace)])
                    let shared = try navigator.stackURL()
                    var other = Navigator(table: table)
                    _ = try other.apply([.openURL(shared, mode: .replace)])
                    let before = activePath(navigator), after = activePath(other)
                    XCTAssertFalse(before.isEmpty, context)
                    XCTAssertEqual(after.map(\.path), before.map(\.path), "\(context), shared as \(shared)")
                    XCTAssertEqual(after.map(\.routes), before.map(\.routes), "\(context), shared as \(shared)")
                    XCTAssertTrue(shared.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F }, shared)
                    checked += 1
                    let root = navigator.activeStack.root.route
                    if root.name == "s1" && !root.params.isEmpty { instances += 1 }
                    reached.insert(target)
                }
            }
        }
        XCTAssertGreaterThan(checked, run.rounds * 30)
        XCTAssertEqual(reached.count, NestedURLPropertyTests.targets.count, "every kind of target comes up")
        XCTAssertGreaterThan(instances, 0, "links select instances of the sidebar route with params")
    }
}
