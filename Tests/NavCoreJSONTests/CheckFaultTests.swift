import Foundation
@testable import NavCore
@testable import NavCoreCheck
import NavCoreSession
import XCTest

/// Each law of `navcore check` catches a violation planted in the engine's
/// answers (`Fault`), with the shortest counterexample, which the replay
/// under the same fault reproduces (docs/tools.md, "navcore check").
final class CheckFaultTests: XCTestCase {
    /// A planted change of a restored or replayed navigator: the active
    /// stack's top popped, when it has one above its root.
    @Sendable private static func popTop(_ navigator: inout Navigator) {
        if navigator.activeStack.entries.count > 1 { _ = try? navigator.apply([.pop(count: 1)]) }
    }

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
        // Setting a condition false keeps every base stack (the root container) as it was: checkout stays, signed out.
        let fault = Fault { before, after, action, failed in
            if !failed, (action.unit as? Action.SetCondition)?.value == false {
                var kept = before
                kept.takeConditions(after.conditions)
                after = kept
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
            if failed { after.storeCondition(0, !after.conditions[0]) }
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

    func testAViewModelWithoutItsTopLayerBreaksViewModelTop() throws {
        // The view model leaves out the top layer: a presentation is drawn as the stack below it.
        let fault = Fault(viewModel: { model in
            guard model.layers.count > 1 else { return }
            model = ViewModel(layers: Array(model.layers.dropLast()), tabs: model.tabs, sidebar: model.sidebar,
                              containers: model.containers, conditions: model.conditions, pending: model.pending,
                              announcement: model.announcement)
        })
        let found = try counterexample("view_model_top", table: "signin.json", depth: 2, fault: fault)
        XCTAssertEqual(found.steps.count, 1, found.summary)
        // The first action that puts a layer up: a push of checkout while signed out presents the sign-in flow.
        XCTAssertEqual(found.steps.map(\.action), [.push(RouteRequest(name: "checkout"))])
        XCTAssertEqual(found.message, "the view model's top is entry 1, the active stack's top is entry 4")
    }

    func testAnAnnouncementThatNamesTheRootBreaksAnnouncementNamesTop() throws {
        // Every change is announced as the active stack's root: a push announces the screen below.
        let fault = Fault(announcement: { text, navigator in text = navigator.activeStack.root.title })
        let found = try counterexample("announcement_names_top", table: "signin.json", depth: 2, fault: fault)
        XCTAssertEqual(found.steps.count, 1, found.summary)
        XCTAssertEqual(found.steps.last?.status, "ok")
        XCTAssertTrue(found.message.hasPrefix("the announcement \"Home\" does not name the active stack's top, "), found.message)
    }

    func testAnIntentDroppedWithoutAWordBreaksNothingLostSilently() throws {
        // Every action after the hold forgets the pending intent, and its transition says nothing.
        let fault = Fault { before, after, _, failed in
            if !failed, before.pending != nil { after.forgetIntent() }
        }
        let found = try counterexample("nothing_lost_silently", table: "signin.json", depth: 2, fault: fault)
        XCTAssertEqual(found.steps.count, 2, found.summary)
        // The first action holds the push of checkout behind the sign-in flow.
        XCTAssertEqual(found.steps.first?.action, .push(RouteRequest(name: "checkout")))
        XCTAssertEqual(found.message, "the pending intent waiting for \"signed_in\" is gone, and the transition says nothing of it")
    }

    func testAResultTakenWithoutAWordBreaksNothingLostSilently() throws {
        // A push takes away the result the root holds, as if the app had taken it, and says nothing.
        let fault = Fault { _, after, action, failed in
            guard !failed, action.op == .push, let holder = after.activeStack.entries.first(where: { $0.result != nil }) else { return }
            _ = try? after.apply([.takeResult(id: holder.id)])
        }
        let product = Action.push(RouteRequest(name: "product", params: [("id", .int(1))]))
        let steps = [product, .pop(count: 1, result: .string("blue")), product].map { CheckStep(action: $0, status: "ok") }
        var replayer = Replayer(table: try vectorTable("signin.json"), options: CheckOptions())
        replayer.fault = fault
        let found = try XCTUnwrap(replayer.run(steps).counterexamples.first { $0.law == "nothing_lost_silently" })
        XCTAssertEqual(found.steps, steps)
        XCTAssertEqual(found.message, "the result entry 1 (\"Home\") held is gone, and the transition says nothing of it")
        // Without the fault the result stays, and the law holds.
        XCTAssertEqual(Replayer(table: try vectorTable("signin.json"), options: CheckOptions()).run(steps).counterexamples, [])
    }

    func testABackThatDoesNothingBreaksBackProgress() throws {
        let fault = Fault { before, after, action, failed in
            if !failed, action.op == .back { after = before }
        }
        let found = try counterexample("back_progress", table: "signin.json", depth: 2, fault: fault)
        XCTAssertEqual(found.steps.count, 1, found.summary)
        XCTAssertEqual(found.message, "after 1 back: back_preview said entry 1 would be on top, entry 4 is")
    }

    func testARestoreThatDropsTheTopEntryBreaksTheFixedPoint() throws {
        // Each restore pops the active stack's top: the second round differs from the first once it has two to pop.
        let fault = Fault(restored: Self.popTop)
        let found = try counterexample("restore_fixed_point", table: "signin.json", depth: 3, fault: fault)
        XCTAssertEqual(found.steps.count, 2, found.summary)
        XCTAssertTrue(found.message.hasPrefix("a second snapshot and restore changed the state: "), found.message)
    }

    func testARestoreThatLosesAnEntryItsReportKeepsBreaksRestoreMatchesReport() throws {
        // Each restore pops the active stack's top, which its report says it kept.
        try assertBrokenByOnePush("restore_matches_report", Fault(restored: Self.popTop), message: "the restore report keeps [1, ")
    }

    func testAReplayThatLosesTheLastBatchBreaksLogReplays() throws {
        // Each replay pops the active stack's top, as if the last push had not been logged.
        try assertBrokenByOnePush("log_replays", Fault(replayed: Self.popTop), message: "the log of 1 batch replays to another state: ")
    }

    /// Checks that `law` breaks under `fault` after one push on the sign-in
    /// table, with a message that starts with `prefix`.
    private func assertBrokenByOnePush(_ law: String, _ fault: Fault, message prefix: String) throws {
        let found = try counterexample(law, table: "signin.json", depth: 2, fault: fault)
        XCTAssertEqual(found.steps.count, 1, found.summary)
        XCTAssertEqual(found.steps.first?.action?.op, .push)
        XCTAssertTrue(found.message.hasPrefix(prefix), found.message)
    }

    func testAWalkPastTheDepthFindsWhatTheSearchMissedShrunkToAMinimalWalk() throws {
        // Each restore pops the active stack's top: it takes two entries above the root to see.
        let fault = Fault(restored: Self.popTop)
        let signin = try vectorTable("signin.json")
        let options = CheckOptions(depth: 1, walk: 20, walkLength: 24, seed: 7)
        var explorer = Explorer(table: signin, options: options)
        explorer.fault = fault
        var result = explorer.run()
        XCTAssertFalse(result.counterexamples.contains { $0.law == "restore_fixed_point" })
        var walker = Walker(table: signin, options: options)
        walker.fault = fault
        walker.run(seed: 7, into: &result)
        let found = try XCTUnwrap(result.counterexamples.first { $0.law == "restore_fixed_point" })
        XCTAssertEqual(found.steps.count, 2, found.summary)
        XCTAssertEqual(result.walk?.seed, 7)
        XCTAssertEqual(result.walk?.transitions, 20 * 24)
        var replayer = Replayer(table: signin, options: CheckOptions())
        replayer.fault = fault
        XCTAssertEqual(replayer.run(found.steps).counterexamples.first { $0.law == "restore_fixed_point" }?.steps, found.steps)
        // The same seed gives the same walks, so the same shrunk counterexample.
        var again = CheckResult()
        walker.run(seed: 7, into: &again)
        XCTAssertEqual(again.counterexamples.first { $0.law == "restore_fixed_point" }, found)
    }
}
