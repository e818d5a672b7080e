import TestSupport
import XCTest
@testable import NavCore

/// A batch applied without describing it (what a push with a NULL
/// `transition_out` and no listener costs) commits exactly what the same batch
/// applied with its transition commits, and its outcome says what that
/// transition says: whether anything changed, the counter, every entry it
/// removed among those a cache may forget, and the announcement.
final class OutcomePropertyTests: XCTestCase {
    func testALeanBatchCommitsWhatADescribedOneDoes() throws {
        let run = SeededRun("OutcomePropertyTests.testALeanBatchCommitsWhatADescribedOneDoes", seed: 24, rounds: 60)
        var random = run.random
        var changes = 0, announced: Set<String> = []
        for round in 0..<run.rounds {
            var nav = Navigator(table: try everyOpTable())
            for step in 0..<40 {
                let ops = (0..<Int.random(in: 1...3, using: &random)).map { _ in ActionOp.allCases.randomElement(using: &random) ?? .back }
                let batch = ops.map { randomAction($0, &random, nav) }
                let (next, announcement) = OutcomeLaw.compare(batch, on: nav, "round \(round) step \(step)")
                if let announcement {
                    changes += 1
                    announced.insert(announcement.text(next).split(separator: " ").last.map(String.init) ?? "")
                }
                nav = next
            }
        }
        XCTAssertGreaterThan(changes, run.rounds * 10, "most batches change something")
        XCTAssertTrue(announced.contains("sheet") && announced.contains("tab"), "the walks present layers and select tabs: \(announced)")
    }

    func testALeanBatchOnASplitViewCommitsWhatADescribedOneDoes() throws {
        let run = SeededRun("OutcomePropertyTests.testALeanBatchOnASplitViewCommitsWhatADescribedOneDoes", seed: 25, rounds: 40)
        var random = run.random
        for round in 0..<run.rounds {
            var nav = Navigator(table: try shellSplitTable())
            for step in 0..<30 {
                let batch: [Action] = (0..<Int.random(in: 1...3, using: &random)).map { _ in
                    switch Int.random(in: 0..<7, using: &random) {
                    case 0: return .select(RouteRequest(name: Bool.random(using: &random) ? "inbox" : "archive"))
                    case 1: return .setCompact(Bool.random(using: &random))
                    case 2, 3: return .push(RouteRequest(name: "mail", params: [("id", .int(Int.random(in: 1...3, using: &random)))]))
                    case 4: return .back()
                    case 5: return .present(RouteRequest(name: "login"), style: nil)
                    default: return .dismiss(all: Bool.random(using: &random))
                    }
                }
                nav = OutcomeLaw.compare(batch, on: nav, "round \(round) step \(step)").0
            }
        }
    }

    /// A restore or replay adopted without its transition announces what the
    /// transition would: over generated pairs of states, an earlier state
    /// taken over again, or a later one.
    func testALeanAdoptionAnnouncesWhatItsTransitionSays() throws {
        let run = SeededRun("OutcomePropertyTests.testALeanAdoptionAnnouncesWhatItsTransitionSays", seed: 26, rounds: 40)
        var random = run.random
        var announced = 0, silent = 0
        for round in 0..<run.rounds {
            var nav = Navigator(table: try everyOpTable())
            var seen = [nav]
            for step in 0..<30 {
                let ops = (0..<Int.random(in: 1...3, using: &random)).map { _ in ActionOp.allCases.randomElement(using: &random) ?? .back }
                _ = try? nav.apply(ops.map { randomAction($0, &random, nav) })
                seen.append(nav)
                let other = seen.randomElement(using: &random) ?? nav
                let cause: Cause = Bool.random(using: &random) ? .restore : .replay
                let context = "round \(round) step \(step) \(cause)"
                let (described, announcement) = try OutcomeLaw.compareAdoption(of: other, into: nav, cause: cause, context)
                if announcement == nil { silent += 1 } else { announced += 1 }
                if Bool.random(using: &random) { nav = described }
            }
        }
        XCTAssertGreaterThan(announced, 0)
        XCTAssertGreaterThan(silent, 0, "some adoptions change nothing")
    }
}
