import Foundation
@testable import NavCore
@testable import NavCoreCheck
import NavCoreSession
import XCTest

/// Each law of `navcore check` catches a violation planted in the engine's
/// answers (`Fault`), with the shortest counterexample, which the replay
/// under the same fault reproduces (docs/tools.md, "navcore check").
final class CheckFaultTests: XCTestCase {
    /// The counterexample of `law` the search finds under `fault`, after checking its replay finds it too.
    private func counterexample(_ law: String, table name: String, depth: Int, fault: Fault) throws -> Counterexample {
        let signin = try vectorTable(name)
        var explorer = Explorer(table: signin, options: CheckOptions(depth: depth, states: 3_000))
        explorer.fault = fault
        let found = try XCTUnwrap(explorer.run().counterexamples.first { $0.law == law })
        var replayer = Replayer(table: signin, options: CheckOptions())
        replayer.fault = fault
        let replayed = try XCTUnwrap(replayer.run(found.steps).counterexamples.first { $0.law == law })
        XCTAssertEqual(replayed.steps, found.steps)
        return found
    }

    func testASignOutThatLeavesTheProtectedScreenBreaksProtectedRoutes() throws {
        // Setting a condition false keeps every stack as it was: checkout stays, signed out.
        let fault = Fault { before, after, action, failed in
            if !failed, (action.unit as? Action.SetCondition)?.value == false {
                after.bases = before.bases
                after.layers = before.layers
            }
        }
        let found = try counterexample("protected_routes", table: "signin.json", depth: 3, fault: fault)
        XCTAssertEqual(found.steps.count, 3, found.summary)
        XCTAssertEqual(found.steps.last?.action, .setCondition(name: "signed_in", value: false))
        XCTAssertTrue(found.message.contains("\"checkout\""), found.message)
        XCTAssertTrue(found.message.contains("requires \"signed_in\", which is false"), found.message)
    }

    func testAFailedActionThatChangesTheStateBreaksTheLaw() throws {
        let fault = Fault { _, after, _, failed in
            if failed { after.seq += 1 }
        }
        let found = try counterexample("failed_action_changes_nothing", table: "signin.json", depth: 1, fault: fault)
        XCTAssertEqual(found.steps.count, 1, found.summary)
        XCTAssertNotEqual(found.steps.last?.status, "ok")
        XCTAssertTrue(found.summary.hasPrefix("failed_action_changes_nothing: "), found.summary)
    }

    func testALinkThatOpensNothingBreaksLinksLand() throws {
        let fault = Fault { before, after, action, failed in
            if !failed, action.op == .openURL { after = before }
        }
        let found = try counterexample("links_land", table: "signin.json", depth: 1, fault: fault)
        XCTAssertEqual(found.steps.map(\.action), [.openURL("shop://checkout", mode: nil)])
        XCTAssertEqual(found.message, "open_url of shop://checkout left no stack with \"checkout\" on top, and holds no intent")
    }
}
