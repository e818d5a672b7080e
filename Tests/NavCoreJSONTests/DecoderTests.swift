@_exported import TestSupport
import XCTest
@testable import NavCore
@testable import NavCoreJSON

/// Route tables and actions read from JSON: exact error places, strictness.
final class DecoderTests: XCTestCase {
    private func tableError(_ text: String) -> NavError? {
        thrownError { () throws(NavError) in try decodeTable(text) }
    }

    private func actionsError(_ text: String) -> NavError? {
        thrownError { () throws(NavError) in try decodeActions(text) }
    }

    private func table(routes: String, root: String = "\"home\"") -> String {
        "{\"navcore\": 1, \"root\": \(root), \"routes\": {\"home\": {}, \(routes)}}"
    }

    func testTableErrorsNameTheExactPlace() {
        let cases: [(String, String)] = [
            (table(routes: "\"product\": {\"params\": {\"id\": \"integer\"}}"), "routes.product.params.id: unknown type \"integer\""),
            (table(routes: "\"product\": {\"titel\": \"x\"}"), "routes.product: unknown key \"titel\""),
            (table(routes: "\"p\": {\"params\": {\"n\": {\"type\": \"int\", \"default\": \"one\"}}}"), "routes.p.params.n.default: expected int, got string"),
            (table(routes: "\"p\": {\"params\": {\"n\": {\"enum\": []}}}"), "routes.p.params.n.enum: must list at least one value"),
            (table(routes: "\"p\": {\"params\": {\"n\": {\"enum\": [\"a\", \"a\"]}}}"), "routes.p.params.n.enum[1]: duplicate value \"a\""),
            (table(routes: "\"p\": {\"params\": {\"n\": {\"type\": \"int\", \"enum\": [\"a\"]}}}"), "routes.p.params.n: give either \"type\" or \"enum\""),
            (table(routes: "\"p\": {\"title\": \"P {id}\"}"), "routes.p.title: unknown param \"id\" in template"),
            (table(routes: "\"p\": {}", root: "\"hom\""), "root: unknown route \"hom\""),
            ("{\"root\": \"home\", \"routes\": {\"home\": {}}}", "navcore: missing"),
            ("{\"navcore\": 2, \"root\": \"home\", \"routes\": {\"home\": {}}}", "navcore: unsupported format 2"),
            ("{\"navcore\": 1, \"root\": \"home\", \"routes\": {\"home\": {}}, \"linkz\": []}", "unknown key \"linkz\""),
            ("[1]", "expected an object, got array"),
        ]
        for (text, message) in cases {
            let error = tableError(text)
            XCTAssertEqual(error?.kind, .table, text)
            XCTAssertTrue(error?.message.contains(message) ?? false, "\(error?.message ?? "no error") lacks \(message)")
        }
    }

    /// `back_at_tab_root` takes three choices and excludes `back_to_previous_tab`;
    /// `reset_on_leave` is a switch of a route's layout, not of the table.
    func testTabRootOptionsAreCheckedWhereTheyAreGiven() {
        let tabs = "\"tabs\": [{\"name\": \"home\", \"root\": \"home\"}]"
        func top(_ options: String) -> String { "{\"navcore\": 1, \"routes\": {\"home\": {}}, \(tabs), \"options\": {\(options)}}" }
        func nested(_ options: String) -> String {
            table(routes: "\"box\": {\"layout\": {\(tabs), \"options\": {\(options)}}}")
        }
        let cases: [(String, String)] = [
            (top("\"back_at_tab_root\": \"last_tab\""), "options.back_at_tab_root: unknown choice \"last_tab\""),
            (top("\"back_at_tab_root\": \"none\", \"back_to_previous_tab\": false"),
             "options.back_at_tab_root: give back_at_tab_root or back_to_previous_tab, not both"),
            (top("\"reset_on_leave\": true"), "options: unknown key \"reset_on_leave\""),
            (nested("\"back_at_tab_root\": 1"), "routes.box.layout.options.back_at_tab_root: expected string, got int"),
            (nested("\"reset_on_leave\": \"yes\""), "routes.box.layout.options.reset_on_leave: expected bool"),
        ]
        for (text, message) in cases {
            let error = tableError(text)
            XCTAssertEqual(error?.kind, .table, text)
            XCTAssertTrue(error?.message.contains(message) ?? false, "\(error?.message ?? "no error") lacks \(message)")
        }
        XCTAssertNil(tableError(nested("\"back_at_tab_root\": \"first_tab\", \"reset_on_leave\": true")))
    }

    func testAnUnknownKeyNamesTheClosestAllowedKey() {
        let cases: [(String, String)] = [
            ("{\"navcore\": 1, \"root\": \"home\", \"routes\": {\"home\": {}}, \"linkz\": []}",
             "unknown key \"linkz\" (allowed: navcore, version, root, routes, tabs, split, options, styles, app, migrations, links, not_found, conditions, redirects, redirect_limit, announcements) (did you mean \"links\"?)"),
            (table(routes: "\"product\": {\"titel\": \"x\"}"), "routes.product: unknown key \"titel\" (allowed: "),
            (table(routes: "\"product\": {\"titel\": \"x\"}"), ") (did you mean \"title\"?)"),
        ]
        for (text, message) in cases {
            XCTAssertTrue(tableError(text)?.message.contains(message) ?? false, "\(tableError(text)?.message ?? "no error") lacks \(message)")
        }
        let action = actionsError("[{\"op\": \"push\", \"rout\": {\"name\": \"p\"}}]")?.message ?? ""
        XCTAssertTrue(action.hasSuffix(" (did you mean \"route\"?)"), action)
        let far = actionsError("[{\"op\": \"push\", \"route\": {\"name\": \"p\"}, \"x\": 1}]")?.message ?? ""
        XCTAssertFalse(far.contains("did you mean"), "one letter is nobody's typo: \(far)")
    }

    /// Over generated typos (one edit of a top-level key of a route table),
    /// the message suggests a key one edit away from the typo.
    func testAOneEditTypoOfATableKeySuggestsAKeyOneEditAway() throws {
        let keys = ["navcore", "version", "root", "routes", "tabs", "split", "options", "styles", "app", "migrations",
                    "links", "not_found", "conditions", "redirects", "redirect_limit"]
        let run = SeededRun("DecoderTests.testAOneEditTypoOfATableKeySuggestsAKeyOneEditAway", seed: 22, rounds: 300)
        var random = run.random
        for round in 0..<run.rounds {
            var typo = Array((keys.randomElement(using: &random) ?? "routes").utf8)
            let at = Int.random(in: 0..<typo.count - 1, using: &random)
            switch Int.random(in: 0..<3, using: &random) {
            case 0: typo.remove(at: at)
            case 1: typo[at] = UInt8(ascii: "q")
            default: typo.swapAt(at, at + 1)
            }
            let name = String(decoding: typo, as: UTF8.self)
            guard !keys.contains(name) else { continue }
            let message = tableError("{\"navcore\": 1, \"root\": \"home\", \"routes\": {\"home\": {}}, \"\(name)\": 1}")?.message ?? ""
            let suggested = message.split(separator: "\"").dropLast().last.map(String.init) ?? ""
            XCTAssertTrue(message.hasSuffix("?)") && keys.contains(suggested), "round \(round): \(message)")
            XCTAssertEqual(NameSuggestion.editDistance(typo, Array(suggested.utf8)), 1, "round \(round): \(message)")
        }
    }

    func testMalformedJSONIsAJSONErrorWithPosition() {
        let error = tableError("{\"navcore\": 1,")
        XCTAssertEqual(error?.kind, .json)
        XCTAssertTrue(error?.message.hasPrefix("invalid JSON at line 1") ?? false)
        XCTAssertEqual(actionsError(String(repeating: "[", count: 100_000))?.kind, .json)
        XCTAssertEqual(actionsError("{\"op\": \"pop\", \"op\": \"pop\"}")?.kind, .json, "duplicate keys are refused")
    }

    func testRootMayBeARouteObject() throws {
        let text = table(routes: "\"p\": {\"params\": {\"n\": \"int\"}}", root: "{\"name\": \"p\", \"params\": {\"n\": 3}}")
        let table = try decodeTable(text)
        XCTAssertEqual(table.root.params, [Param("n", .int(3))])
    }

    func testActionsDecodeEveryOp() throws {
        let text = """
        [{"op": "push", "route": {"name": "p", "params": {"id": 1}}}, {"op": "pop"}, {"op": "pop", "count": 2},
         {"op": "pop_to", "id": 3, "inclusive": true}, {"op": "pop_to", "name": "p"}, {"op": "pop_to_root"},
         {"op": "replace", "route": {"name": "p"}}, {"op": "set_stack", "routes": [{"name": "p"}]}]
        """
        let actions = try decodeActions(text)
        XCTAssertEqual(actions, [
            .push(RouteRequest(name: "p", params: [("id", .int(1))])), .pop(count: 1), .pop(count: 2),
            .popTo(.id(3), inclusive: true), .popTo(.name("p"), inclusive: false), .popToRoot(),
            .replace(RouteRequest(name: "p")), .setStack([RouteRequest(name: "p")]),
        ])
    }

    func testActionShapeErrors() {
        let cases: [(String, NavError.Kind, String)] = [
            ("{\"op\": \"jump\"}", .action, "actions[0].op: unknown op \"jump\""),
            ("[{\"op\": \"pop\"}, {\"count\": 1}]", .action, "actions[1].op: missing"),
            ("{\"op\": \"pop\", \"count\": \"2\"}", .action, "actions[0].count: expected int, got string"),
            ("{\"op\": \"push\"}", .action, "actions[0].route: missing"),
            ("{\"op\": \"push\", \"route\": {\"name\": \"p\"}, \"x\": 1}", .action, "actions[0]: unknown key \"x\""),
            ("{\"op\": \"pop_to\", \"id\": 1, \"name\": \"p\"}", .action, "give either \"id\" or \"name\""),
            ("{\"op\": \"pop_to\"}", .action, "missing \"id\" or \"name\""),
            ("{\"op\": \"push\", \"route\": {\"name\": \"p\", \"params\": [1]}}", .params, "actions[0].route.params: expected an object"),
            ("42", .action, "actions: expected an action object or an array of actions, got int"),
            ("[42]", .action, "actions[0]: expected an action object, got int"),
        ]
        for (text, kind, message) in cases {
            let error = actionsError(text)
            XCTAssertEqual(error?.kind, kind, text)
            XCTAssertTrue(error?.message.contains(message) ?? false, "\(error?.message ?? "no error") lacks \(message)")
        }
    }

    /// The decoders of a convenience call's input are told where it sits, so
    /// their errors need no rewriting: shape errors at the given path, text
    /// that is not JSON at the input's name (params) or nowhere (routes, route).
    func testDecodersLocateErrorsAtTheGivenPath() {
        func error(_ text: String, _ decode: (UnsafePointer<CChar>) throws(NavError) -> Void) -> NavError? {
            text.withCString { pointer in thrownError { () throws(NavError) in try decode(pointer) } }
        }
        let params = { (text: UnsafePointer<CChar>) throws(NavError) in
            _ = try ActionDecoder.decodeParams(text: text, input: "params_json", at: "actions[0].route.params")
        }
        XCTAssertEqual(error("[1]", params), NavError(.params, at: "actions[0].route.params", "expected an object, got array"))
        XCTAssertEqual(error("{", params)?.path, "params_json")
        XCTAssertEqual(error("{", params)?.kind, .json)
        let routes = { (text: UnsafePointer<CChar>) throws(NavError) in _ = try ActionDecoder.decodeRoutes(text: text, at: "actions[0].routes") }
        XCTAssertEqual(error("{}", routes), NavError(.action, at: "actions[0].routes", "expected an array of routes, got object"))
        XCTAssertEqual(error(#"[{"name": "a"}, {}]"#, routes), NavError(.action, at: "actions[0].routes[1].name", "missing"))
        XCTAssertEqual(error("[", routes)?.path, "")
        let route = { (text: UnsafePointer<CChar>) throws(NavError) in _ = try ActionDecoder.decodeRoute(text: text, at: "route") }
        XCTAssertEqual(error(#"{"name": 1}"#, route), NavError(.action, at: "route.name", "expected string, got int"))
    }
}


/// A route table decoded from text.
func decodeTable(_ text: String) throws(NavError) -> RouteTable {
    let node = try JSONNode.parse(text)
    defer { node.release() }
    return try RouteTableDecoder.decode(node)
}

/// Actions decoded from text.
func decodeActions(_ text: String) throws(NavError) -> [Action] {
    let node = try JSONNode.parse(text)
    defer { node.release() }
    return try ActionDecoder.decodeBatch(node)
}
