import TestSupport
import XCTest
@testable import NavCore

/// Present policies, layers Back may not dismiss, and a split view's compact form.
final class PresentationPolicyTests: XCTestCase {
    func testSingleTopAbsorbsADoubleTapOnASheet() throws {
        var navigator = Navigator(table: try shellTabsTable())
        let twice = try navigator.apply([.present(RouteRequest(name: "picker"), style: nil), .present(RouteRequest(name: "picker"), style: "cover")])
        XCTAssertEqual(twice.results, [.presented, .absorbed])
        XCTAssertEqual(navigator.layers.count, 1)
        XCTAssertEqual(navigator.nextID, 4, "an absorbed present issues no id")
        let again = try navigator.apply([.present(RouteRequest(name: "picker"), style: nil)])
        XCTAssertFalse(again.changed)
        XCTAssertEqual(try navigator.apply([.present(RouteRequest(name: "picker"), style: nil, policy: .allow)]).results, [.presented])
        XCTAssertEqual(navigator.layers.count, 2)
        let products = try navigator.apply([.present(product(1), style: nil, policy: .singleTop), .present(product(2), style: nil, policy: .singleTop),
                                            .present(product(2), style: nil, policy: .singleTop)])
        XCTAssertEqual(products.results, [.presented, .presented, .absorbed], "equal means same name and params")
    }

    func testBackIsHeldByALayerThatIsNotDismissable() throws {
        var navigator = Navigator(table: try shellTabsTable())
        _ = try navigator.apply([.present(RouteRequest(name: "login"), style: "cover"), .push(product(1))])
        XCTAssertEqual(try navigator.apply([.back()]).results, [.poppedPresentation], "Back still pops inside the layer")
        let before = navigator
        let held = try navigator.apply([.back()])
        XCTAssertEqual(held.results, [.heldByPresentation])
        XCTAssertFalse(held.changed)
        XCTAssertEqual(navigator, before)
        let preview = navigator.backPreview
        XCTAssertEqual(preview.result, .heldByPresentation)
        XCTAssertEqual(preview.reason?.contains("\"layer:3\" (Sign in) is not dismissable by Back"), true, preview.reason ?? "")
        XCTAssertEqual(try navigator.apply([.dismiss(all: false)]).results, [.dismissed], "an explicit dismiss removes it")
        XCTAssertTrue(navigator.layers.isEmpty)
    }

    func testCompactSplitViewGoesBackToTheSidebar() throws {
        var navigator = Navigator(table: try shellSplitTable())
        XCTAssertEqual(try navigator.apply([.back()]).results, [.nothing], "side by side, the detail root is as far as Back goes")
        let collapsed = try navigator.apply([.setCompact(true)])
        XCTAssertEqual(collapsed.results, [.compactSet])
        XCTAssertEqual(collapsed.split, SplitForm(compact: true))
        XCTAssertFalse(try navigator.apply([.setCompact(true)]).changed)
        _ = try navigator.apply([.push(RouteRequest(name: "mail", params: [("id", .int(1))]))])
        XCTAssertEqual(try navigator.apply([.back()]).results, [.popped])
        let toSidebar = try navigator.apply([.back()])
        XCTAssertEqual(toSidebar.results, [.toSidebar])
        XCTAssertEqual(toSidebar.split, SplitForm(compact: true, sidebarShown: true))
        XCTAssertEqual(try navigator.apply([.back()]).results, [.nothing], "at the sidebar the shell may exit")
        let reselected = try navigator.apply([.select(RouteRequest(name: "inbox"))])
        XCTAssertEqual(reselected.results, [.selected], "choosing the selected item again shows the detail")
        XCTAssertFalse(navigator.split.sidebarShown)
        _ = try navigator.apply([.back()])
        _ = try navigator.apply([.push(RouteRequest(name: "mail", params: [("id", .int(2))]))])
        XCTAssertFalse(navigator.split.sidebarShown, "a change of the detail stack shows it")
        let expanded = try navigator.apply([.setCompact(false)])
        XCTAssertEqual(expanded.split, SplitForm())
    }

    func testChangesToAnEntryKeepTheSidebarShown() throws {
        var navigator = Navigator(table: try shellSplitTable())
        _ = try navigator.apply([.setCompact(true), .push(RouteRequest(name: "mail", params: [("id", .int(1))])), .pop(count: 1, result: .int(1)), .back()])
        XCTAssertEqual(navigator.split, SplitForm(compact: true, sidebarShown: true))
        XCTAssertEqual(navigator.entry(withID: 1)?.result, .int(1))
        let seq = navigator.seq
        let entryChanges: [[Action]] = [[.setBlocker(id: 1, reason: "Draft")], [.setBlocker(id: 1, reason: nil)],
                                        [.setEntryState(id: 1, state: .int(1))], [.takeResult(id: 1)]]
        for batch in entryChanges {
            let transition = try navigator.apply(batch)
            XCTAssertFalse(transition.changed, "\(batch)")
            XCTAssertNil(transition.split, "\(batch)")
            XCTAssertTrue(navigator.split.sidebarShown, "\(batch) keeps the sidebar shown")
        }
        XCTAssertEqual(navigator.seq, seq)
        let dismissed = try navigator.apply([.present(RouteRequest(name: "archive"), style: nil), .dismiss(all: false, result: .int(2))])
        XCTAssertEqual(dismissed.handed.map(\.to), [1])
        XCTAssertNil(dismissed.split, "a result held by the detail root does not change the detail stack")
        XCTAssertTrue(navigator.split.sidebarShown)
    }

    func testSetCompactNeedsASplitViewAndRollsBack() throws {
        var tabs = Navigator(table: try shellTabsTable())
        let error = thrownError { () throws(NavError) in try tabs.apply([.setCompact(true)]) }
        XCTAssertEqual(error?.kind, .action)
        XCTAssertEqual(error?.path, "actions[0]")
        var navigator = Navigator(table: try shellSplitTable())
        let before = navigator
        XCTAssertNotNil(thrownError { () throws(NavError) in try navigator.apply([.setCompact(true), .back(), .select(RouteRequest(name: "mail"))]) })
        XCTAssertEqual(navigator, before, "a failed batch puts the split form back")
    }

    func testCompactFormIsInSnapshotsAndRestores() throws {
        var navigator = Navigator(table: try shellSplitTable())
        _ = try navigator.apply([.setCompact(true), .back()])
        let snapshot = Snapshot(navigator)
        XCTAssertEqual(snapshot.split, SplitForm(compact: true, sidebarShown: true))
        var fresh = Navigator(table: try shellSplitTable())
        let (transition, report) = try fresh.restore(snapshot)
        XCTAssertTrue(report.isExact)
        XCTAssertEqual(transition.split, SplitForm(compact: true, sidebarShown: true))
        XCTAssertEqual(fresh.split, navigator.split)
        var tabs = Navigator(table: try shellTabsTable())
        var foreign = Snapshot(tabs)
        foreign.split = SplitForm(compact: true)
        XCTAssertEqual(try tabs.restore(foreign).report.notes, ["this table declares no split view: the compact form was ignored"])
    }

    func testABackThatRemovesNoScreenHandsNoResult() throws {
        var tabs = Navigator(table: try shellTabsTable())
        _ = try tabs.apply([.present(RouteRequest(name: "login"), style: nil)])
        let held = thrownError { () throws(NavError) in try tabs.apply([.back(result: .string("x"))]) }
        XCTAssertEqual(held?.kind, .action)
        XCTAssertEqual(held?.path, "actions[0].result")
        var split = Navigator(table: try shellSplitTable())
        _ = try split.apply([.setCompact(true)])
        let before = split
        let sidebar = thrownError { () throws(NavError) in try split.apply([.back(result: .string("x"))]) }
        XCTAssertEqual(sidebar?.message.contains("Back showed the sidebar"), true, sidebar?.message ?? "")
        XCTAssertEqual(split, before)
    }
}
