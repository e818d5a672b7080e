import TestSupport
import XCTest
@testable import NavCore

/// The step plan (docs/shells.md, "Animating a change") over random walks on
/// the nested table of `NestedPropertyTests`: each batch's plan, played one
/// step at a time as the actions docs/shells.md gives for each step, on a copy
/// of the state before the batch, ends in the state the batch made: the same
/// stacks (routes and titles; ids where the plan determines them: the entries
/// that stayed), tab selections, split views' columns and layers. Each name
/// has at most one step, and the plan's seq is the change's.
final class AnimationPropertyTests: XCTestCase {
    func testTheStepPlanPlayedOneStepAtATimeEndsWhereTheBatchDoes() throws {
        let run = SeededRun("AnimationPropertyTests.testTheStepPlanPlayedOneStepAtATimeEndsWhereTheBatchDoes", seed: 27, rounds: 40)
        var played = 0, multiStep = 0
        var kinds: Set<Animation.Kind> = []
        let switchesAlone = try NestedPropertyTests.nestedTable(resetOnLeave: false)
        try NestedPropertyTests.walk(run, steps: 50) { nav, batch, context in
            guard let steps = checkPlan(of: batch, on: &nav, context, playingOn: switchesAlone) else { return }
            kinds.formUnion(steps.map(\.kind))
            played += 1
            if steps.count > 1 { multiStep += 1 }
        }
        XCTAssertGreaterThan(played, run.rounds * 10, "most changes are played")
        XCTAssertGreaterThan(multiStep, run.rounds, "some plans have several steps")
        XCTAssertEqual(kinds, Set(Animation.Kind.allCases), "the walks reach every kind of step")
        print("AnimationPropertyTests: \(played) plans played, \(multiStep) of several steps")
    }

    /// The same law on flat tables: a split view's own columns and detail
    /// stack, a tab bar's own tabs, one stack, with presentations over them.
    func testTheLawHoldsOnFlatTables() throws {
        let run = SeededRun("AnimationPropertyTests.testTheLawHoldsOnFlatTables", seed: 28, rounds: 30)
        var random = run.random
        var played = 0
        var kinds: Set<Animation.Kind> = []
        for round in 0..<run.rounds {
            var nav = Navigator(table: try [shellSplitTable(), tabsTable(), shopTable()][round % 3])
            for step in 0..<40 {
                let batch = (0..<Int.random(in: 1...3, using: &random)).map { _ in flatAction(nav, &random) }
                guard let steps = checkPlan(of: batch, on: &nav, "round \(round) step \(step): \(batch)") else { continue }
                kinds.formUnion(steps.map(\.kind))
                played += 1
            }
        }
        XCTAssertGreaterThan(played, run.rounds * 10, "most changes are played")
        XCTAssertEqual(kinds, Set(Animation.Kind.allCases), "the walks reach every kind of step")
    }

    /// The same law where tab switches reset what they leave (`reset_on_leave`,
    /// at two levels, around pushes, pops and presentations anywhere): a
    /// tab step is the switch alone, played on a navigator whose containers
    /// do not reset, and what the batch's switches reset comes as steps of
    /// its own (pops, dismissals, a container's tab).
    func testTheLawHoldsWhereContainersResetWhenLeft() throws {
        let run = SeededRun("AnimationPropertyTests.testTheLawHoldsWhereContainersResetWhenLeft", seed: 29, rounds: 40)
        var random = run.random
        let (table, switchesAlone) = (try resettingTable(resets: true), try resettingTable(resets: false))
        var played = 0, resets = 0
        for round in 0..<run.rounds {
            var nav = Navigator(table: table)
            for step in 0..<30 {
                let batch = (0..<Int.random(in: 1...3, using: &random)).map { _ in resettingAction(nav, &random) }
                let before = nav
                guard let steps = checkPlan(of: batch, on: &nav, "round \(round) step \(step): \(batch)", playingOn: switchesAlone) else { continue }
                played += 1
                // The batch reset something when, where no container resets, it ends elsewhere.
                if steps.contains(where: { $0.kind == .tab }), var unreset = Navigator.restoringOrNil(Snapshot(before), table: switchesAlone),
                   (try? unreset.apply(batch, past: blockingIDs(unreset))) != nil, difference(unreset, nav, olderThan: nav.nextID) != nil { resets += 1 }
            }
        }
        XCTAssertGreaterThan(played, run.rounds * 10, "most changes are played")
        XCTAssertGreaterThan(resets, run.rounds / 4, "batches switch tabs that reset what they leave")
    }

    /// Tabs `start` (its root holds tabs `one`, whose root holds tabs that
    /// reset when left if `resets`, and `two`) and `side`; `deck` holds tabs
    /// that reset too.
    private func resettingTable(resets: Bool) throws -> RouteTable {
        func plain(_ name: String) throws -> RouteDefinition { try RouteDefinition(name: name, params: [:], title: nil) }
        func tabs(_ first: String, _ resets: Bool) -> NestedLayoutDeclaration {
            NestedLayoutDeclaration(.tabs([TabDeclaration(name: "one", root: RouteRequest(name: first)),
                                           TabDeclaration(name: "two", root: RouteRequest(name: "home"))]),
                                    options: TableOptions(reselectPopsToRoot: false, resetOnLeave: resets))
        }
        return try RouteTable(
            layout: .tabs([TabDeclaration(name: "start", root: RouteRequest(name: "hub")), TabDeclaration(name: "side", root: RouteRequest(name: "home"))]),
            definitions: [try plain("home"), try RouteDefinition(name: "post", params: ["id": ParamSpec(type: .int)], title: nil),
                          try RouteDefinition(name: "hub", params: [:], title: nil, layout: tabs("panel", false)),
                          try RouteDefinition(name: "panel", params: [:], title: nil, layout: tabs("home", resets)),
                          try RouteDefinition(name: "deck", params: [:], title: nil, layout: tabs("home", resets))])
    }

    /// A random action on `resettingTable()`: pushes (of posts and of
    /// routes that hold containers), pops, presentations and dismissals,
    /// anywhere in the tree, tab switches at every level, and Back.
    private func resettingAction(_ nav: Navigator, _ random: inout SplitMix64) -> Action {
        let stacks = NestedPropertyTests.reachable(nav).stacks
        let address: StackAddress? = Bool.random(using: &random) ? nil : stacks.randomElement(using: &random).map { .name($0.name) }
        let name = ["post", "post", "deck", "panel"].randomElement(using: &random) ?? "post"
        let route = RouteRequest(name: name, params: name == "post" ? [("id", .int(Int.random(in: 1...3, using: &random)))] : [])
        switch Int.random(in: 0..<8, using: &random) {
        case 0, 1: return .push(route, stack: address)
        case 2: return .pop(count: 1, stack: address)
        case 3: return .present(route, style: nil, stack: address)
        case 4: return .dismiss(all: false, stack: address)
        case 5: return .back()
        default: return .selectTab(["start", "side", "one", "two"].randomElement(using: &random) ?? "side", stack: Bool.random(using: &random) ? nil : address)
        }
    }

    /// A random action on a flat table: stack actions, tabs, the split view's, presentations, Back.
    private func flatAction(_ nav: Navigator, _ random: inout SplitMix64) -> Action {
        let route = nav.table.definitions["mail"] != nil ? RouteRequest(name: "mail", params: [("id", .int(Int.random(in: 1...3, using: &random)))])
            : product(Int.random(in: 1...3, using: &random))
        switch Int.random(in: 0..<12, using: &random) {
        case 0, 1: return .push(route)
        case 2: return .pop(count: Int.random(in: 1...2, using: &random))
        case 3: return .replace(route)
        case 4: return .push(route, policy: .bringToFront)
        case 5: return .back()
        case 6: return .selectTab(["shop", "cart", "settings"].randomElement(using: &random) ?? "shop")
        case 7: return .select(RouteRequest(name: Bool.random(using: &random) ? "inbox" : "archive"))
        case 8: return .setCompact(Bool.random(using: &random))
        case 9: return .present(RouteRequest(name: nav.table.definitions["login"] != nil ? "login" : "checkout"), style: nil)
        case 10: return .dismiss(all: Bool.random(using: &random))
        default: return .setStack([route, route])
        }
    }

    /// Applies `batch` to `nav` (past every blocker), then plays its plan on
    /// the state before and checks the law; the plan's steps, nil when the
    /// batch failed or changed nothing. With `switchesAlone` (the same table
    /// with no container that resets when left), the plan is played on the
    /// state before restored on it, so that a tab step is the switch alone.
    private func checkPlan(of batch: [Action], on nav: inout Navigator, _ context: String,
                           playingOn switchesAlone: RouteTable? = nil) -> [Animation.Step]? {
        let before = nav
        guard let (outcome, _) = try? nav.apply(batch, past: blockingIDs(nav), describing: false, finishing: { _ in () }),
              let change = outcome.lastChange else { return nil }
        let animation = nav.animation(of: change)
        XCTAssertEqual(animation.seq, nav.seq, context)
        let names = animation.steps.map(part)
        XCTAssertEqual(names.count, Set(names).count, "\(context): a part with two steps: \(animation.steps)")
        // A tab step is the switch alone: played where no container resets when left.
        guard var replay = switchesAlone.map({ Navigator.restoringOrNil(Snapshot(before), table: $0) }) ?? before else {
            XCTFail("\(context): the state before does not restore on the table whose containers do not reset")
            return nil
        }
        // Conditions are no step (the host's); the plan starts where they already are.
        replay.takeConditions(nav.conditions)
        do {
            for planned in animation.steps { try play(planned, on: &replay) }
        } catch {
            XCTFail("\(context): playing \(animation.steps) failed: \(error)")
            return nil
        }
        if let difference = difference(replay, nav, olderThan: before.nextID) {
            XCTFail("\(context): the plan \(animation.steps) ends elsewhere: \(difference)")
        }
        return animation.steps
    }

    /// What a step is on, for the law of one step per part: a stack, a tab bar, a split view or a layer.
    private func part(_ step: Animation.Step) -> String {
        switch step {
        case .stack(let name, _, _, _): return "stack \(name)"
        case .tab(_, _, let container): return "tabs \(container ?? "")"
        case .sidebar(let name, _): return "split \(name)"
        case .present(let layer, _, _, _), .dismiss(let layer, _): return "layer \(layer)"
        }
    }

    /// Every blocking entry of the tree: the walk's batches and the plan's steps go past them.
    private func blockingIDs(_ nav: Navigator) -> Set<Int> {
        Set(NestedPropertyTests.reachable(nav).stacks.flatMap(\.entries).filter { $0.blocker != nil }.map(\.id))
    }

    /// Applies one step as docs/shells.md says a shell does it.
    private func play(_ step: Animation.Step, on nav: inout Navigator) throws(NavError) {
        func apply(_ actions: [Action]) throws(NavError) { _ = try nav.apply(actions, past: blockingIDs(nav)) }
        func request(_ entry: Entry) -> RouteRequest {
            RouteRequest(name: entry.route.name, params: entry.route.params.map { ($0.name, InputValue($0.value)) })
        }
        switch step {
        case .dismiss(let layer, let over):
            // The layer goes with whatever covers it: dismiss until it is gone.
            for _ in 0..<20 {
                if let over {
                    guard nav.presentations[over].contains(where: { $0.stack.name == layer }) else { return }
                    try apply([.dismiss(all: false, stack: .name(over))])
                } else {
                    guard nav.layers.contains(where: { $0.stack.name == layer }) else { return }
                    try apply([.dismiss(all: false)])
                }
            }
        case .tab(let tab, _, let container):
            try apply([.selectTab(tab, stack: container == nil ? nil : .name(tab))])
        case .stack(let stack, let popped, let pushed, let detail):
            var pushing = pushed[...]
            if detail, let root = pushing.popFirst() {
                try apply([.select(request(root), stack: .name(stack))])
            } else if popped > 0 {
                try apply([.pop(count: popped, stack: .name(stack))])
            }
            try apply(pushing.map { .push(request($0), policy: .allow, stack: .name(stack)) })
        case .sidebar(let stack, let form):
            // The split view's form, set in place: set_compact sets its columns,
            // not whether a compact one shows its sidebar (Back at its detail
            // root does, and only on the active path).
            if case .contained(let holder, _) = try nav.ref(named: stack) { nav.modifyContainer(holder) { $0.putBack(ContainerState(selected: $0.state.selected, tabHistory: $0.state.tabHistory, split: form)) } }
        case .present(_, let style, let over, let entries):
            guard let root = entries.first else { return }
            try apply([.present(request(root), style: style, policy: .allow, stack: over.map(StackAddress.name))])
            let layer = nav.presentations[over ?? Presentations.app].last
            guard let id = layer?.stack.root.id else { throw NavError(.internal, "no layer after present") }
            try apply(entries.dropFirst().map { .push(request($0), policy: .allow, stack: .entry(id)) })
        }
    }

    /// The first difference between the played state and the batch's, or nil.
    private func difference(_ played: Navigator, _ batch: Navigator, olderThan bound: Int) -> String? {
        if played.selected != batch.selected { return "selected tab \(played.selected) vs \(batch.selected)" }
        if played.split != batch.split { return "split \(played.split) vs \(batch.split)" }
        for (a, b) in zip(played.bases, batch.bases) {
            if let difference = difference(a, b, played, batch, bound) { return difference }
        }
        if played.layers.count != batch.layers.count { return "\(played.layers.count) layers vs \(batch.layers.count)" }
        for (a, b) in zip(played.layers, batch.layers) {
            if a.style != b.style { return "layer style \(a.style) vs \(b.style)" }
            if let difference = difference(a.stack, b.stack, played, batch, bound) { return difference }
        }
        return nil
    }

    /// The first difference between two stacks, what their old entries hold
    /// and what covers them: routes and titles everywhere, ids and
    /// containers where both entries are older than the batch.
    private func difference(_ a: Stack, _ b: Stack, _ played: Navigator, _ batch: Navigator, _ bound: Int) -> String? {
        let (x, y) = (a.entries, b.entries)
        guard x.count == y.count, zip(x, y).allSatisfy({ $0.route == $1.route && $0.title == $1.title }) else {
            return "stack \(a.name): \(x.map(\.title)) vs \(b.name): \(y.map(\.title))"
        }
        for (p, q) in zip(x, y) where p.id < bound && q.id < bound {
            if p.id != q.id { return "stack \(a.name): id \(p.id) vs \(q.id)" }
            guard let c = played.containers[p.id], let d = batch.containers[q.id] else {
                if (played.containers[p.id] == nil) != (batch.containers[q.id] == nil) { return "entry \(p.id) holds a container on one side only" }
                continue
            }
            if c.state.selected != d.state.selected { return "container \(c.name) selects \(c.state.selected) vs \(d.state.selected)" }
            if c.state.split != d.state.split { return "container \(c.name) columns \(c.state.split) vs \(d.state.split)" }
            for (s, t) in zip(c.stacks, d.stacks) {
                if let difference = difference(s, t, played, batch, bound) { return difference }
            }
        }
        guard a.root.id < bound, a.name == b.name else { return nil }
        let (over, overBatch) = (played.presentations[a.name], batch.presentations[b.name])
        if over.count != overBatch.count { return "\(over.count) layers over \(a.name) vs \(overBatch.count)" }
        for (s, t) in zip(over, overBatch) {
            if s.style != t.style { return "layer over \(a.name) style \(s.style) vs \(t.style)" }
            if let difference = difference(s.stack, t.stack, played, batch, bound) { return difference }
        }
        return nil
    }
}

private extension Navigator {
    /// The navigator `snapshot` restores to on `table`; nil when it does not restore.
    static func restoringOrNil(_ snapshot: Snapshot, table: RouteTable) -> Navigator? {
        try? restoring(snapshot, table: table).navigator
    }
}
