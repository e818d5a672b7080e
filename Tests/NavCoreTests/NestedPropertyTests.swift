import TestSupport
import XCTest
@testable import NavCore

/// Laws of the tree (docs/structure.md, "Nesting") over random walks on a
/// table whose routes nest: tabs in a tab, a split view in a tab, a route with
/// its own tabs that is pushed, presented over the app or over one stack.
/// After every step: `back_preview` says what `back` does, a snapshot
/// restores to the same navigator, the navigator keeps no container or
/// presentation that nothing in the tree reaches, the view model agrees
/// with the state (`ViewModelLaw`), each split view's detail stack
/// addresses that split view, and each tab's stack name that tab.
final class NestedPropertyTests: XCTestCase {
    /// Home, an Explore tab holding tabs, a Library tab that is a split view,
    /// and a Settings route with tabs of its own that Back does not leave.
    static func nestedTable(resetOnLeave: Bool = true) throws -> RouteTable {
        func plain(_ name: String) throws -> RouteDefinition { try RouteDefinition(name: name, params: [:], title: nil) }
        let explore = NestedLayoutDeclaration(.tabs([TabDeclaration(name: "foryou", root: RouteRequest(name: "feed")),
                                                     TabDeclaration(name: "following", root: RouteRequest(name: "following"))]))
        let library = NestedLayoutDeclaration(.split(root: RouteRequest(name: "albums"), sidebar: ["albums", "artists"]))
        let settings = NestedLayoutDeclaration(.tabs([TabDeclaration(name: "general", root: RouteRequest(name: "general")),
                                                      TabDeclaration(name: "privacy", root: RouteRequest(name: "privacy")),
                                                      TabDeclaration(name: "account", root: RouteRequest(name: "account"))]),
                                               options: TableOptions(backToPreviousTab: false))
        // Tabs that Back leaves for their first tab, and that start afresh whenever a tab switch hides
        // them; the first has the short name of a tab of the navigator's own.
        let studio = NestedLayoutDeclaration(.tabs([TabDeclaration(name: "home", root: RouteRequest(name: "general")),
                                                    TabDeclaration(name: "master", root: RouteRequest(name: "privacy")),
                                                    TabDeclaration(name: "export", root: RouteRequest(name: "feed"))]),
                                             options: TableOptions(backAtTabRoot: .firstTab, resetOnLeave: resetOnLeave))
        return try RouteTable(
            layout: .tabs([TabDeclaration(name: "home", root: RouteRequest(name: "home")),
                           TabDeclaration(name: "explore", root: RouteRequest(name: "explore")),
                           TabDeclaration(name: "library", root: RouteRequest(name: "library"))]),
            definitions: [try plain("home"), try plain("feed"), try plain("following"), try plain("albums"), try plain("artists"),
                          try plain("general"), try plain("privacy"),
                          try RouteDefinition(name: "post", params: ["id": ParamSpec(type: .int)], title: nil),
                          try RouteDefinition(name: "explore", params: [:], title: nil, layout: explore),
                          try RouteDefinition(name: "library", params: [:], title: nil, layout: library),
                          try RouteDefinition(name: "settings", params: [:], title: nil, layout: settings),
                          try plain("login"),
                          try RouteDefinition(name: "studio", params: [:], title: nil, layout: studio),
                          try RouteDefinition(name: "account", params: [:], title: nil, requires: ["signed_in"]),
                          try RouteDefinition(name: "private", params: [:], title: nil, requires: ["signed_in"])],
            conditions: [ConditionDeclaration(name: "signed_in", flow: Flow(route: RouteRequest(name: "login")), forced: true)])
    }

    /// Whether anything in the tree needs a false condition: an entry, or a
    /// selected or remembered tab of any tabs container.
    private func showsWhatNeedsFalse(_ nav: Navigator) -> String? {
        func needsFalse(_ conditions: [Int]) -> Bool { conditions.contains { !nav.conditions[$0] } }
        for stack in Self.reachable(nav).stacks {
            if let entry = stack.entries.first(where: { needsFalse(nav.table.definitions[$0.route.name]?.requiredConditions ?? []) }) {
                // A hidden tab's root needs what its tab does: it may stay while the tab is not selected.
                let isTabRoot = entry.id == stack.root.id && nav.containers.values.contains { $0.isTabs && $0.stacks.contains { $0.name == stack.name } }
                if !isTabRoot { return "\(entry.route.name) on \(stack.name)" }
            }
        }
        for container in nav.containers.values where container.isTabs {
            let tabs = container.tabs
            for index in [container.state.selected] + container.state.tabHistory where needsFalse(tabs[index].requiredConditions) {
                return "tab \(container.stacks[index].name) selected or in the history"
            }
        }
        return nil
    }

    /// Every entry with a blocker, anywhere in the tree.
    private func blockingIDs(_ nav: Navigator) -> Set<Int> {
        Set(Self.reachable(nav).stacks.flatMap(\.entries).filter { $0.blocker != nil }.map(\.id))
    }

    /// Every stack the tree reaches, with the holders of the containers on the
    /// way: the base stacks, the presentations, then what each one's entries
    /// hold and what covers it.
    static func reachable(_ nav: Navigator) -> (stacks: [Stack], holders: Set<Int>) {
        var stacks: [Stack] = []
        var holders: Set<Int> = []
        var queue = nav.bases + nav.layers.map(\.stack)
        while let stack = queue.popLast() {
            stacks.append(stack)
            for entry in stack.entries {
                guard let container = nav.containers[entry.id] else { continue }
                holders.insert(entry.id)
                queue += container.stacks
            }
            queue += nav.presentations[stack.name].map(\.stack)
        }
        return (stacks, holders)
    }

    /// A random action: stack actions on the active stack or on any stack of
    /// the tree (by name or by an entry's id), tab and split actions by plain
    /// or path names, presentations over the app or over one stack, blockers.
    static func randomAction(_ nav: Navigator, _ random: inout SplitMix64) -> Action {
        let stacks = Self.reachable(nav).stacks
        let address: StackAddress? = Int.random(in: 0..<3, using: &random) == 0 ? nil
            : Bool.random(using: &random) ? stacks.randomElement(using: &random).map { .name($0.name) }
            : stacks.randomElement(using: &random).map { .entry($0.entries.randomElement(using: &random)?.id ?? 0) }
        let routes = ["post", "post", "explore", "settings", "library", "feed", "private", "private", "studio"]
        let name = routes.randomElement(using: &random) ?? "post"
        let route = RouteRequest(name: name, params: name == "post" ? [("id", .int(Int.random(in: 1...3, using: &random)))] : [])
        let tabs = ["home", "explore", "library", "foryou", "following", "general", "privacy", "account", "master", "export", "explore/following", "nope"]
        let tab = tabs.randomElement(using: &random) ?? "home"
        // Half the blockers go on screens a sign-out removes, so that the forced one overrides some.
        let all = stacks.flatMap(\.entries)
        let signedIn = all.filter { ["private", "account"].contains($0.route.name) }
        let entries = signedIn.isEmpty || Bool.random(using: &random) ? all : signedIn
        switch Int.random(in: 0..<15, using: &random) {
        case 13: return .setCondition(name: "signed_in", value: Bool.random(using: &random))
        case 0, 1: return .push(route, stack: address)
        case 2: return .pop(count: 1, stack: address)
        case 3, 4: return .back()
        case 5, 6: return .selectTab(tab, stack: Bool.random(using: &random) ? nil : address)
        case 7: return .present(route, style: nil, stack: address)
        case 8: return .dismiss(all: Bool.random(using: &random), stack: Bool.random(using: &random) ? nil : address)
        case 9: return .select(RouteRequest(name: Bool.random(using: &random) ? "albums" : "artists"), stack: address)
        case 10: return .setCompact(Bool.random(using: &random), stack: address)
        case 11: return Int.random(in: 0..<4, using: &random) == 0 ? .resetAll : .popToRoot(stack: address)
        case 12: return .setBlocker(id: entries.randomElement(using: &random)?.id ?? 1, reason: Bool.random(using: &random) ? "Draft" : nil)
        default: return .resetTab(Bool.random(using: &random) ? nil : tab, stack: address)
        }
    }

    /// The laws, checked on `nav` as it is.
    private func checkLaws(_ nav: Navigator, _ context: String) {
        // back_preview says what back does.
        let preview = nav.backPreview
        var backed = nav
        switch Result(catching: { () throws(NavError) in try backed.apply([.back()]) }) {
        case .success(let transition):
            XCTAssertNil(preview.blocked, "\(context): the preview says blocked, back went through")
            XCTAssertEqual(transition.results, [preview.result], context)
            XCTAssertEqual(backed.activeTop, preview.after, "\(context): \(preview.result)")
        case .failure(let error):
            XCTAssertEqual(error.kind, .blocked, "\(context): \(error)")
            XCTAssertEqual(preview.blocked?.entry.id, error.blocked?.entry.id, context)
        }
        // A snapshot restores to the same navigator.
        do {
            let restored = try Navigator.restoring(Snapshot(nav), table: nav.table)
            // A snapshot holds no condition values: they are the host's (docs/conditions.md).
            var navigator = restored.navigator
            navigator.takeConditions(nav.conditions)
            XCTAssertEqual(navigator, nav, context)
            XCTAssertTrue(restored.report.dropped.isEmpty && restored.report.notes.isEmpty, "\(context): \(restored.report)")
        } catch {
            XCTFail("\(context): restore failed: \(error)")
        }
        // Nothing is kept that the tree does not reach.
        let (stacks, holders) = Self.reachable(nav)
        XCTAssertEqual(Set(nav.containers.keys), holders, "\(context): containers nothing reaches")
        XCTAssertTrue(Set(nav.presentations.overStacks.keys).isSubset(of: Set(stacks.map(\.name))), "\(context): presentations over no stack")
        XCTAssertFalse(nav.presentations.overStacks.values.contains { $0.isEmpty }, context)
        let ids = stacks.flatMap(\.entries).map(\.id)
        XCTAssertEqual(ids.count, Set(ids).count, "\(context): an id twice")
        XCTAssertEqual(nav.read(nav.activeRef) { $0.name }, nav.activeStack.name, context)
        // Nothing that needs a false condition is shown, or kept hidden.
        XCTAssertNil(showsWhatNeedsFalse(nav), context)
        ViewModelLaw.check(nav, context)
        checkDetailAddressing(nav, context)
        checkTabAddressing(nav, context)
    }

    /// How often a tab of the navigator's own had the short name of a tab
    /// of a container on the active path, the case where the innermost rule
    /// alone would select that one instead.
    private var shadowedRootTabs = 0

    /// A tab's stack name, which the view model lists each tab by and
    /// `select_tab` takes as `tab`, selects that very tab (docs/shells.md),
    /// whatever other tabs container has a tab of the same short name.
    private func checkTabAddressing(_ nav: Navigator, _ context: String) {
        let bars = [(Navigator.rootHolder, nav.root)] + nav.containers.map { ($0.key, $0.value) }
        // The holders of the containers on the active path.
        let onPath = ((try? nav.searched(around: nil)) ?? []).compactMap { ref -> Int? in
            guard case .contained(let holder, _) = ref else { return nil }
            return holder
        }
        for (holder, container) in bars where container.isTabs {
            for (index, stack) in container.stacks.enumerated() {
                if holder == Navigator.rootHolder, nav.containers.contains(where: { other in
                    other.value.isTabs && onPath.contains(other.key)
                        && other.value.stacks.contains { $0.name == "\(other.value.name)/\(stack.name)" }
                }) { shadowedRootTabs += 1 }
                // A tab that needs a false condition starts its flow instead.
                guard container.tabs[index].requiredConditions.allSatisfy({ nav.conditions[$0] }) else { continue }
                var clicked = nav
                do {
                    _ = try clicked.apply([.selectTab(stack.name)], past: blockingIDs(nav))
                    XCTAssertEqual(clicked.state(of: holder).selected, index, "\(context): select_tab \(stack.name)")
                } catch {
                    XCTAssertNotEqual(error.kind, .tab, "\(context): select_tab \(stack.name): \(error)")
                }
            }
        }
    }

    /// How often a split view's detail stack showed a deeper split view, the
    /// case where the innermost rule alone would reach that one instead.
    private var deeperSplitViews = 0

    /// A split view's detail stack names that split view (docs/structure.md,
    /// "Addressing"): `set_compact` with it flips that split view's columns,
    /// whatever deeper split view the stack shows.
    private func checkDetailAddressing(_ nav: Navigator, _ context: String) {
        for (holder, container) in nav.containers where !container.isTabs {
            let detail = container.stacks[0].name
            let innermost = try? nav.searched(around: .name(detail)).first { ref in
                guard case .contained(let owner, _) = ref else { return false }
                return nav.containers[owner]?.isTabs == false
            }
            if innermost != .contained(holder: holder, child: 0) { deeperSplitViews += 1 }
            var flipped = nav
            let compact = !container.state.split.compact
            XCTAssertNoThrow(try flipped.apply([.setCompact(compact, stack: .name(detail))]), "\(context): set_compact on \(detail)")
            XCTAssertEqual(flipped.containers[holder]?.state.split.compact, compact, "\(context): set_compact on \(detail)")
        }
    }

    func testBackPreviewRestoreAndReachOverRandomWalks() throws {
        let run = SeededRun("NestedPropertyTests.testBackPreviewRestoreAndReachOverRandomWalks", seed: 25, rounds: 40)
        var random = run.random
        let table = try Self.nestedTable()
        var applied = 0, blocked = 0, deepest = 0, owned = 0, overridden = 0
        for round in 0..<run.rounds {
            var nav = Navigator(table: table)
            for step in 0..<60 {
                let action = Self.randomAction(nav, &random)
                // Some batches sign in and out around the action: what it places that needs the condition fails them.
                let toggled = Int.random(in: 0..<6, using: &random) == 0 && !nav.conditions[0]
                let batch = toggled ? [.setCondition(name: "signed_in", value: true), action, .setCondition(name: "signed_in", value: false)] : [action]
                let before = nav
                do {
                    let transition = try nav.apply(batch)
                    applied += 1
                    // A blocking entry goes only where a forced condition overrode it.
                    let gone = blockingIDs(before).subtracting(Self.reachable(nav).stacks.flatMap(\.entries).map(\.id))
                    XCTAssertEqual(gone, Set(transition.overrode.map(\.id)), "round \(round) step \(step): \(action) removed blocking entries")
                    if !gone.isEmpty { overridden += 1 }
                } catch {
                    XCTAssertEqual(nav, before, "round \(round) step \(step): \(action) failed (\(error)) and changed the navigator")
                    if error.kind == .blocked { blocked += 1 }
                }
                deepest = max(deepest, nav.activeChain.count)
                if nav.presentations.coverStacks { owned += 1 }
                checkLaws(nav, "round \(round) step \(step) after \(action)")
            }
        }
        XCTAssertGreaterThan(applied, run.rounds * 20, "most actions apply")
        XCTAssertGreaterThan(blocked, 0, "some removals are held back by a blocker")
        XCTAssertGreaterThanOrEqual(deepest, 4, "the walks reach nested levels")
        XCTAssertGreaterThan(owned, 0, "the walks present over single stacks")
        XCTAssertGreaterThan(overridden, 0, "a forced sign-out overrides blockers in the walks")
        XCTAssertGreaterThan(deeperSplitViews, 0, "a detail stack shows a deeper split view in the walks")
        XCTAssertGreaterThan(shadowedRootTabs, 0, "a tab on the active path has a root tab's short name in the walks")
    }

    /// Paying for what is asked, on the tree (`OutcomeLaw`): over random walks,
    /// each batch applied without its transition commits what the described
    /// one does and announces what it says, and a restore or replay of an
    /// earlier or later state announces what its transition says.
    func testLeanBatchesAndAdoptionsAgreeWithTheirTransitionsOnTheTree() throws {
        let run = SeededRun("NestedPropertyTests.testLeanBatchesAndAdoptionsAgreeWithTheirTransitionsOnTheTree", seed: 27, rounds: 30)
        var random = run.random
        let table = try Self.nestedTable()
        var announced: Set<String> = [], adoptions = 0
        for round in 0..<run.rounds {
            var nav = Navigator(table: table)
            var seen = [nav]
            for step in 0..<40 {
                let batch = (0..<Int.random(in: 1...3, using: &random)).map { _ in Self.randomAction(nav, &random) }
                let (next, announcement) = OutcomeLaw.compare(batch, on: nav, "round \(round) step \(step)")
                if let announcement { announced.insert(announcement.text(next)) }
                nav = next
                seen.append(nav)
                let other = seen.randomElement(using: &random) ?? nav
                let cause: Cause = Bool.random(using: &random) ? .restore : .replay
                if try OutcomeLaw.compareAdoption(of: other, into: nav, cause: cause, "round \(round) step \(step) \(cause)").announcement != nil {
                    adoptions += 1
                }
            }
        }
        XCTAssertGreaterThan(announced.count, 20, "the walks announce many different changes")
        XCTAssertGreaterThan(adoptions, run.rounds * 10, "most adoptions change something")
    }

    /// A batch's `after` is the active top found afresh, and a batch applied
    /// without its transition commits the same, over random batches of one
    /// to three actions: the commit finds the active stack from the one
    /// active at the batch's start when nothing above it changed, and the
    /// batch's first action acts on that one.
    func testAfterIsTheActiveTopFoundAfresh() throws {
        let run = SeededRun("NestedPropertyTests.testAfterIsTheActiveTopFoundAfresh", seed: 26, rounds: 40)
        var applied = 0, deep = 0
        try Self.walk(run, steps: 60) { nav, batch, context in
            var lean = nav
            guard let transition = try? nav.apply(batch) else { return }
            applied += 1
            if nav.activeChain.count > 2 { deep += 1 }
            XCTAssertEqual(transition.after, nav.activeTop, context)
            let outcome = try lean.apply(batch, describing: false) { (_) throws(NavError) in () }.outcome
            XCTAssertEqual(lean, nav, context)
            XCTAssertEqual(outcome.changed, transition.changed, context)
        }
        XCTAssertGreaterThan(applied, run.rounds * 20, "most batches apply")
        XCTAssertGreaterThan(deep, run.rounds, "the walks act two levels deep and more")
    }

    /// Random walks of `run` on the nested table, each round `steps` long
    /// from a new navigator: `body` gets the navigator, a batch of one to
    /// three random actions for it, and where in the walk it is. A batch it
    /// does not apply leaves the navigator as it was.
    static func walk(_ run: SeededRun, steps: Int, _ body: (inout Navigator, [Action], String) throws -> Void) throws {
        var random = run.random
        let table = try nestedTable()
        for round in 0..<run.rounds {
            var nav = Navigator(table: table)
            for step in 0..<steps {
                let batch = (0..<Int.random(in: 1...3, using: &random)).map { _ in randomAction(nav, &random) }
                try body(&nav, batch, "round \(round) step \(step): \(batch)")
            }
        }
    }
}
