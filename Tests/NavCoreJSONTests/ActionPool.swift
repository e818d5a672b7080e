import Foundation
@testable import NavCore
import TestSupport
import XCTest

/// Actions, as text, drawn from what a table declares: its routes (with
/// params of their declared types), tabs and nested tabs, styles, links,
/// conditions, and the ids the navigator has handed out.
struct ActionPool {
    private var routes: [String] = []
    private var stacks: [String] = ["main"]
    private var urls: [String] = []
    private var conditions: [String] = []

    init(_ tableText: String) throws {
        let table = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(tableText.utf8)) as? [String: Any])
        for (name, body) in (table["routes"] as? [String: Any] ?? [:]).sorted(by: { $0.key < $1.key }) {
            let route = body as? [String: Any] ?? [:]
            let params = (route["params"] as? [String: Any] ?? [:]).sorted { $0.key < $1.key }.map { key, spec in
                "\"\(key)\":" + ActionPool.value(of: spec)
            }
            routes.append("{\"name\":\"\(name)\",\"params\":{\(params.joined(separator: ","))}}")
            for tab in (route["layout"] as? [String: Any])?["tabs"] as? [[String: Any]] ?? [] {
                stacks.append("\(name)/\(tab["name"] as? String ?? "")")
            }
        }
        stacks += (table["tabs"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        urls = (table["links"] as? [[String: Any]] ?? []).compactMap { $0["url"] as? String }.map {
            $0.replacingOccurrences(of: "{id}", with: "7").replacingOccurrences(of: "{slug}", with: "x").replacingOccurrences(of: "{", with: "").replacingOccurrences(of: "}", with: "")
        } + ["nowhere://x"]
        conditions = (table["conditions"] as? [String: Any] ?? [:]).keys.sorted()
    }

    /// The fuzz tables (Tests/fuzz: tabs, nesting, a split view, conditions,
    /// redirects, links, blockers, results), by name, as text.
    static func fuzzTables() throws -> [(name: String, text: String)] {
        try ["rich_table", "nested_table", "split_table"].map { name in
            let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("fuzz/\(name).json")
            return (name, try String(contentsOf: url, encoding: .utf8))
        }
    }

    /// A batch of one to three random actions, as text.
    func batch(_ random: inout SplitMix64, _ navigator: Navigator) -> String {
        "[" + (0..<Int.random(in: 1...3, using: &random)).map { _ in action(&random, navigator) }.joined(separator: ",") + "]"
    }

    /// A value of a declared param type.
    private static func value(of spec: Any) -> String {
        let type = (spec as? String) ?? ((spec as? [String: Any])?["type"] as? String) ?? "enum"
        switch type {
        case "int": return "42"
        case "bool": return "true"
        case "uuid": return "\"0a1b2c3d-0000-4000-8000-00000000000f\""
        case "enum": return "\"\(((spec as? [String: Any])?["enum"] as? [String])?.first ?? "")\""
        default: return "\"a\\\"b é\""
        }
    }

    /// One action of a random op.
    func action(_ random: inout SplitMix64, _ navigator: Navigator) -> String {
        let route = routes.randomElement(using: &random) ?? "{}"
        let stack = stacks.randomElement(using: &random) ?? "main"
        let place = Bool.random(using: &random) ? "" : (Bool.random(using: &random) ? ",\"tab\":\"\(stack)\"" : ",\"stack\":\"\(stack)\"")
        let id = Int.random(in: 1...max(1, navigator.nextID), using: &random)
        let flag = Bool.random(using: &random)
        switch Int.random(in: 0..<19, using: &random) {
        case 0, 1, 2: return "{\"op\":\"push\",\"route\":\(route)\(place)}"
        case 3: return "{\"op\":\"pop\",\"count\":\(Int.random(in: 1...3, using: &random))\(flag ? ",\"result\":{\"v\":[1,\"x\"]}" : "")\(place)}"
        case 4: return "{\"op\":\"pop_to_root\"\(place)}"
        case 5: return "{\"op\":\"replace\",\"route\":\(route)\(place)}"
        case 6: return "{\"op\":\"set_stack\",\"routes\":[\(route),\(routes.randomElement(using: &random) ?? route)]\(place)}"
        case 7, 8: return "{\"op\":\"select_tab\",\"tab\":\"\(stack)\"}"
        case 9: return "{\"op\":\"present\",\"route\":\(route)\(flag ? ",\"style\":\"sheet\"" : "")}"
        case 10: return "{\"op\":\"dismiss\",\"all\":\(flag)\(Bool.random(using: &random) ? ",\"result\":\"picked\"" : "")}"
        case 11: return "{\"op\":\"back\"\(flag ? ",\"result\":7" : "")}"
        case 12: return "{\"op\":\"select\",\"route\":\(route)}"
        case 13: return "{\"op\":\"open_url\",\"url\":\"\(urls.randomElement(using: &random) ?? "")\"}"
        case 14: return "{\"op\":\"set_condition\",\"name\":\"\(conditions.randomElement(using: &random) ?? "none")\",\"value\":\(flag)}"
        case 15: return "{\"op\":\"set_compact\",\"value\":\(flag)}"
        case 16: return "{\"op\":\"set_blocker\",\"id\":\(id),\"reason\":\(flag ? "\"draft\"" : "null")}"
        case 17: return "{\"op\":\"set_entry_state\",\"id\":\(id),\"state\":{\"k\":[\(id)]}}"
        default: return Bool.random(using: &random) ? "{\"op\":\"take_result\",\"id\":\(id)}" : "{\"op\":\"reset_all\"}"
        }
    }
}
