import Foundation
@testable import NavCore
@testable import NavCoreCheck
import XCTest

/// `navcore check` hands results with pop, back and dismiss and takes them
/// (docs/tools.md, "navcore check"; docs/blockers.md, "Results").
final class CheckResultTests: XCTestCase {
    private func step(_ action: Action) -> CheckStep { CheckStep(action: action, status: "ok") }

    func testTheSearchHandsAndTakesResultsAndEveryLawHolds() throws {
        let table = try decodeTable(#"{"navcore": 1, "root": "home", "routes": {"home": {}, "picker": {}}}"#)
        let result = Explorer(table: table, options: CheckOptions(depth: 3)).run()
        XCTAssertEqual(result.counterexamples.map(\.summary), [])
        // push picker, pop handing a result to home, take it: the take is a move of the state that holds one.
        let taken = [step(.push(RouteRequest(name: "picker"))), step(.pop(count: 1, result: ActionGenerator.result)),
                     step(.takeResult(id: 1))]
        XCTAssertEqual(Replayer(table: table, options: CheckOptions()).run(taken).counterexamples.map(\.summary), [])
    }

    func testAResultInsideAContainerGoesWithItsHolderWithoutBreakingNothingLostSilently() throws {
        // A result held by a tab's root inside "deals": a condition turning false takes "pay" and
        // the sheet above it away, and the transition reports the sheet's holder removed.
        let steps = [step(.push(RouteRequest(name: "pay"))), step(.setCondition(name: "onboarded", value: true)),
                     step(.present(RouteRequest(name: "deals"), style: nil)), step(.push(RouteRequest(name: "home"))),
                     step(.back(result: ActionGenerator.result)), step(.setCondition(name: "onboarded", value: false))]
        let replayed = Replayer(table: try vectorTable("held_tabs.json"), options: CheckOptions()).run(steps)
        XCTAssertEqual(replayed.counterexamples.map(\.summary), [])
        XCTAssertEqual(replayed.transitions, 6)
    }
}
