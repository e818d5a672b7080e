import CJansson
import Foundation
@testable import NavCore
@testable import NavCoreJSON
import TestSupport
import XCTest

/// The view model is written as text directly; it is byte for byte what
/// jansson dumps from the tree navcore built for it before (the tree is
/// built here, as it was, as the reference): over the view models after
/// generated batches on the fuzz tables (tabs, nesting, a split view,
/// conditions, a pending intent, blockers, presentations, every step of
/// the animation) and over made view models that reach the rare members
/// (a blocked Back, a cancelled intent, a sidebar's selected instance,
/// strings that need escapes).
final class ViewModelTextTests: XCTestCase {
    func testViewModelsAfterGeneratedBatchesAreWhatTheTreeWrote() throws {
        let run = SeededRun("ViewModelTextTests", seed: 0x71E_3_5EED, rounds: 40)
        var random = run.random
        var (models, animated, blocked) = (0, 0, 0)
        for (name, tableText) in try ActionPool.fuzzTables() {
            let pool = try ActionPool(tableText)
            for round in 0..<run.rounds {
                var navigator = Navigator(table: try decodeTable(tableText))
                let writer = DocumentWriter()
                var last: LastChange?
                for step in 0..<12 {
                    let text = pool.batch(&random, navigator)
                    let label = "\(name) round \(round) step \(step) (seed \(run.seed)): \(text)"
                    guard let actions = try? decodeActions(text) else { continue }
                    if let (outcome, _) = try? navigator.apply(actions, describing: Bool.random(using: &random), finishing: { _ in () }),
                       outcome.changed {
                        last = outcome.lastChange
                    }
                    let model = navigator.viewModel(announcing: last?.announcement(in: navigator), animating: last)
                    XCTAssertEqual(try written(writer.viewModel(model)), try written(Reference.viewModel(model)), label)
                    models += 1
                    if model.animation != nil { animated += 1 }
                    if model.layers.contains(where: { $0.backBlocked != nil }) { blocked += 1 }
                }
            }
        }
        XCTAssertGreaterThan(models, 1_000, "too few view models written")
        XCTAssertGreaterThan(animated, 500, "too few animations written")
        XCTAssertGreaterThan(blocked, 0, "no blocked Back written")
    }

    func testMadeViewModelsReachEveryMember() throws {
        let home = Entry(id: 1, route: Route(name: "home", params: []), title: "Home")
        let odd = Entry(id: 7, route: Route(name: "p", params: [Param("id", .int(-3)), Param("q", .string("a\"b\\c\u{1}\n\u{e9}")), Param("l", .list([.int(1), .bool(true)]))]),
                        title: "t\u{7F}\u{2028}", state: .object([.init("k", .array([.int(1), .string("/")]))]), blocker: "draft", result: .bool(true))
        let pending = ViewModel.Pending(condition: "signed_in", title: "Pay \"now\"")
        let layers = [
            ViewModel.Layer(stack: "main", style: "base", over: nil, title: "Home", id: 1, backEnabled: false, backLabel: nil, root: home, path: [],
                            backWill: .nothing, backBlocked: nil, cancelsIntent: nil),
            ViewModel.Layer(stack: "layer:7", style: "sheet\n", over: "main", title: "t\u{7F}", id: 7, backEnabled: true, backLabel: "Home",
                            root: home, path: [odd], backWill: .poppedPresentation,
                            backBlocked: BlockedRemoval(entry: odd, stack: "layer:7", actions: [.back()]),
                            cancelsIntent: ViewModel.Pending(condition: "c", title: nil)),
        ]
        let items = [(name: "library", title: "Library", params: false), (name: "p", title: "P\u{1}", params: true)]
        let sidebar = ViewModel.Sidebar(items: items, selected: "p", selectedRoute: (route: odd.route, title: "P -3"),
                                        compact: true, sidebarShown: false)
        let tabs = [ViewModel.TabItem(name: "a", title: "A", selected: true, locked: false), ViewModel.TabItem(name: "b\"", title: "B", selected: false, locked: true)]
        let containers = [ViewModel.ContainerItem(name: "explore", layout: .tabs, layer: 0, title: "Explore", tabs: tabs, sidebar: nil),
                          ViewModel.ContainerItem(name: "explore/x", layout: .split, layer: 1, title: "X", tabs: [], sidebar: sidebar)]
        let steps: [Animation.Step] = [.stack("main", popped: 2, pushed: [home, odd], detail: false), .stack("main", popped: 0, pushed: [odd], detail: false),
                                       .stack("main", popped: 1, pushed: [], detail: false), .stack("x/detail", popped: 1, pushed: [home], detail: true),
                                       .tab("b\"", from: "a", container: nil),
                                       .tab("x/a", from: "x/b", container: "x"), .sidebar("detail", SplitForm(compact: true, sidebarShown: false)),
                                       .sidebar("detail", SplitForm(compact: false, sidebarShown: false)),
                                       .present(layer: "layer:7", style: "sheet", over: "main", entries: [odd]), .present(layer: "layer:8", style: "cover", over: nil, entries: []),
                                       .dismiss(layer: "layer:7", over: "main"), .dismiss(layer: "layer:8", over: nil)]
        for index in 0..<4 {
            var model = ViewModel(layers: index == 3 ? [] : layers, tabs: index % 2 == 0 ? tabs : [], sidebar: index == 1 ? sidebar : nil,
                                  containers: index == 2 ? containers : [],
                                  conditions: index % 2 == 0 ? [ConditionValue(name: "signed_in", value: true), ConditionValue(name: "b", value: false)] : [],
                                  pending: index == 0 ? pending : nil, announcement: index == 1 ? "closed \"t\"" : "")
            model.animation = index == 3 ? nil : Animation(seq: index, steps: index == 2 ? [] : steps)
            let writer = DocumentWriter()
            XCTAssertEqual(try written(writer.viewModel(model)), try written(Reference.viewModel(model)), "model \(index)")
            // Written again: the entries come from the texts the writer kept.
            XCTAssertEqual(try written(writer.viewModel(model)), try written(Reference.viewModel(model)), "model \(index), again")
        }
    }

    private func written(_ text: UnsafeMutablePointer<CChar>) -> String {
        OwnedText.string(consuming: text)
    }
}

/// The jansson tree the view model document was dumped from before it was
/// written as text: the reference.
private enum Reference {
    /// The view model (docs/shells.md): `{"layers", "tabs" (with tabs),
    /// "sidebar" (with a split view), "containers" (when the visible path
    /// holds any), "conditions" (when declared), "pending" (while a batch
    /// waits for a condition), "announcement", "animation" (after a batch
    /// that changed something)}`.
    static func viewModel(_ model: ViewModel) throws(NavError) -> UnsafeMutablePointer<CChar> {
        try NodeBuilder.dump(try DocumentWriter.documentNode { (document) throws(NavError) in
            try NodeBuilder.set(document, "layers", try NodeBuilder.array(model.layers, Reference.layer))
            if !model.tabs.isEmpty {
                try NodeBuilder.set(document, "tabs", try NodeBuilder.array(model.tabs, Reference.tab))
            }
            if let sidebar = model.sidebar {
                try NodeBuilder.set(document, "sidebar", try Reference.sidebar(sidebar))
            }
            if !model.containers.isEmpty {
                try NodeBuilder.set(document, "containers", try NodeBuilder.array(model.containers, Reference.container))
            }
            if !model.conditions.isEmpty {
                try NodeBuilder.set(document, "conditions", try DocumentWriter.conditions(model.conditions))
            }
            if let pending = model.pending {
                try NodeBuilder.set(document, "pending", try Reference.pending(pending))
            }
            try NodeBuilder.set(document, "announcement", NodeBuilder.string(model.announcement))
            if let animation = model.animation {
                try NodeBuilder.set(document, "animation", try Reference.animation(animation))
            }
        })
    }

    /// A layer: `{"stack", "style", "over" (over one stack), "title", "id", "entries",
    /// "back": {"enabled", "label", "will", "blocked" (when Back asks), "cancels_intent" (when it cancels one)}}`.
    private static func layer(_ layer: ViewModel.Layer) throws(NavError) -> JSONNode {
        try NodeBuilder.filled(try NodeBuilder.object()) { (node) throws(NavError) in
            try NodeBuilder.set(node, "stack", NodeBuilder.string(layer.stack))
            try NodeBuilder.set(node, "style", NodeBuilder.string(layer.style))
            if let over = layer.over {
                try NodeBuilder.set(node, "over", NodeBuilder.string(over))
            }
            try NodeBuilder.set(node, "title", NodeBuilder.string(layer.title))
            try NodeBuilder.set(node, "id", NodeBuilder.integer(layer.id))
            try NodeBuilder.set(node, "entries", try NodeBuilder.array(layer.entries, DocumentWriter.entry))
            let back = try NodeBuilder.object()
            try NodeBuilder.set(node, "back", back)
            try NodeBuilder.set(back, "enabled", layer.backEnabled ? json_true() : json_false())
            try NodeBuilder.set(back, "label", layer.backLabel.map { NodeBuilder.string($0) } ?? json_null())
            try NodeBuilder.set(back, "will", NodeBuilder.string(layer.backWill.rawValue))
            if let blocked = layer.backBlocked { try NodeBuilder.set(back, "blocked", try DocumentWriter.blocker(blocked)) }
            if let cancelled = layer.cancelsIntent { try NodeBuilder.set(back, "cancels_intent", try Reference.pending(cancelled)) }
        }
    }

    /// A batch waiting for a condition: `{"condition", "title"}`, without `"title"` when its replay would fail now.
    private static func pending(_ pending: ViewModel.Pending) throws(NavError) -> JSONNode {
        try NodeBuilder.filled(try NodeBuilder.object()) { (node) throws(NavError) in
            try NodeBuilder.set(node, "condition", NodeBuilder.string(pending.condition))
            if let title = pending.title { try NodeBuilder.set(node, "title", NodeBuilder.string(title)) }
        }
    }

    /// A container on the visible path: `{"name", "layout", "layer", "title"}`
    /// and its `"tabs"` or its `"sidebar"`.
    private static func container(_ container: ViewModel.ContainerItem) throws(NavError) -> JSONNode {
        try NodeBuilder.filled(try NodeBuilder.object()) { (node) throws(NavError) in
            try NodeBuilder.set(node, "name", NodeBuilder.string(container.name))
            try NodeBuilder.set(node, "layout", NodeBuilder.string(container.layout.rawValue))
            try NodeBuilder.set(node, "layer", NodeBuilder.integer(container.layer))
            try NodeBuilder.set(node, "title", NodeBuilder.string(container.title))
            if let sidebar = container.sidebar {
                try NodeBuilder.set(node, "sidebar", try Reference.sidebar(sidebar))
            } else {
                try NodeBuilder.set(node, "tabs", try NodeBuilder.array(container.tabs, Reference.tab))
            }
        }
    }

    /// A tab: `{"name", "title", "selected", "locked"}`.
    private static func tab(_ tab: ViewModel.TabItem) throws(NavError) -> JSONNode {
        try NodeBuilder.filled(try NodeBuilder.object()) { (node) throws(NavError) in
            try NodeBuilder.set(node, "name", NodeBuilder.string(tab.name))
            try NodeBuilder.set(node, "title", NodeBuilder.string(tab.title))
            try NodeBuilder.set(node, "selected", tab.selected ? json_true() : json_false())
            try NodeBuilder.set(node, "locked", tab.locked ? json_true() : json_false())
        }
    }

    /// The sidebar: `{"items": [{"name", "title", "params" (true, for a route
    /// with params)}], "selected", "selected_route" (when the selected route has
    /// params: `{"name", "params", "title"}`), "compact", "sidebar_shown"}`.
    /// Without sidebar routes that declare params it is what it was before
    /// instances could be items.
    private static func sidebar(_ sidebar: ViewModel.Sidebar) throws(NavError) -> JSONNode {
        try NodeBuilder.filled(try NodeBuilder.object()) { (node) throws(NavError) in
            try NodeBuilder.set(node, "items", try NodeBuilder.array(sidebar.items) { (item) throws(NavError) in
                try NodeBuilder.filled(try NodeBuilder.object(["name": NodeBuilder.string(item.name), "title": NodeBuilder.string(item.title)])) {
                    (itemNode) throws(NavError) in
                    if item.params { try NodeBuilder.set(itemNode, "params", json_true()) }
                }
            })
            try NodeBuilder.set(node, "selected", NodeBuilder.string(sidebar.selected))
            if let instance = sidebar.selectedRoute {
                let params = try DocumentWriter.params(of: instance.route)
                try NodeBuilder.set(node, "selected_route", try NodeBuilder.object([
                    "name": NodeBuilder.string(instance.route.name), "params": params, "title": NodeBuilder.string(instance.title)]))
            }
            try NodeBuilder.set(node, "compact", sidebar.compact ? json_true() : json_false())
            try NodeBuilder.set(node, "sidebar_shown", sidebar.sidebarShown ? json_true() : json_false())
        }
    }

    /// The view model's `animation` (docs/shells.md, "Animating a change"):
    /// `{"seq", "steps": [...]}`, each step `{"kind", ...}` with what a shell
    /// needs to play it.
    private static func animation(_ animation: Animation) throws(NavError) -> JSONNode {
        // The steps first: a literal member made before a throwing one would leak when it throws.
        let steps = try NodeBuilder.array(animation.steps, Reference.step)
        return try NodeBuilder.object(["seq": NodeBuilder.integer(animation.seq), "steps": steps])
    }

    /// One step: a stack's `{"kind": push|pop|replace|detail, "stack",
    /// "popped", "pushed"}`, a tab bar's
    /// `{"kind": "tab", "tab", "from", "container" (nested)}`, a split view's
    /// `{"kind": "sidebar", "stack", "compact", "sidebar_shown"}`, a layer's
    /// `{"kind": "present", "layer", "style", "over" (over one stack),
    /// "entries"}` or `{"kind": "dismiss", "layer", "over"}`.
    private static func step(_ step: Animation.Step) throws(NavError) -> JSONNode {
        try NodeBuilder.filled(try NodeBuilder.object(["kind": NodeBuilder.string(step.kind.rawValue)])) { (node) throws(NavError) in
            switch step {
            case .stack(let stack, let popped, let pushed, _):
                try NodeBuilder.set(node, "stack", NodeBuilder.string(stack))
                try NodeBuilder.set(node, "popped", NodeBuilder.integer(popped))
                try NodeBuilder.set(node, "pushed", try NodeBuilder.array(pushed, DocumentWriter.entry))
            case .tab(let tab, let from, let container):
                try NodeBuilder.set(node, "tab", NodeBuilder.string(tab))
                try NodeBuilder.set(node, "from", NodeBuilder.string(from))
                if let container { try NodeBuilder.set(node, "container", NodeBuilder.string(container)) }
            case .sidebar(let stack, let form):
                try NodeBuilder.set(node, "stack", NodeBuilder.string(stack))
                try NodeBuilder.set(node, "compact", form.compact ? json_true() : json_false())
                try NodeBuilder.set(node, "sidebar_shown", !form.compact || form.sidebarShown ? json_true() : json_false())
            case .present(let layer, let style, let over, let entries):
                try NodeBuilder.set(node, "layer", NodeBuilder.string(layer))
                try NodeBuilder.set(node, "style", NodeBuilder.string(style))
                if let over { try NodeBuilder.set(node, "over", NodeBuilder.string(over)) }
                try NodeBuilder.set(node, "entries", try NodeBuilder.array(entries, DocumentWriter.entry))
            case .dismiss(let layer, let over):
                try NodeBuilder.set(node, "layer", NodeBuilder.string(layer))
                if let over { try NodeBuilder.set(node, "over", NodeBuilder.string(over)) }
            }
        }
    }
}
