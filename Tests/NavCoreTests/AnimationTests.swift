import TestSupport
import XCTest
@testable import NavCore

/// The step plan of a change (docs/shells.md, "Animating a change"): the
/// batch's net change to what existed before it, the kind of each step, and
/// a change that touches no part.
final class AnimationTests: XCTestCase {
    /// The plan of `actions` applied to `nav` without its transition, as a commit keeps it.
    private func plan(_ nav: inout Navigator, _ actions: [Action]) throws -> Animation? {
        let (outcome, _) = try nav.apply(actions, describing: false) { _ in () }
        return outcome.lastChange.map(nav.animation(of:))
    }

    func testAPlanIsTheNetChangeNotTheActions() throws {
        var nav = Navigator(table: try shopTable())
        let pushed = try XCTUnwrap(plan(&nav, [.push(product(1)), .replace(product(2))]))
        XCTAssertEqual(pushed.seq, 1)
        XCTAssertEqual(pushed.steps.map(\.kind), [.push], "a push then a replace of it is one push")
        guard case .stack("main", 0, let entries, false) = pushed.steps[0] else { return XCTFail("\(pushed.steps)") }
        XCTAssertEqual(entries.map(\.title), ["Product 2"])
        XCTAssertNil(try plan(&nav, [.push(product(3)), .pop(count: 1)]), "a batch that changes nothing keeps no plan")
    }

    func testAMovedEntryIsAReplaceFromWhereTheStacksPart() throws {
        var nav = Navigator(table: try shopTable())
        _ = try nav.apply([.push(product(1)), .push(product(2)), .push(product(3))])
        let moved = try XCTUnwrap(plan(&nav, [.push(product(1), policy: .bringToFront)]))
        guard case .stack("main", let popped, let entries, false) = moved.steps.first else { return XCTFail("\(moved.steps)") }
        XCTAssertEqual(moved.steps.map(\.kind), [.replace])
        XCTAssertEqual(popped, 3)
        XCTAssertEqual(entries.map(\.title), ["Product 2", "Product 3", "Product 1"])
    }

    func testAConditionSetIsAChangeWithNoStep() throws {
        var nav = Navigator(table: try tabsTable(conditions: [ConditionDeclaration(name: "signed_in")]))
        let set = try XCTUnwrap(plan(&nav, [.setCondition(name: "signed_in", value: true)]))
        XCTAssertEqual(set.seq, 1)
        XCTAssertEqual(set.steps, [])
    }

    func testTheViewModelCarriesThePlanOnlyWhenGivenTheChange() throws {
        var nav = Navigator(table: try tabsTable())
        let (outcome, _) = try nav.apply([.present(RouteRequest(name: "login"), style: "sheet"), .selectTab("cart")], describing: false) { _ in () }
        XCTAssertNil(nav.viewModel(announcing: outcome.announcement(in: nav)).animation)
        let model = nav.viewModel(announcing: outcome.announcement(in: nav), animating: outcome.lastChange)
        XCTAssertEqual(model.animation?.steps.map(\.kind), [.tab, .present])
        XCTAssertEqual(model.animation?.steps.map(\.name), ["cart", "layer:4"])
    }

    func testASelectionThenBackToTheSidebarEndsOnTheSidebar() throws {
        var nav = Navigator(table: try shellSplitTable())
        _ = try nav.apply([.setCompact(true), .back(result: nil)])
        XCTAssertEqual(nav.split, SplitForm(compact: true, sidebarShown: true))
        let planned = try XCTUnwrap(plan(&nav, [.select(RouteRequest(name: "archive")), .back(result: nil)]))
        XCTAssertEqual(planned.steps.map(\.kind), [.detail, .sidebar],
                       "the detail step shows the detail column, so the one column's return to the sidebar is a step")
        XCTAssertEqual(planned.steps.last, .sidebar("detail", SplitForm(compact: true, sidebarShown: true)))
    }
}
