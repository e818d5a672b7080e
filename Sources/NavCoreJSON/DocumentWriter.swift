#if canImport(Glibc)
import Glibc
#endif
import CJansson
import NavCore

/// Writes navcore's documents (docs/json.md) as compact JSON text. Every
/// document carries `"navcore": 1`. Text comes back as an `OwnedText` buffer.
///
/// The writer keeps each entry's jansson node and shares it (by reference
/// count) between documents: a state read then costs little beyond jansson's
/// own dump. A kept node is used only for an entry equal to the one it was
/// written from, so the cache is right by construction, whatever happened to
/// the ids in between (an undone batch, a restore); `forget(_:)` and
/// `forgetAll()` only keep it small. Not thread-safe: navcore uses one writer
/// per navigator, under its lock.
public final class DocumentWriter {
    /// The node of each entry written so far, by id, with the entry it was
    /// written from; each node holds one reference.
    private var entryNodes: [Int: (entry: Entry, node: JSONNode)] = [:]
    /// The text of each entry written so far into a state, stack or snapshot
    /// document, by id, with the entry it was written from.
    private var entryTexts: [Int: (entry: Entry, text: ContiguousArray<UInt8>)] = [:]

    /// A writer that keeps no entry node yet.
    public init() {}

    deinit {
        for kept in entryNodes.values { kept.node.release() }
    }

    /// Drops the kept node and text of the entry with this id (one a batch may have removed).
    public func forget(_ id: Int) {
        if !entryNodes.isEmpty { entryNodes.removeValue(forKey: id)?.node.release() }
        if !entryTexts.isEmpty { entryTexts.removeValue(forKey: id) }
    }

    /// Drops every kept node (after a restore, most ids stand for other entries).
    public func forgetAll() {
        for kept in entryNodes.values { kept.node.release() }
        entryNodes = [:]
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
        guard !navigator.ownedLayers.isEmpty, let owned = navigator.ownedLayers[stack.name], !owned.isEmpty else { return }
        try text.key("presentations")
        try presentations(owned, into: &text, navigator)
    }

    /// Writes `{name: {"entries": [...]}, ...}` for `stacks`, in order.
    private func stacks(_ stacks: [Stack], into text: inout JSONText, _ navigator: Navigator) throws(NavError) {
        try text.raw("{")
        for (index, stack) in stacks.enumerated() {
            try text.key(stack.name, first: index == 0)
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

    /// A transition (docs/json.md, docs/structure.md).
    public func transition(_ transition: Transition) throws(NavError) -> UnsafeMutablePointer<CChar> {
        try NodeBuilder.dump(try transitionNode(transition))
    }

    /// A new node of a transition's document, owned by the caller.
    func transitionNode(_ transition: Transition) throws(NavError) -> JSONNode {
        try DocumentWriter.documentNode { (document) throws(NavError) in
            try NodeBuilder.set(document, "seq", NodeBuilder.integer(transition.seq))
            try NodeBuilder.set(document, "changed", transition.changed ? json_true() : json_false())
            try NodeBuilder.set(document, "cause", try DocumentWriter.cause(transition.cause))
            try NodeBuilder.set(document, "results", try DocumentWriter.strings(transition.results.map(\.rawValue)))
            let stacks = try NodeBuilder.object()
            try NodeBuilder.set(document, "stacks", stacks)
            for change in transition.changes {
                let body = try NodeBuilder.object()
                try NodeBuilder.set(stacks, change.stack, body)
                let removed = try NodeBuilder.array()
                try NodeBuilder.set(body, "removed", removed)
                for id in change.removed { try NodeBuilder.append(removed, NodeBuilder.integer(id)) }
                let added = try NodeBuilder.array()
                try NodeBuilder.set(body, "added", added)
                for entry in change.added { try NodeBuilder.append(added, try retained(entry)) }
                if !change.moved.isEmpty {
                    let moved = try NodeBuilder.array()
                    try NodeBuilder.set(body, "moved", moved)
                    for id in change.moved { try NodeBuilder.append(moved, NodeBuilder.integer(id)) }
                }
            }
            let presented = try NodeBuilder.array()
            try NodeBuilder.set(document, "presented", presented)
            for layer in transition.presented {
                let body = try NodeBuilder.object()
                try NodeBuilder.append(presented, body)
                try NodeBuilder.set(body, "stack", NodeBuilder.string(layer.stack))
                try NodeBuilder.set(body, "style", NodeBuilder.string(layer.style))
            }
            try NodeBuilder.set(document, "dismissed", try DocumentWriter.strings(transition.dismissed))
            if let tab = transition.tab {
                let body = try NodeBuilder.object()
                try NodeBuilder.set(document, "tab", body)
                try NodeBuilder.set(body, "before", NodeBuilder.string(tab.before))
                try NodeBuilder.set(body, "after", NodeBuilder.string(tab.after))
            }
            if let history = transition.tabHistory {
                try NodeBuilder.set(document, "tab_history", try DocumentWriter.strings(history))
            }
            if !transition.conditions.isEmpty {
                try NodeBuilder.set(document, "conditions", try DocumentWriter.conditions(transition.conditions))
            }
            if let split = transition.split { try DocumentWriter.setSplit(split, in: document) }
            if let locale = transition.locale {
                try NodeBuilder.set(document, "locale", try NodeBuilder.object(["before": locale.before.map(NodeBuilder.string) ?? json_null(),
                                                                               "after": locale.after.map(NodeBuilder.string) ?? json_null()]))
            }
            if !transition.containers.isEmpty {
                try NodeBuilder.set(document, "containers", try NodeBuilder.array(transition.containers, DocumentWriter.containerChange))
            }
            if let intent = transition.intent {
                try NodeBuilder.set(document, "intent", try DocumentWriter.intent(intent))
            }
            if !transition.overrode.isEmpty {
                try NodeBuilder.set(document, "overrode", try NodeBuilder.array(transition.overrode, DocumentWriter.entry))
            }
            if !transition.handed.isEmpty {
                try NodeBuilder.set(document, "handed", try NodeBuilder.array(transition.handed, DocumentWriter.handed))
            }
            if !transition.redirects.isEmpty {
                try NodeBuilder.set(document, "redirects", try NodeBuilder.array(transition.redirects) { (step) throws(NavError) in
                    try NodeBuilder.filled(try NodeBuilder.object()) { (node) throws(NavError) in
                        try NodeBuilder.set(node, "from", NodeBuilder.string(step.from))
                        try NodeBuilder.set(node, "to", NodeBuilder.string(step.to))
                    }
                })
            }
            try setTop(transition.before, as: "before", in: document)
            try setTop(transition.after, as: "after", in: document)
        }
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

    /// A reference to the node of an entry, owned by the caller: the kept node
    /// when it was written from an equal entry, else a new one, kept. An entry
    /// with saved state (which `set_entry_state` changes) gets a node of its own.
    private func retained(_ entry: Entry) throws(NavError) -> JSONNode {
        if entry.state != nil { return try DocumentWriter.entry(entry) }
        if let kept = entryNodes[entry.id], kept.entry == entry { return json_incref(kept.node) }
        let node = try DocumentWriter.entry(entry)
        entryNodes.updateValue((entry, node), forKey: entry.id)?.node.release()
        return json_incref(node)
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
    /// equal entry, else jansson's text of its node, kept. An entry with saved
    /// state (which `set_entry_state` changes) is written anew each time.
    /// With `open`, the object's closing brace is left out, for more members.
    private func entry(_ entry: Entry, into text: inout JSONText, open: Bool) throws(NavError) {
        if entry.state == nil, let kept = entryTexts[entry.id], kept.entry == entry {
            try kept.text.withUnsafeBufferPointer { (bytes) throws(NavError) in try text.fragment(open ? UnsafeBufferPointer(rebasing: bytes.dropLast()) : bytes) }
            return
        }
        let dumped = try NodeBuilder.dump(try DocumentWriter.entry(entry))
        defer { OwnedText.free(dumped) }
        let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(dumped).assumingMemoryBound(to: UInt8.self), count: strlen(dumped))
        try text.fragment(open ? UnsafeBufferPointer(rebasing: bytes.dropLast()) : bytes)
        if entry.state == nil { entryTexts[entry.id] = (entry, ContiguousArray(bytes)) }
    }

    /// A new node of one container's change in a transition: its name, and
    /// `tab`, `tab_history`, `compact` + `sidebar_shown` as the transition's own, each when it changed.
    static func containerChange(_ change: ContainerChange) throws(NavError) -> JSONNode {
        let node = try NodeBuilder.object()
        do throws(NavError) {
            try NodeBuilder.set(node, "container", NodeBuilder.string(change.container))
            if let tab = change.tab {
                let body = try NodeBuilder.object()
                try NodeBuilder.set(node, "tab", body)
                try NodeBuilder.set(body, "before", NodeBuilder.string(tab.before))
                try NodeBuilder.set(body, "after", NodeBuilder.string(tab.after))
            }
            if let history = change.tabHistory { try NodeBuilder.set(node, "tab_history", try DocumentWriter.strings(history)) }
            if let split = change.split { try DocumentWriter.setSplit(split, in: node) }
        } catch {
            node.release()
            throw error
        }
        return node
    }

    /// Sets `key` of `document` to `{"stack": ..., "top": entry}`.
    func setTop(_ top: TopEntry, as key: String, in document: JSONNode) throws(NavError) {
        let node = try NodeBuilder.object()
        try NodeBuilder.set(document, key, node)
        try NodeBuilder.set(node, "stack", NodeBuilder.string(top.stack))
        try NodeBuilder.set(node, "top", try retained(top.top))
    }

    /// A transition's or log record's `cause`.
    static func cause(_ cause: Cause) throws(NavError) -> JSONNode {
        try NodeBuilder.filled(try NodeBuilder.object()) { (node) throws(NavError) in
            switch cause {
            case .actions(let ops):
                try NodeBuilder.set(node, "source", NodeBuilder.string("actions"))
                try NodeBuilder.set(node, "ops", try strings(ops.map(\.rawValue)))
            case .url(let url, let link, let mode, let reason):
                try NodeBuilder.set(node, "source", NodeBuilder.string("url"))
                try setLink(url: url, link: link, mode: mode, in: node)
                if let reason { try NodeBuilder.set(node, "reason", NodeBuilder.string(reason)) }
            case .restore:
                try NodeBuilder.set(node, "source", NodeBuilder.string("restore"))
            case .replay:
                try NodeBuilder.set(node, "source", NodeBuilder.string("replay"))
            }
        }
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
