import XCTest
@testable import NavCore

/// Each action on one stack, ids, atomic batches and transitions.
final class NavigatorTests: XCTestCase {
    private func navigator(pushing ids: [Int] = []) throws(NavError) -> Navigator {
        var navigator = Navigator(table: try shopTable())
        if !ids.isEmpty { _ = try navigator.apply(ids.map { .push(product($0)) }) }
        return navigator
    }

    func testNewNavigatorHoldsTheRootWithIdOne() throws {
        let navigator = try navigator()
        XCTAssertEqual(ids(navigator), [1])
        XCTAssertEqual(navigator.activeStack.top.title, "Home")
        XCTAssertEqual(navigator.nextID, 2)
        XCTAssertEqual(navigator.seq, 0)
    }

    func testPushAddsEntriesWithIncreasingIdsAndReportsThem() throws {
        var navigator = try navigator()
        let transition = try navigator.apply([.push(product(42)), .push(category("shoes"))])
        XCTAssertEqual(ids(navigator), [1, 2, 3])
        XCTAssertEqual(transition.changes.first?.added.map(\.title), ["Product 42", "shoes"])
        XCTAssertEqual(transition.changes.first?.removed, [])
        XCTAssertEqual(transition.before.top.id, 1)
        XCTAssertEqual(transition.after.top.title, "shoes")
        XCTAssertEqual(transition.cause, .actions(ops: [.push, .push]))
        XCTAssertEqual(transition.seq, 1)
    }

    func testIdsAreNeverReused() throws {
        var navigator = try navigator(pushing: [1])
        _ = try navigator.apply([.pop(count: 1), .push(product(2))])
        XCTAssertEqual(ids(navigator), [1, 3])
    }

    func testPopClampsAtTheRootAndAtRootChangesNothing() throws {
        var navigator = try navigator(pushing: [1, 2])
        let clamped = try navigator.apply([.pop(count: 5)])
        XCTAssertEqual(ids(navigator), [1])
        XCTAssertEqual(clamped.changes.first?.removed, [2, 3])
        let atRoot = try navigator.apply([.pop(count: 1)])
        XCTAssertFalse(atRoot.changed)
        XCTAssertEqual(atRoot.seq, clamped.seq)
        XCTAssertEqual(thrownError { () throws(NavError) in try navigator.apply([.pop(count: 0)]) }?.kind, .action)
        XCTAssertEqual(thrownError { () throws(NavError) in try navigator.apply([.pop(count: Int.min)]) }?.kind, .action)
    }

    func testPopToIdNameInclusiveAndRoot() throws {
        var navigator = try navigator(pushing: [1, 2, 3])
        _ = try navigator.apply([.popTo(.id(3), inclusive: false)])
        XCTAssertEqual(ids(navigator), [1, 2, 3])
        _ = try navigator.apply([.popTo(.id(3), inclusive: true)])
        XCTAssertEqual(ids(navigator), [1, 2])
        _ = try navigator.apply([.push(category("a")), .push(product(9)), .popTo(.name("product"), inclusive: false)])
        XCTAssertEqual(ids(navigator), [1, 2, 5, 6])
        _ = try navigator.apply([.popTo(.name("product"), inclusive: true)])
        XCTAssertEqual(ids(navigator), [1, 2, 5])
        _ = try navigator.apply([.popTo(.id(1), inclusive: true)])
        XCTAssertEqual(ids(navigator), [1])
        _ = try navigator.apply([.push(product(1)), .popTo(.name("home"), inclusive: false)])
        XCTAssertEqual(ids(navigator), [1])
    }

    func testPopToErrors() throws {
        var navigator = try navigator(pushing: [1])
        let stale = thrownError { () throws(NavError) in try navigator.apply([.popTo(.id(99), inclusive: false)]) }
        XCTAssertEqual(stale?.kind, .noEntry)
        XCTAssertEqual(stale?.message, "actions[0].id: no entry with id 99 on stack \"main\"")
        let absent = thrownError { () throws(NavError) in try navigator.apply([.popTo(.name("checkout"), inclusive: false)]) }
        XCTAssertEqual(absent?.kind, .noEntry)
        let unknown = thrownError { () throws(NavError) in try navigator.apply([.popTo(.name("nope"), inclusive: false)]) }
        XCTAssertEqual(unknown?.kind, .route)
    }

    func testReplaceSwapsTheTopAndRefusesAnEmptyPath() throws {
        var navigator = try navigator(pushing: [1])
        let transition = try navigator.apply([.replace(product(2))])
        XCTAssertEqual(ids(navigator), [1, 3])
        XCTAssertEqual(transition.changes.first?.removed, [2])
        var empty = try self.navigator()
        let error = thrownError { () throws(NavError) in try empty.apply([.replace(product(2))]) }
        XCTAssertEqual(error?.kind, .noEntry)
        XCTAssertEqual(ids(empty), [1])
        XCTAssertEqual(empty.nextID, 2)
    }

    func testSetStackKeepsTheEqualPrefix() throws {
        var navigator = try navigator()
        _ = try navigator.apply([.push(category("shoes")), .push(product(42))])
        let transition = try navigator.apply([.setStack([category("shoes"), product(7)])])
        XCTAssertEqual(ids(navigator), [1, 2, 4])
        XCTAssertEqual(transition.changes.first?.removed, [3])
        XCTAssertEqual(transition.changes.first?.added.map(\.id), [4])
        let same = try navigator.apply([.setStack([category("shoes"), product(7)])])
        XCTAssertFalse(same.changed)
        _ = try navigator.apply([.setStack([])])
        XCTAssertEqual(ids(navigator), [1])
    }

    func testFailedBatchChangesNothingAndNamesTheAction() throws {
        var navigator = try navigator(pushing: [1, 2])
        let before = navigator
        let error = thrownError { () throws(NavError) in
            try navigator.apply([.pop(count: 2), .push(product(3)), .push(RouteRequest(name: "prodcut"))])
        }
        XCTAssertEqual(error?.kind, .route)
        XCTAssertTrue(error?.message.hasPrefix("actions[2].route.name: unknown route \"prodcut\"") ?? false)
        XCTAssertEqual(navigator, before)
    }

    func testNetDiffOfABatchThatPopsThenPushesTheSameDepth() throws {
        var navigator = try navigator(pushing: [1])
        let transition = try navigator.apply([.pop(count: 1), .push(product(1))])
        XCTAssertEqual(transition.changes.first?.removed, [2])
        XCTAssertEqual(transition.changes.first?.added.map(\.id), [3])
        let noop = try navigator.apply([.push(product(5)), .pop(count: 1)])
        XCTAssertFalse(noop.changed)
        XCTAssertEqual(noop.changes, [])
    }

    func testDeepStackRollbackIsExact() throws {
        var navigator = try navigator()
        _ = try navigator.apply([.setStack((0..<10_000).map { product($0) })])
        let before = navigator
        XCTAssertNotNil(thrownError { () throws(NavError) in try navigator.apply([.push(product(1)), .pop(count: 3), .replace(RouteRequest(name: "x"))]) })
        XCTAssertEqual(navigator, before)
    }

    func testAFailedBatchPutsTheSelectionConditionsAndLocaleBackAsOneValue() throws {
        var navigator = Navigator(table: try everyOpTable())
        _ = try navigator.apply([.push(product(1))])
        let before = navigator
        let changes: [Action] = [.selectTab("cart"), .setCondition(name: "onboarded", value: false), .setLocale("vi")]
        var applied = navigator
        _ = try applied.apply(changes)
        XCTAssertEqual(applied.selectedTab, "cart")
        XCTAssertEqual(applied.tabHistory, [0])
        XCTAssertEqual(applied.conditions, [true, false])
        XCTAssertEqual(applied.locale, "vi")
        XCTAssertEqual(applied.bases[0].root.title, "Nhà")
        XCTAssertNotNil(thrownError { () throws(NavError) in try navigator.apply(changes + [.push(RouteRequest(name: "nowhere"))]) })
        XCTAssertEqual(navigator.globals, before.globals)
        XCTAssertEqual(navigator, before)
        XCTAssertEqual(navigator.bases[0].root.title, before.bases[0].root.title)
    }

    func testAFinishThatFailsUndoesTheWholeBatch() throws {
        var navigator = Navigator(table: try tabsTable())
        _ = try navigator.apply([.push(product(1)), .present(product(2), style: nil)])
        let before = navigator
        let batches: [[Action]] = [[.push(product(3))], [.dismiss(all: true), .present(product(4), style: "cover")],
                                   [.setEntryState(id: 4, state: .int(1))], [.push(product(5)), .pop(count: 1)],
                                   [.selectTab("cart"), .resetAll]]
        for batch in batches {
            var seen: Transition?
            let error = thrownError { () throws(NavError) in
                try navigator.apply(batch) { (transition) throws(NavError) -> Int in
                    seen = transition
                    throw NavError(.outOfMemory, "out of memory while writing JSON")
                }
            }
            XCTAssertEqual(error?.kind, .outOfMemory, "\(batch)")
            XCTAssertNotNil(seen, "finish never ran for \(batch)")
            XCTAssertEqual(navigator, before, "\(batch)")
        }
        let finished = try navigator.apply([.push(product(3))]) { (transition) throws(NavError) in transition.seq }
        XCTAssertEqual(finished.finished, before.seq + 1)
        XCTAssertEqual(navigator.seq, before.seq + 1)
    }
}
