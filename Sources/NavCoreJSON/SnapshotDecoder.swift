#if canImport(Glibc)
import Glibc
#endif
import CJansson
import NavCore

/// Reads a snapshot (docs/restore.md) into the core's `Snapshot`. Whatever
/// makes it unusable as a whole is `.restore`: too large, not JSON, a newer
/// format, a wrong shape. Whether each entry still fits the table is not
/// judged here but by the restore, entry by entry. The text of most
/// snapshots is read without jansson (`SnapshotReader`), to the same values.
public enum SnapshotDecoder {
    /// Largest snapshot or action log text read, in bytes (`NAVCORE_MAX_SNAPSHOT_BYTES`).
    public static let maxBytes = Limits.maxSnapshotBytes

    /// The keys of a snapshot document.
    static let keys = ["navcore", "app", "table_version", "next_id", "seq", "layout", "selected_tab", "tab_history",
                       "stacks", "presentations", "conditions", "compact", "sidebar_shown", "pending", "locale"]

    /// Decodes snapshot JSON text.
    public static func decode(text: UnsafePointer<CChar>) throws(NavError) -> Snapshot {
        try checkLength(text, what: "snapshot")
        if let snapshot = SnapshotReader.read(text) { return snapshot }
        let node = try parseChecked(text, what: "snapshot")
        defer { node.release() }
        return try decode(node, at: "")
    }

    /// The error for a document navcore would write longer than it reads back,
    /// naming the limit as `limitName` when given (the caller's name for it:
    /// the codec names no C symbol).
    static func tooLarge(_ what: String, limitName: String?) -> NavError {
        let named = limitName.map { " (\($0))" } ?? ""
        return NavError(.limit, "the \(what) would be larger than the \(maxBytes)-byte limit that restore and replay read\(named), so it is not written")
    }

    /// Parses restore input (`what` names it): too long or not JSON is `.restore`.
    static func parse(_ text: UnsafePointer<CChar>, what: String) throws(NavError) -> JSONNode {
        try checkLength(text, what: what)
        return try parseChecked(text, what: what)
    }

    /// Refuses restore input (`what` names it) longer than `maxBytes`.
    private static func checkLength(_ text: UnsafePointer<CChar>, what: String) throws(NavError) {
        guard strnlen(text, maxBytes + 1) <= maxBytes else {
            throw NavError(.restore, "the \(what) is larger than the \(maxBytes)-byte limit")
        }
    }

    /// Parses restore input of at most `maxBytes`: not JSON is `.restore`.
    private static func parseChecked(_ text: UnsafePointer<CChar>, what: String) throws(NavError) -> JSONNode {
        do {
            return try JSONNode.parse(text)
        } catch {
            throw NavError(.restore, "the \(what) is not valid JSON: \(error.detail)")
        }
    }

    /// Decodes a parsed snapshot located at `path` (empty for a document of its own).
    static func decode(_ node: JSONNode, at path: String) throws(NavError) -> Snapshot {
        let top = try ObjectReader(node, at: path, kind: .restore, allowed: keys)
        try checkFormat(top)
        let layout: Layout.Kind = try present(try top.enumValue("layout"), top, "layout")
        var stacks: [Snapshot.Stack] = []
        for (name, body) in try present(try top.object("stacks"), top, "stacks") {
            let reader = try ObjectReader(body, at: top.location("stacks") + ".\(name)", kind: .restore, allowed: ["entries", "presentations"])
            stacks.append(Snapshot.Stack(name: name, items: try items(reader, level: 1), presentations: try owned(reader, level: 1, depth: 0)))
        }
        var presentations: [Snapshot.Stack] = []
        for (index, body) in try present(try top.array("presentations"), top, "presentations").enumerated() {
            presentations.append(try layer(body, at: top.location("presentations") + "[\(index)]", level: 1, depth: 0))
        }
        try checkLayoutKeys(top, layout: layout, stacks: stacks)
        var history: [String] = []
        for (index, name) in (try top.array("tab_history") ?? []).enumerated() {
            guard let name = name.stringValue else {
                throw NavError(.restore, at: top.location("tab_history") + "[\(index)]", "expected string, got \(name.typeName)")
            }
            history.append(name)
        }
        return Snapshot(app: try top.string("app"), tableVersion: try present(try top.int("table_version"), top, "table_version"),
                        nextID: try present(try top.int("next_id"), top, "next_id"), seq: try present(try top.int("seq"), top, "seq"),
                        layout: layout, selectedTab: try top.string("selected_tab"), tabHistory: history,
                        stacks: stacks, presentations: presentations, conditions: try conditions(top),
                        split: try split(top, layout: layout), pending: try pending(top), locale: try locale(top))
    }

    /// The optional `locale` tag (absent in a snapshot of a navigator without one, or written before locales).
    private static func locale(_ top: ObjectReader) throws(NavError) -> String? {
        guard let tag = try top.string("locale") else { return nil }
        if let problem = LocaleTag.problem(tag) { throw NavError(.restore, at: top.location("locale"), problem) }
        return tag
    }

    /// The optional `compact` and `sidebar_shown` of a split snapshot
    /// (absent in one written before split views had a compact form, or not compact).
    private static func split(_ top: ObjectReader, layout: Layout.Kind) throws(NavError) -> SplitForm {
        let compact = try top.bool("compact")
        let sidebarShown = try top.bool("sidebar_shown")
        if layout != .split, compact != nil || sidebarShown != nil {
            let key = compact != nil ? "compact" : "sidebar_shown"
            throw NavError(.restore, at: top.location(key), "only a snapshot of the split layout has it, this one's layout is \"\(layout.rawValue)\"")
        }
        if sidebarShown == true, compact != true {
            throw NavError(.restore, at: top.location("sidebar_shown"), "the sidebar is shown alone only in compact form (\"compact\": true)")
        }
        return SplitForm(compact: compact ?? false, sidebarShown: sidebarShown ?? false)
    }

    /// The optional `pending` intent: `{"condition", "flow", "actions"}`, and
    /// `stack` when the state does not tell where it was held.
    private static func pending(_ top: ObjectReader) throws(NavError) -> Snapshot.Pending? {
        guard let node = top.node("pending") else { return nil }
        let reader = try ObjectReader(node, at: top.location("pending"), kind: .restore, allowed: ["condition", "flow", "stack", "actions"])
        _ = try present(try reader.array("actions"), reader, "actions")
        let actions: [Action]
        do {
            actions = try ActionDecoder.decodeBatch(try reader.required("actions"))
        } catch {
            throw NavError(.restore, at: reader.location("actions"), error.message)
        }
        return Snapshot.Pending(condition: try present(try reader.string("condition"), reader, "condition"),
                                flow: try present(try reader.string("flow"), reader, "flow"), stack: try reader.string("stack"),
                                actions: actions)
    }

    /// The optional `conditions`: name -> bool (absent in a snapshot of a table without conditions).
    private static func conditions(_ top: ObjectReader) throws(NavError) -> [ConditionValue] {
        var values: [ConditionValue] = []
        for (name, node) in try top.object("conditions") ?? [] {
            guard let value = node.boolValue else {
                throw NavError(.restore, at: top.location("conditions") + ".\(ParamType.excerpt(name))", "expected bool, got \(node.typeName)")
            }
            values.append(ConditionValue(name: name, value: value))
        }
        return values
    }

    /// What a snapshot of `layout` must hold, as navcore writes it: a tabs
    /// snapshot its `selected_tab` and `tab_history` (and others neither), a
    /// stack snapshot the one stack `main`, a split snapshot the one stack `detail`.
    private static func checkLayoutKeys(_ top: ObjectReader, layout: Layout.Kind, stacks: [Snapshot.Stack]) throws(NavError) {
        for key in ["selected_tab", "tab_history"] {
            if layout == .tabs {
                _ = try top.required(key)
            } else if top.node(key) != nil {
                throw NavError(.restore, at: top.location(key), "only a snapshot of the tabs layout has it, this one's layout is \"\(layout.rawValue)\"")
            }
        }
        let only = [.stack: Navigator.mainStack, .split: Navigator.detailStack][layout]
        if let only, stacks.map(\.name) != [only] {
            throw NavError(.restore, at: top.location("stacks"), "a snapshot of the \(layout.rawValue) layout has exactly one stack, \"\(only)\"")
        }
    }

    /// Refuses a document of another format than this library's.
    private static func checkFormat(_ top: ObjectReader) throws(NavError) {
        let format = try present(try top.int("navcore"), top, "navcore")
        guard format != DocumentFormat.current else { return }
        let detail = format > DocumentFormat.current ? "is newer than" : "is not"
        throw NavError(.restore, at: top.location("navcore"), "format \(format) \(detail) this library's format \(DocumentFormat.current)")
    }

    /// The `entries` of a stack at nesting `level` (1: the navigator's own):
    /// each entry's id, route, saved state and container.
    private static func items(_ stack: ObjectReader, level: Int) throws(NavError) -> [Snapshot.Item] {
        let nodes = try present(try stack.array("entries"), stack, "entries")
        var items: [Snapshot.Item] = []
        items.reserveCapacity(nodes.count)
        for (index, node) in nodes.enumerated() {
            items.append(try item(node, level: level) { stack.location("entries") + "[\(index)]" })
        }
        return items
    }

    /// A presentation `{"stack", "style", "entries", "presentations"}` at
    /// container level `level`, over `depth` presentations of one stack.
    private static func layer(_ node: JSONNode, at path: String, level: Int, depth: Int) throws(NavError) -> Snapshot.Stack {
        let reader = try ObjectReader(node, at: path, kind: .restore, allowed: ["stack", "style", "entries", "presentations"])
        return Snapshot.Stack(name: try present(try reader.string("stack"), reader, "stack"),
                              style: try present(try reader.string("style"), reader, "style"), items: try items(reader, level: level),
                              presentations: try owned(reader, level: level, depth: depth))
    }

    /// The optional `presentations` over one stack (docs/structure.md,
    /// "Nesting"); presentations over presentations are bounded too, so that
    /// no input nests without bound.
    private static func owned(_ stack: ObjectReader, level: Int, depth: Int) throws(NavError) -> [Snapshot.Stack] {
        guard let nodes = try stack.array("presentations") else { return [] }
        guard depth < 2 * Limits.maxNesting else {
            throw NavError(.restore, at: stack.location("presentations"), "presentations nest deeper than the limit of \(2 * Limits.maxNesting)")
        }
        var layers: [Snapshot.Stack] = []
        for (index, node) in nodes.enumerated() {
            layers.append(try layer(node, at: stack.location("presentations") + "[\(index)]", level: level, depth: depth + 1))
        }
        return layers
    }

    /// An entry's `container` (docs/json.md): its layout, tab selection and
    /// history, columns and stacks. Deeper than `Limits.maxNesting` is `.restore`.
    @_optimize(size)
    private static func container(_ node: JSONNode, at path: String, level: Int) throws(NavError) -> Snapshot.Container {
        guard level <= Limits.maxNesting else {
            throw NavError(.restore, at: path, "containers nest deeper than the limit of \(Limits.maxNesting)")
        }
        let reader = try ObjectReader(node, at: path, kind: .restore,
                                      allowed: ["name", "layout", "selected_tab", "tab_history", "compact", "sidebar_shown", "stacks"])
        let layout: Layout.Kind = try present(try reader.enumValue("layout"), reader, "layout")
        guard layout != .stack else { throw NavError(.restore, at: reader.location("layout"), "a container is \"tabs\" or \"split\"") }
        var stacks: [Snapshot.Stack] = []
        for (name, body) in try present(try reader.object("stacks"), reader, "stacks") {
            let stack = try ObjectReader(body, at: reader.location("stacks") + ".\(ParamType.excerpt(name))", kind: .restore,
                                         allowed: ["entries", "presentations"])
            stacks.append(Snapshot.Stack(name: name, items: try items(stack, level: level), presentations: try owned(stack, level: level, depth: 0)))
        }
        var history: [String] = []
        for (index, name) in (try reader.array("tab_history") ?? []).enumerated() {
            guard let name = name.stringValue else {
                throw NavError(.restore, at: reader.location("tab_history") + "[\(index)]", "expected string, got \(name.typeName)")
            }
            history.append(name)
        }
        return Snapshot.Container(layout: layout, selectedTab: try reader.string("selected_tab"), tabHistory: history,
                                  split: try split(reader, layout: layout), stacks: stacks)
    }

    /// One entry, its members read in one pass (the entries are a snapshot's
    /// bulk); `path` names it, and is only built for an error.
    private static func item(_ node: JSONNode, level: Int, at path: () -> String) throws(NavError) -> Snapshot.Item {
        func problem(_ key: String?, _ detail: String) -> NavError {
            NavError(.restore, at: key.map { "\(path()).\($0)" } ?? path(), detail)
        }
        guard node.type == JSON_OBJECT else { throw problem(nil, "expected an object, got \(node.typeName)") }
        var id: Int?
        var name: String?
        var params: [(String, InputValue)]?
        var hasTitle = false
        var state: JSONValue?
        var blocker: String?
        var result: JSONValue?
        var container: Snapshot.Container?
        var iterator = json_object_iter(node)
        while let current = iterator, let key = json_object_iter_key(current), let value = json_object_iter_value(current) {
            let length = json_object_iter_key_len(current)
            func named(_ literal: StaticString) -> Bool {
                length == literal.utf8CodeUnitCount && memcmp(key, literal.utf8Start, length) == 0
            }
            if named("id") {
                guard let number = value.intValue else { throw problem("id", "expected int, got \(value.typeName)") }
                id = number
            } else if named("name") {
                guard let text = value.stringValue else { throw problem("name", "expected string, got \(value.typeName)") }
                name = text
            } else if named("params") {
                guard let members = value.objectMembers else { throw problem("params", "expected object, got \(value.typeName)") }
                params = members.map { ($0.key, $0.value.inputValue) }
            } else if named("title") {
                guard value.type == JSON_STRING else { throw problem("title", "expected string, got \(value.typeName)") }
                hasTitle = true
            } else if named("state") {
                state = value.type == JSON_NULL ? nil : try JSONValueCodec.value(value, at: "\(path()).state", kind: .restore)
            } else if named("blocker") {
                guard let text = value.stringValue else { throw problem("blocker", "expected string, got \(value.typeName)") }
                guard !text.isEmpty else { throw problem("blocker", "must not be empty") }
                blocker = text
            } else if named("result") {
                result = value.type == JSON_NULL ? nil : try JSONValueCodec.value(value, at: "\(path()).result", kind: .restore)
            } else if named("container") {
                container = try self.container(value, at: "\(path()).container", level: level + 1)
            } else {
                let text = String(decoding: UnsafeRawBufferPointer(start: key, count: length), as: UTF8.self)
                let allowed = ["id", "name", "params", "title", "state", "blocker", "result", "container"]
                throw problem(nil, "unknown key \"\(ParamType.excerpt(text))\" (allowed: \(allowed.joined(separator: ", ")))"
                                   + NameSuggestion.didYouMean(text, among: allowed))
            }
            iterator = json_object_iter_next(node, current)
        }
        guard let id else { throw problem("id", "missing") }
        guard let name else { throw problem("name", "missing") }
        guard let params else { throw problem("params", "missing") }
        guard hasTitle else { throw problem("title", "missing") }
        return Snapshot.Item(id: id, route: RouteRequest(name: name, params: params), state: state, blocker: blocker, result: result,
                             container: container)
    }

    /// A required member, read by one of `ObjectReader`'s typed getters; `.restore` when absent.
    private static func present<T>(_ value: T?, _ reader: ObjectReader, _ key: String) throws(NavError) -> T {
        guard let value else { throw NavError(.restore, at: reader.location(key), "missing") }
        return value
    }
}
