import CJansson
import NavCore

/// The transition document (docs/json.md, docs/structure.md), written as
/// text directly, as the state is: every change writes one, and building a
/// jansson tree to dump it cost more than the change itself (`make bench`, e).
/// The text is byte for byte what jansson wrote from the tree it replaced.
extension DocumentWriter {
    /// A transition (docs/json.md, docs/structure.md).
    public func transition(_ transition: Transition) throws(NavError) -> UnsafeMutablePointer<CChar> {
        try text { (text) throws(NavError) in try describe(transition, into: &text) }
    }

    /// Writes the members of a transition document after its `"navcore"`.
    func describe(_ transition: Transition, into text: inout JSONText) throws(NavError) {
        try text.member("seq", transition.seq)
        try text.key("changed")
        try text.bool(transition.changed)
        try text.key("cause")
        try DocumentWriter.cause(transition.cause, into: &text)
        try text.key("results")
        try text.array(transition.results) { (text, result) throws(NavError) in try text.string(result.rawValue) }
        try text.key("stacks")
        try changes(transition.changes, into: &text)
        try text.key("presented")
        try text.array(transition.presented) { (text, layer) throws(NavError) in
            try text.raw("{\"stack\":")
            try text.string(layer.stack)
            try text.member("style", layer.style)
            try text.raw("}")
        }
        try text.key("dismissed")
        try text.strings(transition.dismissed)
        try DocumentWriter.tabs(transition.tab, transition.tabHistory, into: &text)
        if !transition.conditions.isEmpty {
            try text.key("conditions")
            try text.node(try DocumentWriter.conditions(transition.conditions))
        }
        if let split = transition.split { try DocumentWriter.split(split, into: &text) }
        if let locale = transition.locale {
            try text.key("locale")
            try DocumentWriter.change(before: locale.before, after: locale.after, into: &text)
        }
        if !transition.containers.isEmpty {
            try text.key("containers")
            try text.array(transition.containers) { (text, change) throws(NavError) in try DocumentWriter.containerChange(change, into: &text) }
        }
        if let intent = transition.intent {
            try text.key("intent")
            try text.node(try DocumentWriter.intent(intent))
        }
        if !transition.overrode.isEmpty {
            try text.key("overrode")
            try text.node(try NodeBuilder.array(transition.overrode, DocumentWriter.entry))
        }
        if !transition.handed.isEmpty {
            try text.key("handed")
            try text.node(try NodeBuilder.array(transition.handed, DocumentWriter.handed))
        }
        if !transition.redirects.isEmpty {
            try text.key("redirects")
            try text.array(transition.redirects) { (text, step) throws(NavError) in
                try text.raw("{\"from\":")
                try text.string(step.from)
                try text.member("to", step.to)
                try text.raw("}")
            }
        }
        try text.key("before")
        try top(transition.before, into: &text)
        try text.key("after")
        try top(transition.after, into: &text)
    }

    /// Writes `{name: {"removed", "added", "moved"}, ...}`. A name that comes
    /// twice (a layer dismissed and one of the same name presented) is written
    /// once, where it first came, with its last change: what an object that
    /// sets a key again holds.
    private func changes(_ changes: [StackChange], into text: inout JSONText) throws(NavError) {
        var last: [String: Int] = [:]
        if changes.count > 1 {
            for (index, change) in changes.enumerated() { last[change.stack] = index }
        }
        try text.raw("{")
        var first = true
        for change in changes {
            var change = change
            if changes.count > 1 {
                guard let at = last.removeValue(forKey: change.stack) else { continue }
                change = changes[at]
            }
            try text.key(named: change.stack, first: first)
            first = false
            try text.raw("{\"removed\":")
            try text.array(change.removed) { (text, id) throws(NavError) in try text.integer(id) }
            try text.raw(",\"added\":")
            try text.array(change.added) { (text, entry) throws(NavError) in try self.entry(entry, into: &text, open: false) }
            if !change.moved.isEmpty {
                try text.raw(",\"moved\":")
                try text.array(change.moved) { (text, id) throws(NavError) in try text.integer(id) }
            }
            try text.raw("}")
        }
        try text.raw("}")
    }

    /// Writes `{"stack": ..., "top": entry}`.
    func top(_ top: TopEntry, into text: inout JSONText) throws(NavError) {
        try text.raw("{\"stack\":")
        try text.string(top.stack)
        try text.raw(",\"top\":")
        try entry(top.top, into: &text, open: false)
        try text.raw("}")
    }

    /// Writes `{"before": ..., "after": ...}`, each a string or `null`.
    private static func change(before: String?, after: String?, into text: inout JSONText) throws(NavError) {
        try text.raw("{\"before\":")
        try text.optionalString(before)
        try text.raw(",\"after\":")
        try text.optionalString(after)
        try text.raw("}")
    }

    /// Writes one container's change in a transition: its name, and `tab`,
    /// `tab_history`, `compact` + `sidebar_shown` as the transition's own, each when it changed.
    private static func containerChange(_ change: ContainerChange, into text: inout JSONText) throws(NavError) {
        try text.raw("{\"container\":")
        try text.string(change.container)
        try tabs(change.tab, change.tabHistory, into: &text)
        if let split = change.split { try DocumentWriter.split(split, into: &text) }
        try text.raw("}")
    }

    /// Writes `,"tab"` and `,"tab_history"`, each when it changed: the
    /// tabs' part of a transition, at the navigator's own level or a container's.
    private static func tabs(_ tab: (before: String, after: String)?, _ history: [String]?,
                             into text: inout JSONText) throws(NavError) {
        if let tab {
            try text.key("tab")
            try DocumentWriter.change(before: tab.before, after: tab.after, into: &text)
        }
        if let history {
            try text.key("tab_history")
            try text.strings(history)
        }
    }

    /// Writes `,"compact"` and `,"sidebar_shown"`: the split view's columns.
    private static func split(_ split: SplitForm, into text: inout JSONText) throws(NavError) {
        try text.key("compact")
        try text.bool(split.compact)
        try text.key("sidebar_shown")
        try text.bool(split.sidebarShown)
    }

    /// Writes a transition's or log record's `cause`.
    static func cause(_ cause: Cause, into text: inout JSONText) throws(NavError) {
        switch cause {
        case .actions(let ops):
            try text.raw("{\"source\":\"actions\",\"ops\":")
            try text.array(ops) { (text, op) throws(NavError) in try text.string(op.rawValue) }
        case .url(let url, let link, let mode, let reason):
            try text.raw("{\"source\":\"url\"")
            try text.member("url", url)
            try text.key("link")
            try text.optionalString(link)
            try text.member("mode", mode.rawValue)
            if let reason { try text.member("reason", reason) }
        case .restore:
            try text.raw("{\"source\":\"restore\"")
        case .replay:
            try text.raw("{\"source\":\"replay\"")
        }
        try text.raw("}")
    }
}
