import XCTest
@testable import NavCore

/// `set_entry_state`: saved state travels with its entry, goes when the entry
/// is popped, is not a navigation change, and cannot break the limits.
final class SavedStateTests: XCTestCase {
    private let scroll = JSONValue.object([JSONValue.Member("scroll", .int(120)), JSONValue.Member("draft", .string("hi"))])

    func testStateAttachesToTheEntryWhereverItIs() throws {
        var navigator = Navigator(table: try tabsTable())
        _ = try navigator.apply([.push(product(1)), .selectTab("cart"), .present(RouteRequest(name: "login"), style: nil)])
        // Entry 4 is on the shop tab (not active), 1 is its root, 5 the layer's root.
        let transition = try navigator.apply([.setEntryState(id: 4, state: scroll), .setEntryState(id: 1, state: .int(1)),
                                              .setEntryState(id: 5, state: .bool(true))])
        XCTAssertEqual(transition.results, [.saved, .saved, .saved])
        XCTAssertFalse(transition.changed, "saved state is not a navigation change")
        XCTAssertEqual(transition.seq, 1)
        XCTAssertEqual(navigator.bases[0].path.first?.state, scroll)
        XCTAssertEqual(navigator.bases[0].root.state, .int(1))
        XCTAssertEqual(navigator.layers.first?.stack.root.state, .bool(true))
        XCTAssertEqual(transition.after.top.state, .bool(true), "the top shows its state")
    }

    func testNullOrNilRemovesTheStateAndPoppingDropsIt() throws {
        var navigator = Navigator(table: try shopTable())
        _ = try navigator.apply([.push(product(1)), .setEntryState(id: 2, state: scroll)])
        _ = try navigator.apply([.setEntryState(id: 2, state: .null)])
        XCTAssertNil(navigator.activeStack.top.state)
        _ = try navigator.apply([.setEntryState(id: 2, state: scroll), .pop(count: 1), .push(product(1))])
        XCTAssertEqual(navigator.activeStack.top.id, 3)
        XCTAssertNil(navigator.activeStack.top.state, "a new entry starts without state")
    }

    func testUnknownIdsAndStatesOverTheLimitsAreRefusedAtomically() throws {
        var navigator = Navigator(table: try shopTable())
        _ = try navigator.apply([.push(product(1)), .setEntryState(id: 2, state: scroll)])
        let before = navigator
        var deep = JSONValue.int(0)
        for _ in 0..<JSONValue.maxDepth { deep = .array([deep]) }
        XCTAssertNil(deep.limitViolation, "exactly the depth limit is fine")
        let cases: [(JSONValue, String)] = [
            (.array([deep]), "nested deeper than 32 levels"),
            (.string(String(repeating: "x", count: JSONValue.maxSize)), "size limit"),
            (.object([JSONValue.Member("a", .null), JSONValue.Member("a", .null)]), "duplicate key \"a\""),
            (.real(.nan), "finite"),
        ]
        for (state, message) in cases {
            let error = thrownError { () throws(NavError) in try navigator.apply([.pop(count: 1), .setEntryState(id: 1, state: state)]) }
            XCTAssertEqual(error?.kind, .action)
            XCTAssertEqual(error?.path, "actions[1].state")
            XCTAssertTrue(error?.detail.contains(message) ?? false, "\(String(describing: error))")
            XCTAssertEqual(navigator, before)
        }
        let missing = thrownError { () throws(NavError) in try navigator.apply([.setEntryState(id: 9, state: .null)]) }
        XCTAssertEqual(missing?.message, "actions[0].id: no entry with id 9 in any stack")
        XCTAssertEqual(missing?.kind, .noEntry)
        let rolledBack = thrownError { () throws(NavError) in
            try navigator.apply([.setEntryState(id: 2, state: .int(7)), .setEntryState(id: 1, state: .int(8)), .pop(count: 0)])
        }
        XCTAssertEqual(rolledBack?.kind, .action)
        XCTAssertEqual(navigator, before, "a failed batch puts the old states back")
    }

    func testTheLimitCheckWalksAnyDepthWithoutRecursion() {
        var deep = JSONValue.null
        for _ in 0..<5000 { deep = .array([deep]) }
        XCTAssertEqual(deep.limitViolation, "nested deeper than 32 levels")
    }
}
