import TestSupport
import XCTest
@testable import NavCore

/// Record and replay: random action sequences, recorded into an action log,
/// replay on a fresh navigator to an equal state, ids and seq included.
final class ReplayTests: XCTestCase {
    /// A random batch of one to three actions over the tabs table, saved state, conditions and mistakes included.
    private func randomBatch(_ random: inout SplitMix64, in navigator: Navigator) -> [Action] {
        let routes = [product(Int.random(in: 0..<3, using: &random)), route("checkout"), route("login"), route("nope")]
        let states: [JSONValue?] = [nil, .int(Int.random(in: 0..<100, using: &random)),
                                    .object([JSONValue.Member("draft", .string("d")), JSONValue.Member("rows", .array([.real(1.5), .bool(true), .null]))])]
        return (0..<Int.random(in: 1...3, using: &random)).map { _ in
            let target = routes.randomElement(using: &random) ?? product(0)
            let tab = [nil, "shop", "cart"].randomElement(using: &random) ?? nil
            switch Int.random(in: 0..<10, using: &random) {
            case 0, 1: return .push(target, tab: tab, policy: PushPolicy.allCases.randomElement(using: &random))
            case 2: return .pop(count: Int.random(in: 1..<3, using: &random), tab: tab)
            case 3: return .selectTab(["shop", "cart", "settings"].randomElement(using: &random) ?? "shop")
            case 4: return .present(target, style: nil)
            case 5: return Bool.random(using: &random) ? .back() : .dismiss(all: Bool.random(using: &random))
            case 6: return .setStack([target], tab: tab)
            case 7: return .setCondition(name: ["signed_in", "onboarded", "nope"].randomElement(using: &random) ?? "nope",
                                         value: Bool.random(using: &random))
            default: return .setEntryState(id: Int.random(in: 0...navigator.nextID, using: &random),
                                           state: states.randomElement(using: &random) ?? nil)
            }
        }
    }

    /// Runs `steps` random changes (batches, and now and then a restore of an
    /// earlier state) on a navigator, recording them into a log of `capacity`.
    private func record(seed: UInt64, steps: Int, capacity: Int) throws -> (Navigator, ActionLog<Navigator>) {
        var random = SplitMix64(state: seed)
        var navigator = Navigator(table: try tabsTable(checkoutRestore: .never, conditions: [
            ConditionDeclaration(name: "signed_in"), ConditionDeclaration(name: "onboarded", initial: true)]))
        // Recording starts at a random moment, so the base may hold anything
        // (a checkout, which is never restored after a relaunch, included).
        for _ in 0..<Int.random(in: 0..<8, using: &random) {
            _ = try? navigator.apply(randomBatch(&random, in: navigator))
        }
        var log = ActionLog(base: navigator, capacity: capacity)
        var earlier = navigator
        for step in 0..<steps {
            if step % 17 == 16 {
                _ = try navigator.restore(Snapshot(earlier))
                log.append(.restore(navigator, seq: navigator.seq), after: navigator)
                continue
            }
            if step % 5 == 0 { earlier = navigator }
            let batch = randomBatch(&random, in: navigator)
            if (try? navigator.apply(batch)) != nil {
                log.append(.actions(batch, seq: navigator.seq), after: navigator)
            }
        }
        return (navigator, log)
    }

    func testReplayingARecordedLogGivesAnEqualState() throws {
        let run = SeededRun("ReplayTests.testReplayingARecordedLogGivesAnEqualState", seed: 1, rounds: 40)
        for round in 0..<UInt64(run.rounds) {
            let seed = run.seed &+ round
            let (navigator, log) = try record(seed: seed, steps: 60, capacity: ActionLog<Navigator>.defaultCapacity)
            let replayed = try Navigator.replaying(log.map(Snapshot.init), table: navigator.table)
            XCTAssertEqual(replayed, navigator, "seed \(seed)")
        }
    }

    func testAFullLogFoldsItsOlderHalfIntoTheBaseAndStillReplays() throws {
        let (navigator, log) = try record(seed: 99, steps: 300, capacity: 8)
        XCTAssertEqual(log.capacity, 8)
        XCTAssertLessThan(log.records.count, 8)
        XCTAssertGreaterThanOrEqual(log.records.count, 4)
        XCTAssertGreaterThan(log.folded, 0)
        XCTAssertEqual(try Navigator.replaying(log.map(Snapshot.init), table: navigator.table), navigator)
    }

    func testALogThatDoesNotReplayExactlyIsRefused() throws {
        var navigator = Navigator(table: try shopTable(version: 3))
        let base = Snapshot(navigator)
        _ = try navigator.apply([.push(product(1))])
        let table = navigator.table
        func failure(_ log: ActionLog<Snapshot>, on table: RouteTable) -> String? {
            let error = thrownError { () throws(NavError) in try Navigator.replaying(log, table: table) }
            XCTAssertEqual(error?.kind, .restore)
            return error?.message
        }
        XCTAssertEqual(failure(ActionLog(base: base, records: [.actions([.push(product(1))], seq: 2)]), on: table),
                       "batches[0].seq: recorded 2, replayed 1")
        XCTAssertEqual(failure(ActionLog(base: base, records: [.actions([.pop(count: 0)], seq: 1)]), on: table),
                       "batches[0]: actions[0].count: must be at least 1, got 0")
        XCTAssertEqual(failure(ActionLog(base: base), on: try shopTable(version: 2)),
                       "base: the log does not fit this route table: recorded with table version 3, this table is version 2")
        var lost = base
        lost.stacks[0].items[0].route = route("cart")
        lost.nextID = 5
        XCTAssertEqual(failure(ActionLog(base: base, records: [.restore(lost, seq: 0)]), on: table),
                       "batches[0].snapshot: the log does not fit this route table: entry 1 does not restore: the root of stack \"main\" must be the table's root route \"home\"")
        var other = base
        other.app = "other"
        XCTAssertEqual(failure(ActionLog(base: other), on: table)?.hasPrefix("base.app: a snapshot of app \"other\""), true)
    }
}

/// A log recorded while a route that is never restored is open replays exactly:
/// `never` is about relaunching, and a replay reproduces what was recorded.
final class NeverRouteReplayTests: XCTestCase {
    func testALogRecordedOnACheckoutScreenReplaysBeforeAndAfterItFolds() throws {
        var navigator = Navigator(table: try shopTable(version: 3))
        _ = try navigator.apply([.push(route("cart")), .push(route("checkout"))])
        var log = ActionLog(base: navigator, capacity: 4)
        for step in 0..<7 {
            let batch: [Action] = step % 2 == 0 ? [.push(route("order_confirmation", [("order", .int(step))]))] : [.pop(count: 1)]
            _ = try navigator.apply(batch)
            log.append(.actions(batch, seq: navigator.seq), after: navigator)
        }
        XCTAssertGreaterThan(log.folded, 0, "the log never folded")
        XCTAssertEqual(navigator.activeStack.entries.map(\.route.name), ["home", "cart", "checkout", "order_confirmation"])
        XCTAssertEqual(try Navigator.replaying(log.map(Snapshot.init), table: navigator.table), navigator)
        let unfolded = ActionLog(base: navigator, records: [])
        XCTAssertEqual(try Navigator.replaying(unfolded.map(Snapshot.init), table: navigator.table), navigator)
        // A restore still drops it: that is a relaunch.
        let restored = try Navigator.restoring(Snapshot(navigator), table: navigator.table).navigator
        XCTAssertEqual(restored.activeStack.entries.map(\.route.name), ["home", "cart"])
    }

    func testFoldingALogRebuildsTheBaseFromItsRecords() throws {
        var navigator = Navigator(table: try shopTable(version: 3))
        var log = ActionLog(base: navigator)
        for batch: [Action] in [[.push(route("cart"))], [.push(route("checkout"))], [.pop(count: 1)]] {
            _ = try navigator.apply(batch)
            log.append(.actions(batch, seq: navigator.seq), after: navigator)
        }
        let folded = try log.folding(2)
        XCTAssertEqual(folded.records.count, 1)
        XCTAssertEqual(folded.folded, 2)
        XCTAssertEqual(folded.base.activeStack.entries.map(\.route.name), ["home", "cart", "checkout"])
        XCTAssertEqual(try Navigator.replaying(folded.map(Snapshot.init), table: navigator.table), navigator)
        XCTAssertEqual(try log.folding(99).base, navigator)
    }
}
