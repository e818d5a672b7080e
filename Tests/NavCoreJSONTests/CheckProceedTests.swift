import CJansson
import Foundation
@testable import NavCore
@testable import NavCoreCheck
import NavCoreJSON
import NavCoreSession
import TestSupport
import XCTest

/// `navcore check` marks the active stack's top with a blocker and proceeds
/// past the batch a blocker held back, as a session does (docs/tools.md,
/// "navcore check"; docs/blockers.md, "Tokens").
final class CheckProceedTests: XCTestCase {
    private static let table = #"{"navcore": 1, "root": "home", "routes": {"home": {}, "editor": {}}}"#

    /// A fault on a pop that removed a blocking entry, which only a proceed
    /// can: it also marks the root with a reason of its own, a state only
    /// this path reaches, which the log does not replay.
    private static let pastABlocker = Fault { before, after, action, failed in
        if !failed, action.op == .pop, let top = before.activeStack.entries.last, top.blocker != nil, after.entry(withID: top.id) == nil {
            _ = try? after.apply([.setBlocker(id: 1, reason: "Planted")])
        }
    }

    private static let editorMarked: [CheckStep] = [
        CheckStep(action: .push(RouteRequest(name: "editor")), status: "ok"),
        CheckStep(action: .setBlocker(id: 2, reason: ActionGenerator.blockerReason), status: "ok"),
        CheckStep(action: .pop(count: 1), status: "NAVCORE_EBLOCKED"),
    ]

    func testTheShortestPathPastABlockerEndsInAProceed() throws {
        let table = try decodeTable(Self.table)
        var explorer = Explorer(table: table, options: CheckOptions(depth: 4))
        explorer.fault = Self.pastABlocker
        let found = try XCTUnwrap(explorer.run().counterexamples.first { $0.law == "log_replays" })
        XCTAssertEqual(found.steps, Self.editorMarked + [CheckStep(.proceed, status: "ok")], found.summary)
        var replayer = Replayer(table: table, options: CheckOptions())
        replayer.fault = Self.pastABlocker
        XCTAssertEqual(replayer.run(found.steps).counterexamples.first { $0.law == "log_replays" }?.steps, found.steps)
    }

    func testWithoutAFaultTheSearchProceedsAndEveryLawHolds() throws {
        let result = Explorer(table: try decodeTable(Self.table), options: CheckOptions(depth: 4)).run()
        XCTAssertEqual(result.counterexamples.map(\.summary), [])
        XCTAssertEqual(Replayer(table: try decodeTable(Self.table), options: CheckOptions())
            .run(Self.editorMarked + [CheckStep(.proceed, status: "ok")]).counterexamples.map(\.summary), [])
    }

    func testAProceedWhoseBatchChangedOrThatFollowsNoBlockEndsWithENOENTRY() throws {
        let table = try decodeTable(Self.table)
        // The batch pops "editor"; after a push on top of it, it would pop another entry.
        let changed = Self.editorMarked + [CheckStep(action: .push(RouteRequest(name: "home")), status: "ok"),
                                           CheckStep(.proceed, status: "NAVCORE_ENOENTRY"),
                                           CheckStep(.proceed, status: "NAVCORE_ENOENTRY")]
        XCTAssertEqual(Replayer(table: table, options: CheckOptions()).run(changed).counterexamples.map(\.summary), [])
        let none = [CheckStep(.proceed, status: "ok")]
        let found = Replayer(table: table, options: CheckOptions()).run(none).counterexamples
        XCTAssertEqual(found.map(\.law), ["replay_status"])
        XCTAssertTrue(found.first?.message.contains("returned NAVCORE_ENOENTRY") == true, found.first?.message ?? "")
    }

    func testTheVectorOfACounterexampleProceedsAndExpectsWhyNotTheToken() throws {
        let tableNode = try JSONNode.parse(Self.table)
        defer { tableNode.release() }
        let steps = Self.editorMarked + [CheckStep(action: .push(RouteRequest(name: "home")), status: "ok"),
                                         CheckStep(.proceed, status: "NAVCORE_ENOENTRY")]
        let counterexample = Counterexample(law: "example", message: "", steps: steps)
        let vector = try CounterexampleVector.node(counterexample, table: try decodeTable(Self.table), tableNode: tableNode)
        defer { vector.release() }
        let written = json_array_get(json_object_get(vector, "steps"), 4)
        XCTAssertEqual(json_object_get(written, "proceed").map { cjansson_typeof($0) }, JSON_TRUE)
        XCTAssertNil(json_object_get(written, "apply"))
        let message = String(cString: json_string_value(json_object_get(json_object_get(written, "expect"), "message")))
        XCTAssertTrue(message.hasPrefix("the state it would change has changed since: it now differs in"), message)
    }
}
