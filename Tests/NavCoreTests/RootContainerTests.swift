import XCTest
@testable import NavCore

/// The navigator's own level as the root container (docs/structure.md,
/// "Nesting"): it holds the base stacks and the selection, a failed batch
/// puts its state back, and Back takes the same step there as in a
/// container inside an entry.
final class RootContainerTests: XCTestCase {
    func testTheRootContainerHoldsTheBaseStacks() throws {
        let navigator = Navigator(table: try tabsTable(options: TableOptions(backToPreviousTab: false)))
        XCTAssertEqual(navigator.root.name, "")
        XCTAssertEqual(navigator.root.level, 1)
        XCTAssertEqual(navigator.root.stacks, navigator.bases)
        XCTAssertEqual(navigator.root.tabs.map(\.name), ["shop", "cart", "settings"])
        XCTAssertEqual(navigator.root.layout.options.backAtTabRoot, TabRootBack.none)
        XCTAssertTrue(navigator.containers.isEmpty, "the root is no entry's container")
    }

    func testTheRootsStateIsTheSelectionAndAFailedBatchPutsItBack() throws {
        var navigator = Navigator(table: try tabsTable())
        _ = try navigator.apply([.selectTab("cart")])
        XCTAssertEqual(navigator.root.state, ContainerState(selected: 1, tabHistory: [0]))
        XCTAssertEqual(navigator.selectedTab, "cart")
        let before = navigator
        XCTAssertNotNil(thrownError { () throws(NavError) in
            try navigator.apply([.selectTab("settings"), .push(RouteRequest(name: "nowhere"))])
        })
        XCTAssertEqual(navigator.root.state, ContainerState(selected: 1, tabHistory: [0]))
        XCTAssertEqual(navigator, before)
    }

    func testBackTakesTheSameStepAtTheRootAsInAContainer() throws {
        var navigator = Navigator(table: try NestedPropertyTests.nestedTable())
        _ = try navigator.apply([.selectTab("explore"), .selectTab("following")])
        let explore = navigator.bases[1].root.id
        XCTAssertEqual(navigator.backStep, .previousTab(0, explore))
        XCTAssertEqual(try navigator.apply([.back()]).results, [.previousTab])
        XCTAssertEqual(navigator.activeStack.name, "explore/foryou")
        // The container's history is empty: the level above, the root container, acts by the same rule.
        XCTAssertEqual(navigator.backStep, .previousTab(0, Navigator.rootHolder))
        XCTAssertEqual(try navigator.apply([.back()]).results, [.previousTab])
        XCTAssertEqual(navigator.activeStack.name, "home")
        XCTAssertEqual(navigator.backStep, .nothing)
    }

    /// Tabs `one` and `two` of `home`, at the root (`shell == false`) or in
    /// the container of the `main` stack's root `shell`; `box` holds tabs
    /// `in1` and `in2`; `secret` requires `unlocked`, whose flow is `pin`.
    private func boxTable(shell: Bool) throws -> RouteTable {
        func plain(_ name: String) throws -> RouteDefinition { try RouteDefinition(name: name, params: [:], title: nil) }
        func tabs(_ a: String, _ b: String) -> [TabDeclaration] {
            [TabDeclaration(name: a, root: RouteRequest(name: "home")), TabDeclaration(name: b, root: RouteRequest(name: "home"))]
        }
        let box = NestedLayoutDeclaration(.tabs(tabs("in1", "in2")))
        let outer = NestedLayoutDeclaration(.tabs(tabs("one", "two")))
        return try RouteTable(
            layout: shell ? .stack(root: RouteRequest(name: "shell")) : .tabs(tabs("one", "two")),
            definitions: [try plain("home"), try plain("pin"),
                          try RouteDefinition(name: "secret", params: [:], title: nil, requires: ["unlocked"]),
                          try RouteDefinition(name: "box", params: [:], title: nil, layout: box),
                          try RouteDefinition(name: "shell", params: [:], title: nil, layout: outer)],
            conditions: [ConditionDeclaration(name: "unlocked", flow: Flow(route: RouteRequest(name: "pin")))])
    }

    /// A restore where the condition is false takes the screens that need it
    /// away by one rule at every level: a tab's stack, then the containers in
    /// it, then the next tab; so the held intent puts them back in the same
    /// order at the root as inside a container, and puts back what was there.
    func testAFalseConditionTakesScreensAwayByOneRuleAtEveryLevel() throws {
        for shell in [false, true] {
            let table = try boxTable(shell: shell)
            let (one, two) = shell ? ("main/one", "main/two") : ("one", "two")
            func address(_ name: String) -> (tab: String?, stack: StackAddress?) {
                shell ? (nil, .name(name)) : (name, nil)
            }
            let secret = RouteRequest(name: "secret")
            var nav = Navigator(table: table)
            _ = try nav.apply([.setCondition(name: "unlocked", value: true), .push(RouteRequest(name: "box"), stack: .name(one)),
                               .push(secret), .push(secret, stack: .name(one)), .selectTab("two"), .push(secret)])
            // The box is below the top of its stack, so its stacks' names carry its id.
            func in1(_ navigator: Navigator) throws -> String {
                "\(one)@\(try navigator.read(navigator.ref(named: one)) { $0.entries[1].id })/in1"
            }
            var relaunched = Navigator(table: table)
            _ = try relaunched.restore(Snapshot(nav))
            let (oneTab, oneStack) = address(one), (twoTab, twoStack) = address(two), inner = try in1(nav)
            XCTAssertEqual(relaunched.pending?.actions, [
                .setStack([RouteRequest(name: "box"), secret], tab: oneTab, stack: oneStack),
                .setStack([secret], stack: .name(inner)),
                .setStack([secret], tab: twoTab, stack: twoStack),
            ], "shell: \(shell)")
            _ = try relaunched.apply([.setCondition(name: "unlocked", value: true)])
            for name in [{ _ in one }, in1, { _ in two }] as [(Navigator) throws -> String] {
                func names(_ navigator: Navigator) throws -> [String] {
                    try navigator.read(navigator.ref(named: name(navigator))) { $0.entries.map(\.route.name) }
                }
                let stack = try name(nav)
                XCTAssertEqual(try names(relaunched), try names(nav), "shell: \(shell), \(stack)")
            }
        }
    }

    /// A restore reads a container's selection by the root's rule at every
    /// level: a selected tab or a tab of the history that the container does
    /// not have is noted, naming the container, and the first tab is selected.
    func testARestoreNotesASelectionThatFitsNoTabAtEveryLevel() throws {
        for shell in [false, true] {
            var nav = Navigator(table: try boxTable(shell: shell))
            let one = shell ? "main/one" : "one"
            _ = try nav.apply([.push(RouteRequest(name: "box"), stack: .name(one)), .selectTab("in2")])
            var snapshot = Snapshot(nav)
            // The box's container, named by its stack and its id.
            let box = String(nav.activeStack.name.dropLast("/in2".count))
            func edit(_ stacks: inout [Snapshot.Stack]) {
                for index in stacks.indices {
                    for item in stacks[index].items.indices where stacks[index].items[item].container != nil {
                        if stacks[index].items[item].route.name == "box" {
                            stacks[index].items[item].container?.selectedTab = "gone"
                            stacks[index].items[item].container?.tabHistory = ["\(box)/in1", "lost"]
                        } else {
                            edit(&stacks[index].items[item].container!.stacks)
                        }
                    }
                }
            }
            edit(&snapshot.stacks)
            var relaunched = Navigator(table: try boxTable(shell: shell))
            let report = try relaunched.restore(snapshot).report
            XCTAssertEqual(report.notes, [
                "selected tab \"gone\" is not a tab of container \"\(box)\": selected \"\(box)/in1\"",
                "tab \"lost\" of the tab history is not a tab of container \"\(box)\"",
            ], "shell: \(shell)")
            XCTAssertEqual(relaunched.activeStack.name, "\(box)/in1")
        }
    }

    /// A batch that sets a condition true and back fails on a screen it
    /// showed meanwhile at any level by one rule: stacks outermost first, so
    /// the root's stack is named before a stack inside a container; the state
    /// is unchanged.
    func testSettingAConditionTrueAndBackNamesTheOutermostScreenFirst() throws {
        for shell in [false, true] {
            var nav = Navigator(table: try boxTable(shell: shell))
            let (one, two) = shell ? ("main/one", "main/two") : ("one", "two")
            let secret = RouteRequest(name: "secret")
            _ = try nav.apply([.push(RouteRequest(name: "box"), stack: .name(one))])
            let before = nav
            let error = thrownError { () throws(NavError) in
                try nav.apply([.setCondition(name: "unlocked", value: true), .push(secret),
                               .push(secret, stack: .name(two)), .setCondition(name: "unlocked", value: false)])
            }
            XCTAssertEqual(error?.kind, .route)
            XCTAssertEqual(error?.message, "actions[3]: route \"secret\" on stack \"\(two)\" requires \"unlocked\", which the batch sets back to false")
            XCTAssertEqual(nav, before)
        }
    }
}

