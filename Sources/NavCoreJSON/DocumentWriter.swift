#if canImport(Glibc)
import Glibc
#endif
import CJansson
import NavCore

/// Writes navcore's documents (docs/json.md) as compact JSON text. Every
/// document carries `"navcore": 1`. Text comes back as an `OwnedText` buffer.
///
/// The writer keeps each entry's text and copies it into the state,
/// snapshot and transition documents that hold the entry: a state read then
/// costs about a copy of its bytes. A kept text is used only for an entry
/// equal to the one it was written from, so the cache is right by
/// construction, whatever happened to the ids in between (an undone batch, a
/// restore); `forget(_:)` and `forgetAll()` only keep it small. Not
/// thread-safe: navcore uses one writer per navigator, under its lock.
public final class DocumentWriter {
    /// The text of each entry written so far into a document, by id, with
    /// the entry it was written from.
    private var entryTexts: [EntryIDKey: KeptText] = [:]

    /// An entry's text and the entry it was written from: a class, so that
    /// finding it for each entry a document holds copies one reference,
    /// not the entry and its text.
    private final class KeptText {
        /// The entry the text was written from.
        let entry: Entry
        /// The entry's object, closing brace included.
        let text: ContiguousArray<UInt8>

        /// Keeps `text`, written from `entry`.
        init(_ entry: Entry, _ text: ContiguousArray<UInt8>) {
            self.entry = entry
            self.text = text
        }

        /// Whether the text was written from an entry equal to `other`
        /// (compared in place, without copying the kept entry out).
        func isText(of other: Entry) -> Bool {
            entry == other
        }
    }

    /// A writer that keeps no entry text yet.
    public init() {}

    /// Whether the writer keeps the text of any entry: when it keeps none,
    /// a change has nothing to make it forget.
    public var keepsTexts: Bool { !entryTexts.isEmpty }

    /// Drops the kept text of the entry with this id (one a batch may have removed).
    public func forget(_ id: Int) {
        if !entryTexts.isEmpty { entryTexts.removeValue(forKey: EntryIDKey(id: id)) }
    }

    /// Drops every kept text (after a restore, most ids stand for other entries).
    public func forgetAll() {
        entryTexts = [:]
    }

    /// The active stack: `{"navcore": 1, "stack": name, "entries": [...]}`.
    public func stack(_ navigator: Navigator) throws(NavError) -> UnsafeMutablePointer<CChar> {
        try text { (text) throws(NavError) in
            try navigator.readingActiveStack { (stack) throws(NavError) in
                try text.member("stack", stack.name)
                try text.key("entries")
                try entries(stack, into: &text, navigator)
            }
        }
    }

    /// The whole navigator state (docs/structure.md).
    public func state(_ navigator: Navigator) throws(NavError) -> UnsafeMutablePointer<CChar> {
        try text { (text) throws(NavError) in try describe(navigator, into: &text, activeStack: true) }
    }

    /// Writes the members of a state document (a snapshot's without
    /// `active_stack`) after its `"navcore"`; `conditions` only when the table
    /// declares any, `compact` and `sidebar_shown` only in a compact split
    /// view, `pending` only while an intent is held, and `locale` only once
    /// the navigator has one, so other documents are unchanged. Written as text, each entry from the text kept for it:
    /// a state read costs about a copy of its bytes (`make bench`, a).
    func describe(_ navigator: Navigator, into text: inout JSONText, activeStack: Bool) throws(NavError) {
        if let app = navigator.table.app {
            try text.member("app", app)
        }
        try text.member("table_version", navigator.table.version)
        try text.member("next_id", navigator.nextID)
        try text.member("seq", navigator.seq)
        try text.member("layout", navigator.table.layout.kind.rawValue)
        if activeStack {
            try text.member("active_stack", navigator.readingActiveStack { $0.name })
        }
        if let tab = navigator.selectedTab {
            try text.member("selected_tab", tab)
            try text.key("tab_history")
            try text.array(navigator.tabHistory) { (text, index) throws(NavError) in try text.string(navigator.bases[index].name) }
        }
        if !navigator.conditions.isEmpty {
            try text.key("conditions")
            try text.node(try DocumentWriter.conditions(navigator.conditionValues))
        }
        if navigator.split.compact {
            try text.key("compact")
            try text.bool(navigator.split.compact)
            try text.key("sidebar_shown")
            try text.bool(navigator.split.sidebarShown)
        }
        if let pending = navigator.pending {
            try text.key("pending")
            try text.node(try DocumentWriter.pending(pending, of: navigator))
        }
        if let locale = navigator.locale {
            try text.member("locale", locale)
        }
        try text.key("stacks")
        try stacks(navigator.bases, into: &text, navigator)
        try text.key("presentations")
        try presentations(navigator.layers, into: &text, navigator)
    }

    /// Writes `[{"stack", "style", "entries"}, ...]` for `layers`, bottom
    /// first, each with the presentations over its stack, if any.
    private func presentations(_ layers: [Layer], into text: inout JSONText, _ navigator: Navigator) throws(NavError) {
        try text.raw("[")
        for (index, layer) in layers.enumerated() {
            try text.raw(index == 0 ? "{\"stack\":" : ",{\"stack\":")
            try text.string(layer.stack.name)
            try text.member("style", layer.style)
            try text.key("entries")
            try entries(layer.stack, into: &text, navigator)
            try ownedPresentations(of: layer.stack, into: &text, navigator)
            try text.raw("}")
        }
        try text.raw("]")
    }

    /// Writes `,"presentations":[...]` for the presentations over `stack`
    /// alone, when it has any (docs/structure.md, "Nesting").
    private func ownedPresentations(of stack: Stack, into text: inout JSONText, _ navigator: Navigator) throws(NavError) {
        guard navigator.presentations.coverStacks else { return }
        let owned = navigator.presentations[stack.name]
        guard !owned.isEmpty else { return }
        try text.key("presentations")
        try presentations(owned, into: &text, navigator)
    }

    /// Writes `{name: {"entries": [...]}, ...}` for `stacks`, in order.
    private func stacks(_ stacks: [Stack], into text: inout JSONText, _ navigator: Navigator) throws(NavError) {
        try text.raw("{")
        for (index, stack) in stacks.enumerated() {
            try text.key(named: stack.name, first: index == 0)
            try text.raw("{\"entries\":")
            try entries(stack, into: &text, navigator)
            try ownedPresentations(of: stack, into: &text, navigator)
            try text.raw("}")
        }
        try text.raw("}")
    }

    /// Writes the `container` of an entry that holds one (docs/json.md):
    /// its name and layout, the tab selection and history of tabs, the
    /// columns of a compact split view, and its stacks as the state's.
    private func container(_ container: Container, into text: inout JSONText, _ navigator: Navigator) throws(NavError) {
        try text.raw("{\"name\":")
        try text.string(container.name)
        try text.member("layout", container.layout.layout.kind.rawValue)
        let state = container.state
        if container.isTabs {
            try text.member("selected_tab", container.selectedStack.name)
            try text.key("tab_history")
            try text.array(state.tabHistory) { (text, index) throws(NavError) in try text.string(container.stacks[index].name) }
        }
        if state.split.compact {
            try text.key("compact")
            try text.bool(true)
            try text.key("sidebar_shown")
            try text.bool(state.split.sidebarShown)
        }
        try text.key("stacks")
        try stacks(container.stacks, into: &text, navigator)
        try text.raw("}")
    }

    /// One entry: `{"id", "name", "params", "title"}`, and `"state"` when it has
    /// saved state, `"blocker"` when it blocks, `"result"` while it holds one. The caller owns the node.
    public static func entry(_ entry: Entry) throws(NavError) -> JSONNode {
        let node = try NodeBuilder.object()
        do throws(NavError) {
            try NodeBuilder.set(node, "id", NodeBuilder.integer(entry.id))
            try NodeBuilder.set(node, "name", NodeBuilder.string(entry.route.name))
            try NodeBuilder.set(node, "params", try params(of: entry.route))
            try NodeBuilder.set(node, "title", NodeBuilder.string(entry.title))
            if let state = entry.state { try NodeBuilder.set(node, "state", try JSONValueCodec.node(state)) }
            if let blocker = entry.blocker { try NodeBuilder.set(node, "blocker", NodeBuilder.string(blocker)) }
            if let result = entry.result { try NodeBuilder.set(node, "result", try JSONValueCodec.node(result)) }
        } catch {
            node.release()
            throw error
        }
        return node
    }

    /// A document `{"navcore": 1, ...}` whose other members `body` writes as text.
    func text(_ body: (inout JSONText) throws(NavError) -> Void) throws(NavError) -> UnsafeMutablePointer<CChar> {
        var text = try JSONText(capacity: 1024)
        do throws(NavError) {
            try text.raw("{\"navcore\":")
            try text.integer(DocumentFormat.current)
            try body(&text)
            try text.raw("}")
        } catch {
            text.discard()
            throw error
        }
        return text.finish()
    }

    /// A new document node `{"navcore": 1, ...}` filled by `body`, owned by the caller.
    static func documentNode(_ body: (JSONNode) throws(NavError) -> Void) throws(NavError) -> JSONNode {
        let document = try NodeBuilder.object()
        do throws(NavError) {
            try NodeBuilder.set(document, "navcore", NodeBuilder.integer(DocumentFormat.current))
            try body(document)
        } catch {
            document.release()
            throw error
        }
        return document
    }

    /// Writes the array of a stack's entries, root first; an entry that
    /// holds a container has it under `container`.
    private func entries(_ stack: Stack, into text: inout JSONText, _ navigator: Navigator) throws(NavError) {
        try text.raw("[")
        try entry(stack.root, into: &text, navigator)
        for entry in stack.path {
            try text.raw(",")
            try self.entry(entry, into: &text, navigator)
        }
        try text.raw("]")
    }

    /// Writes an entry, with the container it holds, if any.
    private func entry(_ entry: Entry, into text: inout JSONText, _ navigator: Navigator) throws(NavError) {
        guard !navigator.containers.isEmpty, let held = navigator.containers[entry.id] else { return try self.entry(entry, into: &text, open: false) }
        try self.entry(entry, into: &text, open: true)
        try text.raw(",\"container\":")
        try container(held, into: &text, navigator)
        try text.raw("}")
    }

    /// Writes an entry: the text kept for it when it was written from an
    /// equal entry, else its text written anew (byte for byte jansson's text
    /// of `entry(_:)`'s node), kept. An entry with saved state (which
    /// `set_entry_state` changes) is written anew each time and not kept.
    /// With `open`, the object's closing brace is left out, for more members.
    func entry(_ entry: Entry, into text: inout JSONText, open: Bool) throws(NavError) {
        if entry.state == nil, let kept = entryTexts[EntryIDKey(id: entry.id)], kept.isText(of: entry) {
            try kept.text.withUnsafeBufferPointer { (bytes) throws(NavError) in try text.fragment(open ? UnsafeBufferPointer(rebasing: bytes.dropLast()) : bytes) }
            return
        }
        let start = text.written
        try text.raw("{\"id\":")
        try text.integer(entry.id)
        try text.member("name", entry.route.name)
        try text.key("params")
        try text.params(entry.route.params)
        try text.member("title", entry.title)
        if let state = entry.state {
            try text.key("state")
            try text.json(state)
        }
        if let blocker = entry.blocker { try text.member("blocker", blocker) }
        if let result = entry.result {
            try text.key("result")
            try text.json(result)
        }
        if entry.state == nil { entryTexts[EntryIDKey(id: entry.id)] = KeptText(entry, text.bytes(from: start) + [UInt8(ascii: "}")]) }
        if !open { try text.raw("}") }
    }

    /// A new node of a `cause`, for a document still built as a tree (the
    /// action log): read back from the text a transition writes.
    static func cause(_ cause: Cause) throws(NavError) -> JSONNode {
        var text = try JSONText(capacity: 128)
        do throws(NavError) {
            try DocumentWriter.cause(cause, into: &text)
        } catch {
            text.discard()
            throw error
        }
        let written = text.finish()
        defer { OwnedText.free(written) }
        guard let node = json_loads(written, 0, nil) else { throw NodeBuilder.outOfMemory }
        return node
    }

    /// A new node of a result handed between screens: `{"from", "to", "value"}`.
    static func handed(_ handed: HandedResult) throws(NavError) -> JSONNode {
        try NodeBuilder.filled(try NodeBuilder.object()) { (node) throws(NavError) in
            try NodeBuilder.set(node, "from", NodeBuilder.integer(handed.from))
            try NodeBuilder.set(node, "to", NodeBuilder.integer(handed.to))
            try NodeBuilder.set(node, "value", try JSONValueCodec.node(handed.value))
        }
    }

    /// A new object of condition values: `{"signed_in": true, ...}`.
    static func conditions(_ values: [ConditionValue]) throws(NavError) -> JSONNode {
        try NodeBuilder.filled(try NodeBuilder.object()) { (node) throws(NavError) in
            for condition in values { try NodeBuilder.set(node, condition.name, condition.value ? json_true() : json_false()) }
        }
    }

    /// A new array of strings.
    static func strings(_ values: [String]) throws(NavError) -> JSONNode {
        try NodeBuilder.array(values, NodeBuilder.string)
    }
}
