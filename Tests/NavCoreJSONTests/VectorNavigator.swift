import CJansson
import Foundation
import NavCore
@testable import NavCoreJSON

/// What a conformance vector's navigator holds in the Swift runner, kept as
/// the C ABI keeps it: the navigator, its encoder, its action log, and the
/// snapshot and log texts that earlier steps kept by name.
final class VectorNavigator {
    /// The navigation state.
    private(set) var navigator: Navigator
    /// Writes its documents, sharing entry nodes as the C ABI's encoder does.
    private(set) var encoder = Encoder()
    /// The action log, once recording was started.
    private var log: ActionLog<Navigator>?
    /// Whether changes are being recorded.
    private var recording = false
    /// Texts kept by `snapshot` and `log` steps, by name.
    private var saved: [String: String] = [:]

    /// A navigator of `table`.
    init(_ table: RouteTable) {
        navigator = Navigator(table: table)
    }

    /// Starts over with a new navigator of `table` (a step's `"table"`).
    func renew(_ table: RouteTable) {
        navigator = Navigator(table: table)
        encoder = Encoder()
        log = nil
        recording = false
    }

    /// Whether the step only reads: `resolve_url`, `url_for`, `stack_url`.
    static func reads(_ step: JSONNode) -> Bool {
        let reads: [String] = ["resolve_url", "url_for", "stack_url"]
        return reads.contains { key in json_object_get(step, key) != nil }
    }

    /// Makes the one call a step asks for, as the C function would, and returns
    /// what it writes: a transition, a report, a snapshot or a log (nil for
    /// `record`), a resolution or a URL.
    func call(_ step: JSONNode) throws(NavError) -> String? {
        if let text = try callLinks(step) { return text }
        if let actions = try text(of: step, "apply", raw: "apply_text") {
            let transition = try navigator.apply(decodeActions(actions))
            defer { encoder.forget(transition) }
            if recording { log?.append(.actions(try decodeActions(actions), seq: navigator.seq), after: navigator) }
            return Encoder.string(consuming: try encoder.transition(transition))
        }
        if let name = json_string_value(json_object_get(step, "snapshot")) {
            let text = Encoder.string(consuming: try encoder.snapshot(navigator))
            saved[String(cString: name)] = text
            return text
        }
        if let name = json_string_value(json_object_get(step, "log")) {
            guard let log else { throw NavError(.noEntry, "nothing was recorded") }
            let text = Encoder.string(consuming: try ActionLogCodec.encode(log, recording: recording))
            saved[String(cString: name)] = text
            return text
        }
        if let on = json_object_get(step, "record") {
            if on.type == JSON_TRUE && !recording { log = ActionLog(base: navigator) }
            recording = on.type == JSON_TRUE
            return nil
        }
        if let log = try text(of: step, "replay", raw: nil, named: true) {
            let replayed = try Navigator.replaying(try VectorNavigator.decode(log) { (text) throws(NavError) in try ActionLogCodec.decode(text: text) },
                                                   table: navigator.table)
            return try adopt(replayed, cause: .replay)
        }
        let restore = try text(of: step, "restore", raw: "restore_text", named: true) ?? ""
        let snapshot = try VectorNavigator.decode(restore) { (text) throws(NavError) in try SnapshotDecoder.decode(text: text) }
        let restoration = try Navigator.restoring(snapshot, table: navigator.table) { entry, _ in
            VectorNavigator.listed(json_object_get(step, "fail"), entry) ? Verdict(hostAnswer: 42)
                : Verdict(hostAnswer: VectorNavigator.listed(json_object_get(step, "veto"), entry) ? 0 : 1)
        }
        _ = try adopt(restoration.navigator, cause: .restore)
        return Encoder.string(consuming: try ReportEncoder.report(restoration.report))
    }

    /// The link steps (docs/links.md): `open_url` writes a transition,
    /// `resolve_url` a resolution, `url_for` and `stack_url` a URL; nil for another step.
    private func callLinks(_ step: JSONNode) throws(NavError) -> String? {
        if let open = json_object_get(step, "open_url") {
            let url = json_string_value(json_object_get(open, "url")).map { String(cString: $0) } ?? ""
            let mode = json_string_value(json_object_get(open, "mode")).flatMap { OpenMode(rawValue: String(cString: $0)) }
            let transition = try navigator.apply([.openURL(url, mode: mode)])
            defer { encoder.forget(transition) }
            return Encoder.string(consuming: try encoder.transition(transition))
        }
        if let url = json_string_value(json_object_get(step, "resolve_url")) {
            return Encoder.string(consuming: try encoder.resolution(try navigator.table.resolve(String(cString: url))))
        }
        if let route = json_object_get(step, "url_for") {
            let text = try VectorNavigator.dumped(route)
            return try navigator.table.url(for: try VectorNavigator.decode(text) { (text) throws(NavError) in try ActionDecoder.decodeRoute(text: text) })
        }
        if json_object_get(step, "stack_url") != nil { return try navigator.stackURL() }
        return nil
    }

    /// Takes over a restored or replayed state and returns its transition's text.
    private func adopt(_ restored: Navigator, cause: Cause) throws(NavError) -> String {
        let transition = navigator.adopt(restored, cause: cause)
        encoder.forgetAll()
        if recording { log?.append(.restore(navigator, seq: navigator.seq), after: navigator) }
        return Encoder.string(consuming: try encoder.transition(transition))
    }

    /// The text a step passes for `key`: its value dumped (or, when `named`, the
    /// text an earlier step kept under that name), or the `raw` key's string as
    /// is; nil when the step has neither key.
    private func text(of step: JSONNode, _ key: String, raw: String?, named: Bool = false) throws(NavError) -> String? {
        if let raw, let value = json_string_value(json_object_get(step, raw)) { return String(cString: value) }
        guard let node = json_object_get(step, key) else { return nil }
        if named, let name = json_string_value(node) { return saved[String(cString: name)] ?? "" }
        return try VectorNavigator.dumped(node)
    }

    /// Decodes text with a decoder that reads C strings.
    private static func decode<T>(_ text: String, _ decode: (UnsafePointer<CChar>) throws(NavError) -> T) throws(NavError) -> T {
        let result = text.withCString { pointer in Result { () throws(NavError) in try decode(pointer) } }
        return try result.get()
    }

    /// Whether a `veto` or `fail` list holds the entry's id or route name.
    private static func listed(_ list: JSONNode?, _ entry: Entry) -> Bool {
        (0..<json_array_size(list)).contains { index in
            let item = json_array_get(list, index)
            if item?.type == JSON_INTEGER { return Int(json_integer_value(item)) == entry.id }
            return json_string_value(item).map { String(cString: $0) == entry.route.name } ?? false
        }
    }

    /// Compact text of a node.
    private static func dumped(_ node: JSONNode?) throws(NavError) -> String {
        guard let text = json_dumps(node, Int(JSON_COMPACT | JSON_ENCODE_ANY)) else { throw NavError(.internal, "cannot dump a vector value") }
        defer { free(text) }
        return String(cString: text)
    }
}
