import XCTest
@testable import NavCore

/// Tabs, presentations, the split view, the back rule and push policies.
final class StructureTests: XCTestCase {
    func testTabsKeepTheirDepthAcrossSelection() throws {
        var navigator = Navigator(table: try tabsTable())
        XCTAssertEqual(navigator.bases.map(\.root.id), [1, 2, 3])
        _ = try navigator.apply([.push(product(1)), .push(product(2))])
        let switched = try navigator.apply([.selectTab("cart"), .push(RouteRequest(name: "checkout"))])
        XCTAssertEqual(switched.tab?.before, "shop")
        XCTAssertEqual(switched.tab?.after, "cart")
        XCTAssertEqual(switched.results, [.selected, .pushed])
        _ = try navigator.apply([.selectTab("shop")])
        XCTAssertEqual(navigator.activeStack.entries.map(\.id), [1, 4, 5])
        XCTAssertEqual(navigator.bases[1].entries.map(\.id), [2, 6])
        XCTAssertEqual(navigator.tabHistory, [1])
    }

    func testReselectPopsToRootUnlessTurnedOff() throws {
        var navigator = Navigator(table: try tabsTable())
        _ = try navigator.apply([.push(product(1))])
        let again = try navigator.apply([.selectTab("shop")])
        XCTAssertEqual(again.results, [.popped])
        XCTAssertNil(again.tab)
        XCTAssertEqual(navigator.activeStack.path, [])
        var kept = Navigator(table: try tabsTable(options: TableOptions(reselectPopsToRoot: false)))
        _ = try kept.apply([.push(product(1))])
        XCTAssertFalse(try kept.apply([.selectTab("shop")]).changed)
    }

    func testTabErrorsAndAcceptedRoutes() throws {
        var navigator = Navigator(table: try tabsTable())
        XCTAssertEqual(thrownError { () throws(NavError) in try navigator.apply([.selectTab("cartt")]) }?.kind, .tab)
        let refused = thrownError { () throws(NavError) in try navigator.apply([.push(RouteRequest(name: "settings"), tab: "cart")]) }
        XCTAssertEqual(refused?.kind, .route)
        XCTAssertEqual(refused?.message, "actions[0].route.name: route \"settings\" is not accepted by tab \"cart\"")
        _ = try navigator.apply([.push(product(3), tab: "cart")])
        XCTAssertEqual(navigator.bases[1].path.map(\.id), [4])
        XCTAssertEqual(navigator.selected, 0)
        var single = Navigator(table: try shopTable())
        XCTAssertEqual(thrownError { () throws(NavError) in try single.apply([.selectTab("shop")]) }?.message,
                       "actions[0].tab: no tab \"shop\": the route table declares no tabs")
    }

    func testPresentationsStackAndPushesGoToTheTopLayer() throws {
        var navigator = Navigator(table: try tabsTable())
        let shown = try navigator.apply([.present(RouteRequest(name: "login"), style: nil), .push(product(1))])
        XCTAssertEqual(shown.presented, [PresentedLayer(stack: "layer:4", style: "sheet")])
        XCTAssertEqual(shown.changes.map(\.stack), ["layer:4"])
        XCTAssertEqual(shown.changes.first?.added.map(\.id), [4, 5])
        _ = try navigator.apply([.present(product(2), style: "cover")])
        XCTAssertEqual(navigator.layers.map(\.style), ["sheet", "cover"])
        XCTAssertEqual(navigator.activeStack.name, "layer:6")
        let all = try navigator.apply([.dismiss(all: true)])
        XCTAssertEqual(all.dismissed, ["layer:4", "layer:6"])
        XCTAssertEqual(all.changes.map(\.removed), [[4, 5], [6]])
        XCTAssertEqual(navigator.activeStack.name, "shop")
        XCTAssertEqual(thrownError { () throws(NavError) in try navigator.apply([.dismiss(all: false)]) }?.kind, .noEntry)
        XCTAssertEqual(thrownError { () throws(NavError) in try navigator.apply([.present(RouteRequest(name: "login"), style: "popup")]) }?.kind, .action)
    }

    func testBackWalksFromANestedSheetToNothing() throws {
        var navigator = Navigator(table: try tabsTable())
        _ = try navigator.apply([.push(product(1)), .selectTab("cart"),
                                 .present(RouteRequest(name: "login"), style: nil), .push(product(2))])
        var steps: [ActionResult] = []
        for _ in 0..<7 { steps += try navigator.apply([.back()]).results }
        XCTAssertEqual(steps, [.poppedPresentation, .dismissed, .previousTab, .popped, .nothing, .nothing, .nothing])
        XCTAssertEqual(allIDs(navigator), [1, 2, 3])
        var noHistory = Navigator(table: try tabsTable(options: TableOptions(backToPreviousTab: false)))
        _ = try noHistory.apply([.selectTab("cart")])
        XCTAssertEqual(try noHistory.apply([.back()]).results, [.nothing])
    }

    func testResetAllIsLogout() throws {
        var navigator = Navigator(table: try tabsTable())
        _ = try navigator.apply([.push(product(1)), .selectTab("cart"), .push(product(2)), .present(RouteRequest(name: "login"), style: nil)])
        let reset = try navigator.apply([.resetAll])
        XCTAssertEqual(reset.results, [.reset])
        XCTAssertEqual(reset.tab?.after, "shop")
        XCTAssertEqual(allIDs(navigator), [1, 2, 3])
        XCTAssertEqual(navigator.tabHistory, [])
        XCTAssertEqual(try navigator.apply([.resetAll]).results, [.unchanged])
    }

    func testPushPolicies() throws {
        var navigator = Navigator(table: try tabsTable())
        let double = try navigator.apply([.selectTab("cart"), .push(RouteRequest(name: "checkout")), .push(RouteRequest(name: "checkout"))])
        XCTAssertEqual(double.results, [.selected, .pushed, .absorbed])
        XCTAssertEqual(navigator.activeStack.path.count, 1)
        _ = try navigator.apply([.selectTab("shop"), .push(product(1)), .push(product(2)), .push(product(3))])
        let moved = try navigator.apply([.push(product(1), policy: .bringToFront)])
        XCTAssertEqual(moved.results, [.moved])
        XCTAssertEqual(moved.changes.first?.moved, [5])
        XCTAssertEqual(navigator.activeStack.path.map(\.id), [6, 7, 5])
        XCTAssertEqual(try navigator.apply([.push(product(1), policy: .bringToFront)]).results, [.absorbed])
        let replaced = try navigator.apply([.push(product(9), policy: .replaceTop)])
        XCTAssertEqual(replaced.results, [.replaced])
        XCTAssertEqual(navigator.activeStack.path.map(\.id), [6, 7, 8])
        XCTAssertEqual(try navigator.apply([.push(RouteRequest(name: "home"), policy: .bringToFront)]).results, [.pushed])
    }

    func testSplitViewSelectionRestartsTheDetailStack() throws {
        let table = try RouteTable(layout: .split(root: RouteRequest(name: "inbox"), sidebar: ["inbox", "archive"]), definitions: [
            RouteDefinition(name: "inbox", params: [:], title: nil),
            RouteDefinition(name: "archive", params: [:], title: nil),
            RouteDefinition(name: "mail", params: ["id": ParamSpec(type: .int)], title: nil),
        ])
        var navigator = Navigator(table: table)
        _ = try navigator.apply([.push(RouteRequest(name: "mail", params: [("id", .int(1))]))])
        let selected = try navigator.apply([.select(RouteRequest(name: "archive"))])
        XCTAssertEqual(selected.changes.first?.removed, [1, 2])
        XCTAssertEqual(navigator.activeStack.entries.map(\.id), [3])
        XCTAssertEqual(navigator.activeStack.name, "detail")
        XCTAssertEqual(thrownError { () throws(NavError) in try navigator.apply([.select(RouteRequest(name: "mail", params: [("id", .int(1))]))]) }?.kind, .route)
        _ = try navigator.apply([.resetAll])
        XCTAssertEqual(navigator.activeStack.root.route.name, "inbox")
        var tabs = Navigator(table: try tabsTable())
        XCTAssertEqual(thrownError { () throws(NavError) in try tabs.apply([.select(RouteRequest(name: "home"))]) }?.kind, .action)
    }

    func testFailedMixedBatchRestoresLayersTabsAndIds() throws {
        var navigator = Navigator(table: try tabsTable())
        _ = try navigator.apply([.present(RouteRequest(name: "login"), style: nil), .push(product(1))])
        let before = navigator
        let error = thrownError { () throws(NavError) in
            try navigator.apply([.push(product(2)), .dismiss(all: true), .selectTab("cart"), .present(product(3), style: nil),
                                 .resetAll, .push(product(4)), .selectTab("nope")])
        }
        XCTAssertEqual(error?.kind, .tab)
        XCTAssertEqual(navigator, before)
    }

    func testMixedBatchGivesOneTransitionWithEveryChange() throws {
        var navigator = Navigator(table: try tabsTable())
        _ = try navigator.apply([.present(RouteRequest(name: "login"), style: nil)])
        let transition = try navigator.apply([.dismiss(all: true), .selectTab("cart"), .push(RouteRequest(name: "checkout"))])
        XCTAssertEqual(transition.results, [.dismissed, .selected, .pushed])
        XCTAssertEqual(transition.dismissed, ["layer:4"])
        XCTAssertEqual(transition.changes.map(\.stack), ["cart", "layer:4"])
        XCTAssertEqual(transition.after.top.title, "Checkout")
    }
}

/// The tab history is navigation state: changing only it is a change.
final class TabHistoryTests: XCTestCase {
    func testABatchThatOnlyChangesTheHistoryIsAChange() throws {
        var navigator = Navigator(table: try tabsTable())
        let transition = try navigator.apply([.selectTab("cart"), .selectTab("shop")])
        XCTAssertTrue(transition.changed)
        XCTAssertNil(transition.tab)
        XCTAssertEqual(transition.tabHistory, ["cart"])
        XCTAssertEqual(transition.seq, 1)
        XCTAssertEqual(try navigator.apply([.selectTab("cart")]).tabHistory, ["shop"])
    }
}
