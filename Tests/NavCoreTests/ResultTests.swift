import TestSupport
import XCTest
@testable import NavCore

/// Results between screens (docs/blockers.md#results): a pop, back or
/// dismiss hands a value to the screen it reveals, which holds it until taken
/// (once), through snapshots and replays.
final class ResultTests: XCTestCase {
    private func picker() throws -> Navigator {
        var nav = Navigator(table: try shopTable())
        _ = try nav.apply([.push(product(1)), .push(product(2))])
        return nav
    }

    func testPopHandsTheResultToTheEntryItReveals() throws {
        var nav = try picker()
        let transition = try nav.apply([.pop(count: 1, result: .string("blue"))])
        XCTAssertEqual(transition.handed, [HandedResult(from: 3, to: 2, value: .string("blue"))])
        XCTAssertEqual(nav.activeStack.top.result, .string("blue"))
        let taken = try nav.apply([.takeResult(id: 2)])
        XCTAssertEqual(taken.results, [.resultTaken])
        XCTAssertFalse(taken.changed)
        XCTAssertNil(nav.activeStack.top.result)
        XCTAssertEqual(thrownError { () throws(NavError) in try nav.apply([.takeResult(id: 2)]) }?.message,
                       "actions[0].id: entry 2 holds no result", "a result is taken once")
    }

    func testDismissAndBackHandTheResultToThePresenter() throws {
        var nav = try picker()
        _ = try nav.apply([.present(RouteRequest(name: "home"), style: nil)])
        let dismissed = try nav.apply([.dismiss(all: false, result: .int(42))])
        XCTAssertEqual(dismissed.handed.first?.to, 3)
        XCTAssertEqual(nav.activeStack.top.result, .int(42))
        _ = try nav.apply([.present(RouteRequest(name: "home"), style: nil)])
        _ = try nav.apply([.back(result: .int(7))])
        XCTAssertEqual(nav.activeStack.top.result, .int(7), "a newer result replaces the one held")
    }

    func testAResultWithNoReceiverIsRefused() throws {
        var nav = Navigator(table: try shopTable())
        let before = nav
        XCTAssertEqual(thrownError { () throws(NavError) in try nav.apply([.pop(count: 1, result: .null)]) }, nil,
                       "null is no result: a plain pop")
        XCTAssertEqual(thrownError { () throws(NavError) in try nav.apply([.back(result: .int(1))]) }?.message,
                       "actions[0].result: no screen receives the result: no screen went away")
        XCTAssertEqual(nav, before)
    }

    func testAResultHandedToAnEntryTheBatchThenRemovesIsRefused() throws {
        var nav = try picker()
        let before = nav
        let popped = thrownError { () throws(NavError) in try nav.apply([.pop(count: 1, result: .string("blue")), .pop(count: 1)]) }
        XCTAssertEqual(popped?.kind, .action)
        XCTAssertEqual(popped?.path, "actions[0].result")
        XCTAssertEqual(popped?.message,
                       "actions[0].result: no screen receives the result: entry 2 (\"Product 1\") received it, but a later action of the batch removed it")
        let dismissed = thrownError { () throws(NavError) in
            try nav.apply([.push(product(3)), .present(RouteRequest(name: "home"), style: nil), .dismiss(all: false, result: .int(1)), .setStack([])])
        }
        XCTAssertEqual(dismissed?.path, "actions[2].result", "the result went to product 3, which set_stack removed")
        XCTAssertEqual(nav, before)
        let kept = try nav.apply([.pop(count: 1, result: .int(7)), .push(product(5))])
        XCTAssertEqual(kept.handed.map(\.to), [2], "a receiver covered by a later push still holds it")
        XCTAssertEqual(nav.entry(withID: 2)?.result, .int(7))
    }

    func testAResultHandedInABatchThatMovesNoStackIsAChange() throws {
        var nav = try picker()
        let seq = nav.seq
        let transition = try nav.apply([.push(product(9)), .pop(count: 1, result: .string("red"))])
        XCTAssertEqual(transition.changes, [], "the picker came and went")
        XCTAssertEqual(transition.handed, [HandedResult(from: 4, to: 3, value: .string("red"))], "the transition says what the state says")
        XCTAssertTrue(transition.changed)
        XCTAssertEqual(transition.seq, seq + 1)
        XCTAssertEqual(nav.seq, seq + 1)
        XCTAssertEqual(nav.activeStack.top.result, .string("red"))
    }

    /// Every result each entry holds, by id.
    private func results(_ nav: Navigator) -> [Int: JSONValue] {
        var found: [Int: JSONValue] = [:]
        for entry in nav.bases.flatMap(\.entries) + nav.layers.flatMap(\.stack.entries) { found[entry.id] = entry.result }
        return found
    }

    /// A random action that hands, takes, adds or removes.
    private func randomAction(_ random: inout SplitMix64, _ nav: Navigator) -> Action {
        let value: JSONValue? = Bool.random(using: &random) ? .int(Int.random(in: 1...9, using: &random)) : nil
        switch Int.random(in: 0..<8, using: &random) {
        case 0: return .push(product(Int.random(in: 1...3, using: &random)))
        case 1: return .present(RouteRequest(name: "home"), style: nil)
        case 2: return .pop(count: Int.random(in: 1...2, using: &random), result: value)
        case 3: return .back(result: value)
        case 4: return .dismiss(all: false, result: value)
        case 5: return .takeResult(id: Int.random(in: 1..<nav.nextID + 2, using: &random))
        case 6: return .setStack([product(1)])
        default: return .popToRoot()
        }
    }

    func testTheTransitionSaysWhichResultsTheStateHolds() throws {
        let run = SeededRun("ResultTests.testTheTransitionSaysWhichResultsTheStateHolds", seed: 94, rounds: 60)
        var random = run.random
        var handedCount = 0, refused = 0
        for round in 0..<run.rounds {
            var nav = try picker()
            for step in 0..<25 {
                let batch = (0..<Int.random(in: 1...4, using: &random)).map { _ in randomAction(&random, nav) }
                let before = nav
                let context = "round \(round) step \(step): \(batch)"
                do {
                    let transition = try nav.apply(batch)
                    let held = results(nav)
                    for (id, value) in held where results(before)[id] != value {
                        XCTAssertEqual(transition.handed.last { $0.to == id }?.value, value, "\(context): entry \(id) holds an unannounced result")
                    }
                    for handed in transition.handed {
                        XCTAssertNotNil(nav.entry(withID: handed.to), "\(context): entry \(handed.to) was handed a result and removed")
                    }
                    XCTAssertEqual(transition.changed, transition.seq == before.seq + 1, context)
                    if !transition.handed.isEmpty { XCTAssertTrue(transition.changed, context) }
                    XCTAssertEqual(nav.seq, transition.seq, context)
                    handedCount += transition.handed.count
                } catch {
                    XCTAssertEqual(nav, before, "\(context) failed and changed something")
                    if error.path.hasSuffix(".result") { refused += 1 }
                }
            }
        }
        XCTAssertGreaterThan(handedCount, 50)
        XCTAssertGreaterThan(refused, 10)
    }

    func testTheResultSurvivesSnapshotAndRestore() throws {
        var nav = try picker()
        _ = try nav.apply([.pop(count: 1, result: .object([JSONValue.Member("color", .string("blue"))]))])
        var restored = Navigator(table: nav.table)
        _ = try restored.restore(Snapshot(nav))
        XCTAssertEqual(restored.activeStack.top.result, nav.activeStack.top.result)
    }
}
