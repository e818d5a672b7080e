import XCTest
@testable import NavCore

/// Counters read from input never overflow later: a snapshot or log counter is
/// refused above `Navigator.maxCounter`, and a change that would pass it fails
/// with `.limit` and changes nothing, on every later call.
final class CounterLimitTests: XCTestCase {
    /// A navigator restored from a snapshot of the shop with two entries and these counters.
    private func restored(seq: Int, nextID: Int) throws -> Navigator {
        var snapshot = shopSnapshot(version: 3, [route("home"), route("product", [("id", .int(1))])])
        snapshot.seq = seq
        snapshot.nextID = nextID
        return try Navigator.restoring(snapshot, table: try shopTable(version: 3)).navigator
    }

    func testTheLastChangeCounterValueIsReachedThenChangesFailWithLimit() throws {
        var navigator = try restored(seq: Navigator.maxCounter - 1, nextID: 3)
        XCTAssertEqual(try navigator.apply([.pop(count: 1)]).seq, Navigator.maxCounter)
        let before = navigator
        let error = thrownError { () throws(NavError) in try navigator.apply([.push(route("cart"))]) }
        XCTAssertEqual(error?.kind, .limit)
        XCTAssertEqual(error?.message, "seq: the change counter reached its maximum 9007199254740991")
        XCTAssertEqual(navigator, before)
        // A batch that changes nothing still succeeds, and reads stay possible.
        XCTAssertEqual(try navigator.apply([.pop(count: 1)]).changed, false)
        XCTAssertEqual(Snapshot(navigator).seq, Navigator.maxCounter)
    }

    func testExhaustedEntryIdsFailWithLimitNotInternal() throws {
        var navigator = try restored(seq: 0, nextID: Navigator.maxCounter)
        let before = navigator
        for batch: [Action] in [[.push(route("cart"))], [.present(route("cart"), style: nil)], [.setStack([route("cart")])],
                                [.replace(route("cart"))], [.pop(count: 1), .push(route("cart"))]] {
            let error = thrownError { () throws(NavError) in try navigator.apply(batch) }
            XCTAssertEqual(error?.kind, .limit, "\(batch)")
            XCTAssertEqual(error?.path.hasSuffix("next_id"), true, "\(batch)")
            XCTAssertEqual(navigator, before)
        }
        XCTAssertEqual(try navigator.apply([.pop(count: 1)]).results, [.popped])
    }

    func testALogWhoseBaseCounterIsAtItsMaximumReplaysToAnErrorNotATrap() throws {
        var base = shopSnapshot(version: 3, [route("home")])
        base.seq = Navigator.maxCounter
        let log = ActionLog(base: base, records: [.actions([.push(route("cart"))], seq: Navigator.maxCounter)])
        let error = thrownError { () throws(NavError) in try Navigator.replaying(log, table: try shopTable(version: 3)) }
        XCTAssertEqual(error?.kind, .restore)
        XCTAssertEqual(error?.message, "batches[0]: seq: the change counter reached its maximum 9007199254740991")
    }

    func testABatchHoldsAtMostTheActionLimit() throws {
        var navigator = Navigator(table: try shopTable(version: 3))
        let before = navigator
        let tooMany = [Action](repeating: .push(route("cart")), count: Navigator.maxBatchActions + 1)
        let error = thrownError { () throws(NavError) in try navigator.apply(tooMany) }
        XCTAssertEqual(error?.kind, .limit)
        XCTAssertEqual(error?.message, "actions: a batch holds at most 1024 actions, got 1025")
        XCTAssertEqual(navigator, before)
        XCTAssertEqual(try navigator.apply(Array(tooMany.dropLast())).results.count, Navigator.maxBatchActions)
    }

    func testAFoldedCountSaturatesAtTheCounterLimit() {
        let log = ActionLog(base: 0, records: [], folded: Int.max)
        XCTAssertEqual(log.folded, Navigator.maxCounter)
    }
}
