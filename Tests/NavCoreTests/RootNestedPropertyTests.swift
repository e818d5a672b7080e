import TestSupport
import XCTest
@testable import NavCore

/// One rule at every level (docs/structure.md, "Nesting"): the same tabs, or
/// the same split view, with the same options, as the navigator's own level
/// and as the container the `main` stack's root holds, answer the same random
/// actions the same way. After every action both navigators agree on its
/// results (or its error's kind), the stacks its transition changes and what it
/// presents and dismisses, the view model's layers, the active stack's routes
/// and ids, what Back would do, the selection and tab history, and what is
/// presented. A
/// navigator whose tabs sit in `shell` has one entry more, `shell` itself,
/// made first: its ids are one more than the root's from then on.
final class RootNestedPropertyTests: XCTestCase {
    /// What the two navigators agree on after an action, with the nested
    /// one's ids and stack names written as the root one's.
    private struct Seen: Equatable, CustomStringConvertible {
        let outcome: String
        let active: String
        let entries: [String]
        let back: ActionResult
        let selected: Int
        let history: [Int]
        let compact: SplitForm
        let presented: [String]

        var description: String {
            "\(outcome) | \(active): \(entries.joined(separator: " ")) | back \(back) | tab \(selected) \(history) | \(compact) | \(presented)"
        }
    }

    /// Tabs `one` (root `a`) and `two` (root `b`), or a split view over the
    /// sidebar `a`, `b`: at the root (`nested == false`) or as the layout of
    /// `shell`, the root of `main`, with `options` either way. `pay` requires
    /// `onboarded`, whose flow `w1` covers the stack it is pushed on.
    private func table(split: Bool, nested: Bool, options: TableOptions) throws -> RouteTable {
        func plain(_ name: String) throws -> RouteDefinition { try RouteDefinition(name: name, params: [:], title: nil) }
        let layout: LayoutDeclaration = split
            ? .split(root: RouteRequest(name: "a"), sidebar: ["a", "b"])
            : .tabs([TabDeclaration(name: "one", root: RouteRequest(name: "a")), TabDeclaration(name: "two", root: RouteRequest(name: "b"))])
        var definitions = [try plain("a"), try plain("b"), try plain("sheet"), try plain("w1"),
                           try RouteDefinition(name: "item", params: ["id": ParamSpec(type: .int)], title: nil),
                           try RouteDefinition(name: "pay", params: [:], title: nil, requires: ["onboarded"])]
        if nested {
            definitions.append(try RouteDefinition(name: "shell", params: [:], title: nil, layout: NestedLayoutDeclaration(layout, options: options)))
        }
        return try RouteTable(layout: nested ? .stack(root: RouteRequest(name: "shell")) : layout, definitions: definitions,
                              options: nested ? TableOptions() : options,
                              conditions: [ConditionDeclaration(name: "onboarded", flow: Flow(route: RouteRequest(name: "w1"), covers: .stack))])
    }

    /// One random draw of an action: which, an id from 1 to 3, and a flag.
    private struct Draw {
        let which: UInt64
        let id: Int
        let flag: Bool

        init(split: Bool, _ random: inout SplitMix64) {
            which = random.next() % (split ? 15 : 16)
            id = Int(random.next() % 3) + 1
            flag = random.next() % 2 == 0
        }
    }

    /// The action `draw` names, for a navigator whose active top has id
    /// `top`; it names no stack by name. A split view is never reset
    /// (`reset_all`): docs/structure.md, "What differs at the root".
    private func action(_ draw: Draw, split: Bool, top: Int) -> Action {
        let item = RouteRequest(name: "item", params: [("id", .int(draw.id))])
        switch draw.which {
        case 0, 1: return .push(item)
        case 2: return .pop(count: 1)
        case 3: return .popToRoot()
        case 4, 5: return .back()
        case 6: return .replace(item)
        case 7: return .present(RouteRequest(name: "sheet"), style: nil)
        case 8: return .present(RouteRequest(name: "sheet"), style: nil, stack: .entry(top))
        case 9: return .dismiss(all: draw.flag)
        case 10: return .push(RouteRequest(name: "pay"))
        case 11: return .setCondition(name: "onboarded", value: draw.flag)
        case 12: return split ? .select(RouteRequest(name: draw.id == 1 ? "a" : "b")) : .selectTab(draw.id == 1 ? "one" : "two")
        case 13: return split ? .setCompact(draw.flag) : .resetTab(nil)
        case 14: return split ? .select(RouteRequest(name: "a")) : .selectTab("one")
        default: return .resetAll
        }
    }

    /// A stack's name in the nested navigator (`shift`, `prefix`) written as
    /// the root one names it: without `prefix`, the name of the container
    /// `shell` holds, and each presentation named by its root's id less `shift`.
    private static func name(_ stack: String, shift: Int, prefix: String) -> String {
        let name = stack.hasPrefix(prefix) ? String(stack.dropFirst(prefix.count)) : stack
        return name.split(separator: "/", omittingEmptySubsequences: false).map { part in
            guard part.hasPrefix("layer:"), let id = Int(part.dropFirst("layer:".count)) else { return String(part) }
            return "layer:\(id - shift)"
        }.joined(separator: "/")
    }

    /// What `navigator` shows after `outcome`, written with the root's ids
    /// (`shift` less) and stack names (without `prefix`, the name of the container `shell` holds). `holder` holds the
    /// tabs or split view.
    private func seen(_ navigator: Navigator, _ outcome: String, holder: Int, shift: Int, prefix: String) -> Seen {
        func name(_ stack: String) -> String { Self.name(stack, shift: shift, prefix: prefix) }
        let state = navigator.state(of: holder)
        let presented = navigator.layers.map { name($0.stack.name) }
            + navigator.presentations.overStacks.values.flatMap { $0.map { name($0.stack.name) } }.sorted()
        let active = navigator.activeStack
        return Seen(outcome: outcome, active: name(active.name), entries: active.entries.map { "\($0.route.name)#\($0.id - shift)" },
                    back: navigator.backPreview.result, selected: state.selected, history: state.tabHistory,
                    compact: state.split, presented: presented)
    }

    /// What `action` did: its results, the stacks its transition changes
    /// (with the entries it removed and added), what it presented and
    /// dismissed, and the view model's layers after it; or its error's kind.
    /// What one batch dismisses is compared as a set: `reset_all` lists the
    /// presentations over stacks by their stacks' names, and the ids in
    /// those names differ by one.
    /// Ids and names are the root navigator's (`shift`, `prefix`).
    private func perform(_ action: Action, on navigator: inout Navigator, shift: Int, prefix: String) -> String {
        func name(_ stack: String) -> String { Self.name(stack, shift: shift, prefix: prefix) }
        do {
            let transition = try navigator.apply([action])
            let changes = transition.changes.map { change in
                "\(name(change.stack)) -\(change.removed.map { $0 - shift }) +\(change.added.map { "\($0.route.name)#\($0.id - shift)" })"
            }.sorted()
            let layers = navigator.viewModel(after: transition).layers.map { layer in
                "\(name(layer.stack)) \(layer.style) \(layer.over.map(name) ?? "-") \(layer.backWill.rawValue) \(layer.backLabel ?? "-")"
            }
            return transition.results.map(\.rawValue).joined(separator: ",") + " \(changes)"
                + " presented \(transition.presented.map { name($0.stack) }) dismissed \(transition.dismissed.map(name).sorted()) layers \(layers)"
        } catch {
            return "\(error.kind)"
        }
    }

    private func check(split: Bool, options: TableOptions, run: SeededRun, file: StaticString = #filePath, line: UInt = #line) throws {
        let rootTable = try table(split: split, nested: false, options: options)
        let nestedTable = try table(split: split, nested: true, options: options)
        var random = run.random
        for round in 0..<run.rounds {
            var root = Navigator(table: rootTable)
            var nested = Navigator(table: nestedTable)
            let shell = nested.bases[0].root.id
            var steps: [String] = []
            for _ in 0..<30 {
                let draw = Draw(split: split, &random)
                let rootAction = action(draw, split: split, top: root.activeStack.top.id)
                let nestedAction = action(draw, split: split, top: nested.activeStack.top.id)
                steps.append("\(rootAction.op.rawValue)")
                let rootOutcome = perform(rootAction, on: &root, shift: 0, prefix: "")
                let nestedOutcome = perform(nestedAction, on: &nested, shift: 1, prefix: "main/")
                let atRoot = seen(root, rootOutcome, holder: Navigator.rootHolder, shift: 0, prefix: "")
                let inShell = seen(nested, nestedOutcome, holder: shell, shift: 1, prefix: "main/")
                guard atRoot == inShell else {
                    XCTFail("round \(round), after \(steps.joined(separator: ", ")):\n root   \(atRoot)\n nested \(inShell)", file: file, line: line)
                    return
                }
            }
        }
    }

    func testTabsAnswerAlikeAtTheRootAndInAContainer() throws {
        let run = SeededRun("root-nested tabs", seed: 38, rounds: 60)
        for options in [TableOptions(), TableOptions(backAtTabRoot: .firstTab), TableOptions(reselectPopsToRoot: false, backToPreviousTab: false)] {
            try check(split: false, options: options, run: run)
        }
    }

    func testSplitViewsAnswerAlikeAtTheRootAndInAContainer() throws {
        try check(split: true, options: TableOptions(), run: SeededRun("root-nested split", seed: 381, rounds: 60))
    }
}
