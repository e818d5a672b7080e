import CJansson
import Foundation
@testable import NavCore
@testable import NavCoreJSON
import TestSupport
import XCTest

/// The transition, back preview and guard proposal documents are written as
/// text directly; each is byte for byte what jansson dumps from the tree
/// navcore built for it before (the tree is built here, as it was, as the
/// reference): over transitions of generated batches on the fuzz tables
/// (tabs, nesting, a split view, conditions, redirects, links, blockers,
/// results) and over made transitions that reach the rare members (a stack
/// named twice, every cause, locales, strings that need escapes).
final class TransitionTextTests: XCTestCase {
    func testTransitionsOfGeneratedBatchesAreWhatTheTreeWrote() throws {
        let run = SeededRun("TransitionTextTests", seed: 0x7EA7_5EED, rounds: 60)
        var random = run.random
        var transitions = 0
        for (name, tableText) in try ActionPool.fuzzTables() {
            let pool = try ActionPool(tableText)
            for round in 0..<run.rounds {
                var navigator = Navigator(table: try decodeTable(tableText))
                let writer = DocumentWriter()
                for step in 0..<12 {
                    let text = pool.batch(&random, navigator)
                    let label = "\(name) round \(round) step \(step) (seed \(run.seed)): \(text)"
                    guard let actions = try? decodeActions(text) else { continue }
                    if let transition = try? navigator.apply(actions) {
                        XCTAssertEqual(try written(writer.transition(transition)), try Reference.transition(transition), label)
                        XCTAssertEqual(try written(DocumentWriter.proposal(actions, transition)), try Reference.proposal(actions, transition), label)
                        transitions += 1
                    }
                    XCTAssertEqual(try written(writer.backPreview(navigator.backPreview)), try Reference.backPreview(navigator.backPreview), label)
                }
            }
        }
        XCTAssertGreaterThan(transitions, 500, "too few transitions written")
    }

    func testMadeTransitionsReachEveryMember() throws {
        let home = Entry(id: 1, route: Route(name: "home", params: []), title: "Home")
        let odd = Entry(id: 7, route: Route(name: "p", params: [Param("id", .int(-3)), Param("q", .string("a\"b\\c\u{1}\né"))]),
                        title: "t\u{7F}\u{2028}", state: .object([.init("k", .array([.int(1), .string("/")]))]), blocker: "draft", result: .bool(true))
        let causes: [Cause] = [.actions(ops: []), .actions(ops: [.push, .openURL]), .url("app://x?q=\"1\"", link: nil, mode: .push, reason: "no link matched"),
                               .url("app://p/1", link: "app://p/{id}", mode: .replace), .restore, .replay]
        let changes = [StackChange(stack: "layer:5", before: [home], after: []), StackChange(stack: "main", before: [home, odd], after: [odd, home]),
                       StackChange(stack: "layer:5", before: [], after: [odd]), StackChange(stack: "é\"", before: [odd], after: [home])]
        for (index, cause) in causes.enumerated() {
            var transition = Transition(seq: index, cause: cause, results: [.pushed, .nothing], changes: index % 2 == 0 ? changes : Array(changes.prefix(1)),
                                        presented: [PresentedLayer(stack: "layer:5", style: "sheet\n")], dismissed: ["layer:5", "x"],
                                        tab: index % 3 == 0 ? ("a", "b\"") : nil, tabHistory: index % 2 == 0 ? ["a", "b"] : nil,
                                        before: TopEntry(stack: "main", top: home), after: TopEntry(stack: "layer:5", top: odd))
            transition.conditions = index % 2 == 0 ? [ConditionValue(name: "signed_in", value: true), ConditionValue(name: "b", value: false)] : []
            transition.split = index % 3 == 1 ? SplitForm(compact: true, sidebarShown: index == 1) : nil
            transition.locale = [nil, LocaleChange(before: nil, after: "vi"), LocaleChange(before: "en", after: nil)][index % 3]
            transition.overrode = index % 2 == 1 ? [odd, home] : []
            transition.handed = index % 2 == 0 ? [HandedResult(from: 7, to: 1, value: .object([.init("x", .null)]))] : []
            transition.redirects = index % 2 == 1 ? [RedirectStep(from: "a", to: "b"), RedirectStep(from: "b\\", to: "c")] : []
            let label = "cause \(index)"
            XCTAssertEqual(try written(DocumentWriter().transition(transition)), try Reference.transition(transition), label)
            XCTAssertEqual(try written(DocumentWriter.proposal([.back(result: nil)], transition)), try Reference.proposal([.back(result: nil)], transition), label)
        }
    }

    /// The log's cause node reads back what the transition writes.
    func testLogCauseNodeIsTheTransitionsCause() throws {
        for cause: Cause in [.actions(ops: [.push, .pop]), .restore, .url("u", link: nil, mode: .push, reason: "r")] {
            XCTAssertEqual(try written(NodeBuilder.dump(DocumentWriter.cause(cause))), try written(NodeBuilder.dump(Reference.cause(cause))))
        }
    }

    private func written(_ text: UnsafeMutablePointer<CChar>) -> String {
        OwnedText.string(consuming: text)
    }
}

/// The jansson trees the transition, back preview and proposal documents
/// were dumped from before they were written as text: the reference.
private enum Reference {
    static func transition(_ transition: Transition) throws -> String {
        OwnedText.string(consuming: try NodeBuilder.dump(try node(transition)))
    }

    static func proposal(_ actions: [Action], _ transition: Transition) throws -> String {
        OwnedText.string(consuming: try NodeBuilder.dump(try DocumentWriter.documentNode { (document) throws(NavError) in
            try NodeBuilder.set(document, "actions", try ActionEncoder.batch(actions))
            try NodeBuilder.set(document, "transition", try node(transition))
        }))
    }

    static func backPreview(_ preview: BackPreview) throws -> String {
        OwnedText.string(consuming: try NodeBuilder.dump(try DocumentWriter.documentNode { (document) throws(NavError) in
            try NodeBuilder.set(document, "result", NodeBuilder.string(preview.result.rawValue))
            try setTop(preview.after, as: "after", in: document)
            if let reason = preview.reason { try NodeBuilder.set(document, "reason", NodeBuilder.string(reason)) }
            if let blocked = preview.blocked { try NodeBuilder.set(document, "blocked", try DocumentWriter.blocker(blocked)) }
            if let intent = preview.intent { try NodeBuilder.set(document, "intent", try DocumentWriter.intent(intent)) }
        }))
    }

    static func cause(_ cause: Cause) throws(NavError) -> JSONNode {
        try NodeBuilder.filled(try NodeBuilder.object()) { (node) throws(NavError) in
            switch cause {
            case .actions(let ops):
                try NodeBuilder.set(node, "source", NodeBuilder.string("actions"))
                try NodeBuilder.set(node, "ops", try DocumentWriter.strings(ops.map(\.rawValue)))
            case .url(let url, let link, let mode, let reason):
                try NodeBuilder.set(node, "source", NodeBuilder.string("url"))
                try NodeBuilder.set(node, "url", NodeBuilder.string(url))
                try NodeBuilder.set(node, "link", link.map(NodeBuilder.string) ?? json_null())
                try NodeBuilder.set(node, "mode", NodeBuilder.string(mode.rawValue))
                if let reason { try NodeBuilder.set(node, "reason", NodeBuilder.string(reason)) }
            case .restore:
                try NodeBuilder.set(node, "source", NodeBuilder.string("restore"))
            case .replay:
                try NodeBuilder.set(node, "source", NodeBuilder.string("replay"))
            }
        }
    }

    private static func setTop(_ top: TopEntry, as key: String, in document: JSONNode) throws(NavError) {
        let node = try NodeBuilder.object()
        try NodeBuilder.set(document, key, node)
        try NodeBuilder.set(node, "stack", NodeBuilder.string(top.stack))
        try NodeBuilder.set(node, "top", try DocumentWriter.entry(top.top))
    }

    private static func setSplit(_ split: SplitForm, in document: JSONNode) throws(NavError) {
        try NodeBuilder.set(document, "compact", split.compact ? json_true() : json_false())
        try NodeBuilder.set(document, "sidebar_shown", split.sidebarShown ? json_true() : json_false())
    }

    private static func change(_ before: String?, _ after: String?) throws(NavError) -> JSONNode {
        try NodeBuilder.object(["before": before.map(NodeBuilder.string) ?? json_null(), "after": after.map(NodeBuilder.string) ?? json_null()])
    }

    private static func node(_ transition: Transition) throws(NavError) -> JSONNode {
        try DocumentWriter.documentNode { (document) throws(NavError) in
            try NodeBuilder.set(document, "seq", NodeBuilder.integer(transition.seq))
            try NodeBuilder.set(document, "changed", transition.changed ? json_true() : json_false())
            try NodeBuilder.set(document, "cause", try cause(transition.cause))
            try NodeBuilder.set(document, "results", try DocumentWriter.strings(transition.results.map(\.rawValue)))
            let stacks = try NodeBuilder.object()
            try NodeBuilder.set(document, "stacks", stacks)
            for change in transition.changes {
                let body = try NodeBuilder.object()
                try NodeBuilder.set(stacks, change.stack, body)
                try NodeBuilder.set(body, "removed", try NodeBuilder.array(change.removed, NodeBuilder.integer))
                try NodeBuilder.set(body, "added", try NodeBuilder.array(change.added, DocumentWriter.entry))
                if !change.moved.isEmpty { try NodeBuilder.set(body, "moved", try NodeBuilder.array(change.moved, NodeBuilder.integer)) }
            }
            try NodeBuilder.set(document, "presented", try NodeBuilder.array(transition.presented) { (layer) throws(NavError) in
                try NodeBuilder.object(["stack": NodeBuilder.string(layer.stack), "style": NodeBuilder.string(layer.style)])
            })
            try NodeBuilder.set(document, "dismissed", try DocumentWriter.strings(transition.dismissed))
            if let tab = transition.tab { try NodeBuilder.set(document, "tab", try change(tab.before, tab.after)) }
            if let history = transition.tabHistory { try NodeBuilder.set(document, "tab_history", try DocumentWriter.strings(history)) }
            if !transition.conditions.isEmpty { try NodeBuilder.set(document, "conditions", try DocumentWriter.conditions(transition.conditions)) }
            if let split = transition.split { try setSplit(split, in: document) }
            if let locale = transition.locale { try NodeBuilder.set(document, "locale", try change(locale.before, locale.after)) }
            if !transition.containers.isEmpty {
                try NodeBuilder.set(document, "containers", try NodeBuilder.array(transition.containers) { (change) throws(NavError) in
                    try NodeBuilder.filled(try NodeBuilder.object()) { (node) throws(NavError) in
                        try NodeBuilder.set(node, "container", NodeBuilder.string(change.container))
                        if let tab = change.tab { try NodeBuilder.set(node, "tab", try self.change(tab.before, tab.after)) }
                        if let history = change.tabHistory { try NodeBuilder.set(node, "tab_history", try DocumentWriter.strings(history)) }
                        if let split = change.split { try setSplit(split, in: node) }
                    }
                })
            }
            if let intent = transition.intent { try NodeBuilder.set(document, "intent", try DocumentWriter.intent(intent)) }
            if !transition.overrode.isEmpty { try NodeBuilder.set(document, "overrode", try NodeBuilder.array(transition.overrode, DocumentWriter.entry)) }
            if !transition.handed.isEmpty { try NodeBuilder.set(document, "handed", try NodeBuilder.array(transition.handed, DocumentWriter.handed)) }
            if !transition.redirects.isEmpty {
                try NodeBuilder.set(document, "redirects", try NodeBuilder.array(transition.redirects) { (step) throws(NavError) in
                    try NodeBuilder.object(["from": NodeBuilder.string(step.from), "to": NodeBuilder.string(step.to)])
                })
            }
            try setTop(transition.before, as: "before", in: document)
            try setTop(transition.after, as: "after", in: document)
        }
    }
}
