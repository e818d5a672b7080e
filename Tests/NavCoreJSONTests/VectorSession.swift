import CJansson
import Foundation
import NavCore
import NavCoreJSON
import NavCoreSession

/// Runs one conformance vector (Tests/vectors/README.md) through the engine
/// the C ABI drives (`Engine`: its guard turns, refusals and deliveries),
/// exactly as the C runner does, and reports every mismatch, also between
/// what its listeners heard and what each step wrote (`Heard`).
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
        // A vector's "locale" makes its navigator as navcore_navigator_new_locale does.
        let locale = json_object_get(vector, "locale").flatMap { json_string_value($0) }.map { String(cString: $0) }
        let session: VectorNavigator
        do throws(NavError) {
            session = try VectorNavigator(try decodeTable(tableText), locale: locale)
        } catch {
            if let expected = json_object_get(vector, "expect_table_error") {
                problems += check(error, against: expected, at: "table")
            } else {
                problems.append("table: unexpected \(error.kind.status.name): \(error.message)")
            }
            return problems
        }
        if json_object_get(vector, "expect_table_error") != nil {
            return ["table: expected an error, but the table loaded"]
        }
        let steps = json_object_get(vector, "steps")
        for index in 0..<json_array_size(steps) {
            guard let step = json_array_get(steps, index), let expect = json_object_get(step, "expect") else {
                problems.append("steps[\(index)]: no expect")
                continue
            }
            problems += try run(step, index: index, expect, on: session).map { "steps[\(index)]: \($0)" }
        }
        return problems
    }

    private static func run(_ step: JSONNode, index: Int, _ expect: JSONNode, on session: VectorNavigator) throws -> [String] {
        if json_object_get(step, "table") != nil { try session.renew(try decodeTable(tableText(step))) }
        let stateBefore = try session.state()
        session.heard.startStep()
        let outcome = Result { () throws(NavError) in try session.call(step, index: index) }
        let transitionSteps: [String] = ["apply", "apply_text", "proceed", "open_url", "replay"]
        let writesTransition = transitionSteps.contains { json_object_get(step, $0) != nil }
        let restored = json_object_get(step, "restore") != nil || json_object_get(step, "restore_text") != nil
        switch outcome {
        case .success(let document):
            var problems = try session.heard.problems(transition: writesTransition ? document : nil, restored: restored,
                                                      error: nil, current: session.viewModel())
            if json_object_get(expect, "error") != nil { problems.append("expected an error, got success") }
            if let stack = json_object_get(expect, "stack") {
                problems += try compare(session.stack(), key: "entries", with: stack, label: "stack")
            }
            for label in ["transition", "report", "snapshot", "log", "resolved", "preview", "view"] {
                guard let wanted = json_object_get(expect, label) else { continue }
                problems += try compareKeys(of: wanted, with: document ?? "null", label: label)
            }
            if let url = string(expect, "url"), url != document { problems.append("url: expected \(url), got \(document ?? "nothing")") }
            if VectorNavigator.reads(step), try session.state() != stateBefore {
                problems.append("a read (resolve_url, url_for, stack_url, back_preview) changed the state")
            }
            if let wanted = json_object_get(expect, "state") {
                problems += try compareKeys(of: wanted, with: try session.state(), label: "state")
            }
            return problems
        case .failure(let error):
            var problems = check(error, against: expect, at: "call")
            problems += try session.heard.problems(transition: nil, restored: restored, error: error, current: session.viewModel())
            if let wanted = json_object_get(expect, "blocked") {
                if let blocked = error.blocked {
                    problems += try compareKeys(of: wanted, with: OwnedText.string(consuming: try DocumentWriter.blocked(blocked)), label: "blocked")
                } else {
                    problems.append("blocked: nothing was held back")
                }
            }
            let stateAfter = try session.state()
            if stateAfter != stateBefore { problems.append("state changed by a failed step") }
            return problems
        }
    }

    private static func check(_ error: NavError, against expect: JSONNode, at label: String) -> [String] {
        guard let name = string(expect, "error") else {
            return ["\(label): unexpected \(error.kind.status.name): \(error.message)"]
        }
        var problems: [String] = []
        if error.kind.status.name != name { problems.append("\(label): expected \(name), got \(error.kind.status.name): \(error.message)") }
        if let fragment = string(expect, "message"),
           !error.message.contains(fragment) {
            problems.append("\(label): message \"\(error.message)\" lacks \"\(fragment)\"")
        }
        if let path = string(expect, "path"), error.path != path {
            problems.append("\(label): path \"\(error.path)\" is not \"\(path)\"")
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

    /// The route table text of a vector (or of a step that renews it): `table_text`,
    /// the file `tables/<name>.json` that `table` names, or `table` itself.
    static func tableText(_ vector: JSONNode) throws -> String {
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
