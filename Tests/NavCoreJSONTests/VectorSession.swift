import CJansson
import Foundation
import NavCore
import NavCoreJSON

/// Runs one conformance vector (Tests/vectors/README.md) through the codec
/// and the core, exactly as the C ABI does, and reports every mismatch.
struct VectorSession {
    /// The folder of the vectors.
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("vectors")

    /// The vector files, sorted by name.
    static func files() throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "json" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    /// The mismatches of running the vector at `url`; empty when it passes.
    static func run(_ url: URL) throws -> [String] {
        let vector = try JSONNode.parse(String(contentsOf: url, encoding: .utf8))
        defer { vector.release() }
        var problems: [String] = []
        let tableText = try self.tableText(vector)
        let navigator: Navigator
        do throws(NavError) {
            navigator = Navigator(table: try decodeTable(tableText))
        } catch {
            if let expected = json_object_get(vector, "expect_table_error") {
                problems += check(error, against: expected, at: "table")
            } else {
                problems.append("table: unexpected \(error.kind.statusName): \(error.message)")
            }
            return problems
        }
        if json_object_get(vector, "expect_table_error") != nil {
            return ["table: expected an error, but the table loaded"]
        }
        var current = navigator
        let encoder = Encoder()
        let steps = json_object_get(vector, "steps")
        for index in 0..<json_array_size(steps) {
            guard let step = json_array_get(steps, index), let expect = json_object_get(step, "expect") else {
                problems.append("steps[\(index)]: no expect")
                continue
            }
            problems += try run(step, expect, on: &current, encoder: encoder).map { "steps[\(index)]: \($0)" }
        }
        return problems
    }

    /// What one step did: a committed transition, text it read (a resolution
    /// document or a URL), or an error.
    private enum Outcome {
        case changed(Transition)
        case read(String)
        case failed(NavError)
    }

    private static func run(_ step: JSONNode, _ expect: JSONNode, on navigator: inout Navigator, encoder: Encoder) throws -> [String] {
        let stateBefore = try Encoder.string(consuming: encoder.state(navigator))
        var problems: [String] = []
        switch try perform(step, on: &navigator, encoder: encoder) {
        case .changed(let transition):
            defer { encoder.forget(transition) }
            if json_object_get(expect, "error") != nil { problems.append("expected an error, got success") }
            if let stack = json_object_get(expect, "stack") {
                problems += try compare(Encoder.string(consuming: encoder.stack(navigator)), key: "entries", with: stack, label: "stack")
            }
            if let wanted = json_object_get(expect, "transition") {
                problems += try compareKeys(of: wanted, with: Encoder.string(consuming: encoder.transition(transition)), label: "transition")
            }
            if let wanted = json_object_get(expect, "state") {
                problems += try compareKeys(of: wanted, with: Encoder.string(consuming: encoder.state(navigator)), label: "state")
            }
            return problems
        case .read(let text):
            if json_object_get(expect, "error") != nil { problems.append("expected an error, got \(text)") }
            if let resolved = json_object_get(expect, "resolved") {
                problems += try compareKeys(of: resolved, with: text, label: "resolved")
            }
            if let url = string(expect, "url"), url != text { problems.append("url: expected \(url), got \(text)") }
        case .failed(let error):
            problems = check(error, against: expect, at: "step")
        }
        if try Encoder.string(consuming: encoder.state(navigator)) != stateBefore {
            problems.append("the state changed, although the step failed or only read")
        }
        return problems
    }

    /// Runs the step's call, as the C ABI would: `apply` / `apply_text`,
    /// `open_url`, `resolve_url`, `url_for` or `stack_url`.
    private static func perform(_ step: JSONNode, on navigator: inout Navigator, encoder: Encoder) throws -> Outcome {
        func attempt(_ body: () throws(NavError) -> Outcome) -> Outcome {
            do { return try body() } catch { return .failed(error) }
        }
        if let url = string(step, "resolve_url") {
            return attempt { () throws(NavError) in .read(Encoder.string(consuming: try encoder.resolution(try navigator.table.resolve(url)))) }
        }
        if let route = json_object_get(step, "url_for") {
            let text = try dumped(route)
            return attempt { () throws(NavError) in .read(try navigator.table.url(for: try decodeRoute(text))) }
        }
        if json_object_get(step, "stack_url") != nil {
            return attempt { () throws(NavError) in .read(try navigator.stackURL()) }
        }
        if let open = json_object_get(step, "open_url") {
            let url = string(open, "url") ?? ""
            let mode = string(open, "mode").flatMap(OpenMode.init(rawValue:))
            return attempt { () throws(NavError) in .changed(try navigator.apply([.openURL(url, mode: mode)])) }
        }
        let text: String
        if let raw = json_object_get(step, "apply_text"), let string = json_string_value(raw) {
            text = String(cString: string)
        } else {
            text = try dumped(json_object_get(step, "apply"))
        }
        return attempt { () throws(NavError) in .changed(try navigator.apply(try decodeActions(text))) }
    }

    /// A route decoded from text, as `navcore_url_for` reads it.
    private static func decodeRoute(_ text: String) throws(NavError) -> RouteRequest {
        let decoded = text.withCString { pointer in Result { () throws(NavError) in try ActionDecoder.decodeRoute(text: pointer) } }
        return try decoded.get()
    }

    private static func check(_ error: NavError, against expect: JSONNode, at label: String) -> [String] {
        guard let name = string(expect, "error") else {
            return ["\(label): unexpected \(error.kind.statusName): \(error.message)"]
        }
        var problems: [String] = []
        if error.kind.statusName != name { problems.append("\(label): expected \(name), got \(error.kind.statusName): \(error.message)") }
        if let fragment = string(expect, "message"),
           !error.message.contains(fragment) {
            problems.append("\(label): message \"\(error.message)\" lacks \"\(fragment)\"")
        }
        return problems
    }

    /// Mismatches between each top-level key of `wanted` and the same key of the document `text`.
    private static func compareKeys(of wanted: JSONNode, with text: String, label: String) throws -> [String] {
        let actual = try JSONNode.parse(text)
        defer { actual.release() }
        var problems: [String] = []
        var iterator = json_object_iter(wanted)
        while let current = iterator, let key = json_object_iter_key(current) {
            if json_equal(json_object_get(actual, key), json_object_iter_value(current)) == 0 {
                problems.append("\(label).\(String(cString: key)): expected \(try dumped(json_object_iter_value(current))), got \(try dumped(json_object_get(actual, key)))")
            }
            iterator = json_object_iter_next(wanted, current)
        }
        return problems
    }

    private static func compare(_ text: String, key: String, with expected: JSONNode, label: String) throws -> [String] {
        let actual = try JSONNode.parse(text)
        defer { actual.release() }
        let value = json_object_get(actual, key)
        return json_equal(value, expected) != 0 ? [] : ["\(label): expected \(try dumped(expected)), got \(try dumped(value))"]
    }

    private static func tableText(_ vector: JSONNode) throws -> String {
        if let raw = json_object_get(vector, "table_text"), let text = json_string_value(raw) { return String(cString: text) }
        let table = json_object_get(vector, "table")
        if let name = json_string_value(table) {
            let file = folder.appendingPathComponent("tables").appendingPathComponent(String(cString: name) + ".json")
            return try String(contentsOf: file, encoding: .utf8)
        }
        return try dumped(table)
    }

    private static func string(_ object: JSONNode, _ key: String) -> String? {
        guard let value = json_string_value(json_object_get(object, key)) else { return nil }
        return String(cString: value)
    }

    private static func dumped(_ node: JSONNode?) throws -> String {
        guard let text = json_dumps(node, Int(JSON_COMPACT | JSON_ENCODE_ANY)) else { return "<missing>" }
        defer { free(text) }
        return String(cString: text)
    }
}
