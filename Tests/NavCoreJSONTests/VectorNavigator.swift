import CJansson
import Foundation
import NavCore
@testable import NavCoreJSON
import NavCoreSession

/// What a conformance vector's navigator is in the Swift runner: the same
/// `Engine` the C library drives (its lock, guard turns, refusals and
/// deliveries), with a listener of each kind subscribed (`Heard`), plus the
/// snapshot and log texts that earlier steps kept by name.
final class VectorNavigator {
    /// The navigator in use.
    private(set) var engine: Engine
    /// What its listeners heard.
    let heard = Heard()
    /// Texts kept by `snapshot` and `log` steps, by name.
    private var saved: [String: String] = [:]
    /// The token of the last step a blocker held back, for a `"proceed": true` step.
    private var token = ""
    /// The token of each step a blocker held back, by step index, for a `"proceed": INDEX` step.
    private var tokens: [Int: String] = [:]

    /// A navigator of `table` in `locale` (nil: the table's default).
    init(_ table: RouteTable, locale: String? = nil) throws(NavError) {
        engine = try Engine(table: table, locale: locale)
        try heard.listen(to: engine)
    }

    /// Starts over with a new navigator of `table` (a step's `"table"`),
    /// closing the old one as `navcore_navigator_free` does.
    func renew(_ table: RouteTable) throws(NavError) {
        engine.close()
        engine = Engine(table: table)
        try heard.listen(to: engine)
    }

    /// The state text, as `navcore_state` writes it.
    func state() throws(NavError) -> String {
        try read { (session) throws(NavError) in try session.stateText() }
    }

    /// The active stack text, as `navcore_stack` writes it.
    func stack() throws(NavError) -> String {
        try read { (session) throws(NavError) in try session.stackText() }
    }

    /// The view model text, as `navcore_view_model` writes it.
    func viewModel() throws(NavError) -> String {
        try read { (session) throws(NavError) in try session.viewModelText() }
    }

    /// A document the engine writes, as a string.
    private func read(_ document: (Session) throws(NavError) -> UnsafeMutablePointer<CChar>) throws(NavError) -> String {
        OwnedText.string(consuming: try engine.read(document))
    }

    /// Whether the step only reads: `resolve_url`, `url_for`, `stack_url`, `back_preview`, `view_model`.
    static func reads(_ step: JSONNode) -> Bool {
        let reads: [String] = ["resolve_url", "url_for", "stack_url", "back_preview", "view_model"]
        return reads.contains { key in json_object_get(step, key) != nil }
    }

    /// Makes the one call a step asks for, as the C function does, and returns
    /// what it writes: a transition, a report, a snapshot or a log (nil for
    /// `record`), a resolution, a URL or a back preview. A step a blocker
    /// holds back keeps its token for a later `proceed` step; `index` is the step's.
    func call(_ step: JSONNode, index: Int) throws(NavError) -> String? {
        do {
            return try callStep(step)
        } catch {
            if let blocked = error.blocked {
                token = blocked.token
                tokens[index] = blocked.token
            }
            throw error
        }
    }

    /// The call of `call`.
    private func callStep(_ step: JSONNode) throws(NavError) -> String? {
        if let text = try callLinks(step) { return text }
        if let proceed = json_object_get(step, "proceed") {
            let named = proceed.type == JSON_INTEGER ? tokens[Int(json_integer_value(proceed))] ?? "" : token
            return owned(try engine.proceed(named, wantsTransition: true))
        }
        if json_object_get(step, "back_preview") != nil { return try read { (session) throws(NavError) in try session.backPreviewText() } }
        if json_object_get(step, "view_model") != nil { return try viewModel() }
        if let actions = try text(of: step, "apply", raw: "apply_text") {
            // Set for each apply step, as the C runner does: the step's answers, or no guard.
            engine.setGuard(json_object_get(step, "guard").map(VectorNavigator.answering))
            return owned(try engine.apply(decodeActions(actions), wantsTransition: true))
        }
        if let name = json_string_value(json_object_get(step, "snapshot")) {
            let text = try read { (session) throws(NavError) in try session.snapshotText() }
            saved[String(cString: name)] = text
            return text
        }
        if let name = json_string_value(json_object_get(step, "log")) {
            let text = OwnedText.string(consuming: try engine.logText())
            saved[String(cString: name)] = text
            return text
        }
        if let on = json_object_get(step, "record") {
            engine.record(on.type == JSON_TRUE)
            return nil
        }
        if let log = try text(of: step, "replay", raw: nil, named: true) {
            return try VectorNavigator.decode(log) { (text) throws(NavError) in owned(try engine.replay(text, wantsTransition: true)) }
        }
        let restore = try text(of: step, "restore", raw: "restore_text", named: true) ?? ""
        let validator: RestoreValidator = { entry, _ in
            VectorNavigator.listed(json_object_get(step, "fail"), entry) ? Verdict(hostAnswer: 42)
                : Verdict(hostAnswer: VectorNavigator.listed(json_object_get(step, "veto"), entry) ? 0 : 1)
        }
        return try VectorNavigator.decode(restore) { (text) throws(NavError) in
            owned(try engine.restore(text, validator: validator, wantsReport: true))
        }
    }

    /// The link steps (docs/links.md): `open_url` writes a transition,
    /// `resolve_url` a resolution, `url_for` and `stack_url` a URL; nil for another step.
    private func callLinks(_ step: JSONNode) throws(NavError) -> String? {
        if let open = json_object_get(step, "open_url") {
            let url = json_string_value(json_object_get(open, "url")).map { String(cString: $0) } ?? ""
            let name = json_string_value(json_object_get(open, "mode")).map { String(cString: $0) }
            let mode = try ActionDecoder.openMode(name, at: "actions[0].mode")
            return owned(try engine.apply([.openURL(url, mode: mode)], wantsTransition: true))
        }
        if let url = json_string_value(json_object_get(step, "resolve_url")) {
            return try read { (session) throws(NavError) in try session.resolutionText(String(cString: url)) }
        }
        if let route = json_object_get(step, "url_for") {
            let text = try VectorNavigator.dumped(route)
            let request = try VectorNavigator.decode(text) { (text) throws(NavError) in try ActionDecoder.decodeRoute(text: text, at: "route") }
            return try engine.withSession { (session) throws(NavError) in try session.table.url(for: request) }
        }
        if json_object_get(step, "stack_url") != nil {
            return try engine.withSession { (session) throws(NavError) in try session.navigator.stackURL() }
        }
        return nil
    }

    /// The guard of an apply step with `guard`: it gives the step's answers
    /// to the proposals in turn (allow after the last), as the C runner's
    /// guard does.
    private static func answering(_ answers: JSONNode) -> HostGuard {
        let asked = Counter()
        nonisolated(unsafe) let answers = answers
        return HostGuard { _ in answer(json_array_get(answers, asked.next())) }
    }

    /// A guard's answer in a vector: `"allow"`, `{"deny": reason}`,
    /// `{"redirect": actions}` or `{"return": code}`; allow for none.
    private static func answer(_ node: JSONNode?) -> GuardDecision {
        if let reason = json_string_value(json_object_get(node, "deny")) { return .deny(String(cString: reason)) }
        if let code = json_object_get(node, "return") { return GuardDecision(hostAnswer: Int32(truncatingIfNeeded: json_integer_value(code)), answer: nil) }
        guard let actions = json_object_get(node, "redirect") else { return .allow }
        return GuardDecision.redirect { () throws(NavError) in
            try decode(try dumped(actions)) { (text) throws(NavError) in try ActionDecoder.decodeBatch(text: text) }
        }
    }

    /// A text the engine wrote, as a string.
    private func owned(_ text: UnsafeMutablePointer<CChar>?) -> String? {
        text.map { OwnedText.string(consuming: $0) }
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
