import Foundation
import NavCore
import NavCoreCheck
import NavCoreSession
import TestSupport
import XCTest

/// `navcore check` over the engine (docs/tools.md, "navcore check"): the
/// search's counts and bounds, a table's own invariant that fails and its
/// shortest counterexample, and its replay.
/// The table of `Tests/vectors/tables/<name>`, for the checker's tests.
func vectorTable(_ name: String) throws -> RouteTable {
    try decodeTable(String(contentsOf: VectorSession.folder.appendingPathComponent("tables/\(name)"), encoding: .utf8))
}

final class CheckTests: XCTestCase {
    func testShopTableHoldsEveryLawToDepthTwo() throws {
        let result = Explorer(table: try vectorTable("shop.json"), options: CheckOptions(depth: 2)).run()
        XCTAssertEqual(result.counterexamples.map(\.summary), [])
        XCTAssertEqual(result.bound, .depth)
        XCTAssertEqual(result.depth, 2)
        XCTAssertGreaterThan(result.states, 20)
        XCTAssertGreaterThan(result.transitions, result.states)
        XCTAssertEqual(result.laws.first, "failed_action_changes_nothing")
    }

    func testStatesBoundStopsTheSearch() throws {
        let result = Explorer(table: try vectorTable("shop.json"), options: CheckOptions(depth: 6, states: 7)).run()
        XCTAssertEqual(result.bound, .states)
        XCTAssertEqual(result.states, 7)
    }

    func testStackDepthPrunesDeeperStacks() throws {
        let result = Explorer(table: try vectorTable("minimal.json"), options: CheckOptions(depth: 5, stackDepth: 2)).run()
        XCTAssertGreaterThan(result.prunedByStackDepth, 0)
    }

    func testOwnInvariantFailsWithTheShortestCounterexample() throws {
        let invariant = RouteInvariant(name: "checkout_after_product", route: "checkout", under: "product")
        let result = Explorer(table: try vectorTable("shop.json"), options: CheckOptions(depth: 2, invariants: [invariant])).run()
        let found = try XCTUnwrap(result.counterexamples.first { $0.law == "checkout_after_product" })
        XCTAssertEqual(found.steps.map(\.action), [.push(RouteRequest(name: "checkout"))])
        XCTAssertEqual(found.summary,
                       "checkout_after_product: an entry of \"checkout\" on stack \"main\" has no \"product\" below it (after 1 action)")
    }

    func testReplayReproducesTheCounterexample() throws {
        let shop = try vectorTable("shop.json")
        let invariant = RouteInvariant(name: "no_settings", route: "settings", under: nil)
        let options = CheckOptions(invariants: [invariant])
        let steps = [CheckStep(action: .push(RouteRequest(name: "settings")), status: "ok"),
                     CheckStep(action: .pop(count: 1), status: "ok")]
        let replayed = Replayer(table: shop, options: options).run(steps)
        XCTAssertEqual(replayed.counterexamples.map(\.law), ["no_settings"])
        XCTAssertEqual(replayed.counterexamples.first?.steps.count, 1)
    }

    func testReplayReportsAStepWhoseStatusDiffers() throws {
        let steps = [CheckStep(action: .push(RouteRequest(name: "nowhere")), status: "ok")]
        let replayed = Replayer(table: try vectorTable("shop.json"), options: CheckOptions()).run(steps)
        XCTAssertEqual(replayed.counterexamples.map(\.law), ["replay_status"])
        XCTAssertTrue(replayed.counterexamples[0].message.contains("returned NAVCORE_EROUTE"), replayed.counterexamples[0].message)
    }

    func testEveryVectorTableHoldsEveryLawToDepthTwo() throws {
        let directory = VectorSession.folder.appendingPathComponent("tables")
        for name in try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() where name.hasSuffix(".json") {
            let result = Explorer(table: try vectorTable(name), options: CheckOptions(depth: 2, states: 1_000)).run()
            XCTAssertEqual(result.counterexamples.map(\.summary), [], name)
        }
    }

    /// What `make fuzz` runs deeper (docs/tools.md, "navcore check"): on every
    /// vector table, random walks past the exhaustive depth from the run's
    /// seed, and under `make fuzz` (a scale above 1) twenty times as many
    /// walks and the search to depth 3.
    func testRandomWalksOnEveryVectorTableFindNothing() throws {
        let run = SeededRun("CheckTests.testRandomWalksOnEveryVectorTableFindNothing", seed: 40, rounds: 2)
        let directory = VectorSession.folder.appendingPathComponent("tables")
        var transitions = 0
        for name in try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() where name.hasSuffix(".json") {
            let table = try vectorTable(name)
            var result = CheckResult()
            Walker(table: table, options: CheckOptions(walk: run.rounds, walkLength: 32)).run(seed: run.seed, into: &result)
            XCTAssertEqual(result.counterexamples.map(\.summary), [], "\(name), seed \(run.seed)")
            transitions += result.walk?.transitions ?? 0
            guard run.rounds > 2 else { continue }
            let deeper = Explorer(table: table, options: CheckOptions(depth: 3, states: 5_000)).run()
            XCTAssertEqual(deeper.counterexamples.map(\.summary), [], "\(name) to depth 3")
        }
        XCTAssertGreaterThan(transitions, run.rounds * 32, "the walks ran")
    }

    func testWalksOnASoundTableFindNothingAndDependOnlyOnTheSeed() throws {
        let shop = try vectorTable("shop.json")
        var first = CheckResult()
        Walker(table: shop, options: CheckOptions(walk: 5, walkLength: 40)).run(seed: 11, into: &first)
        XCTAssertEqual(first.counterexamples.map(\.summary), [])
        XCTAssertEqual(first.walk?.walks, 5)
        XCTAssertEqual(first.walk?.transitions, 200)
        XCTAssertEqual(Walker.seed(CheckOptions(seed: 42)), 42)
        XCTAssertLessThan(Walker.seed(CheckOptions()), 1 << 53)
    }
}
