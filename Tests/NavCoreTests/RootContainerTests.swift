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
}
