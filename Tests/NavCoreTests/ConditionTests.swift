import XCTest
@testable import NavCore

/// Conditions as navigation state (docs/conditions.md): declared by the table,
/// set by `set_condition`, undone with a failed batch, kept by a restore and
/// reproduced by a replay.
final class ConditionTests: XCTestCase {
    private func table(_ conditions: [ConditionDeclaration] = [ConditionDeclaration(name: "signed_in"),
                                                               ConditionDeclaration(name: "onboarded", initial: true)])
        throws(NavError) -> RouteTable {
        try RouteTable(layout: .stack(root: RouteRequest(name: "home")),
                       definitions: [RouteDefinition(name: "home", params: [:], title: nil),
                                     RouteDefinition(name: "checkout", params: [:], title: nil)],
                       conditions: conditions)
    }

    private func values(_ navigator: Navigator) -> [String: Bool] {
        Dictionary(uniqueKeysWithValues: navigator.conditionValues.map { ($0.name, $0.value) })
    }

    func testANewNavigatorStartsAtTheDeclaredInitialValues() throws {
        let navigator = Navigator(table: try table())
        XCTAssertEqual(navigator.conditionValues, [ConditionValue(name: "signed_in", value: false),
                                                   ConditionValue(name: "onboarded", value: true)])
    }

    func testAChangeCountsAndTheSameValueChangesNothing() throws {
        var navigator = Navigator(table: try table())
        let set = try navigator.apply([.setCondition(name: "signed_in", value: true)])
        XCTAssertTrue(set.changed)
        XCTAssertEqual(set.results, [.conditionSet])
        XCTAssertEqual(set.conditions, [ConditionValue(name: "signed_in", value: true)])
        XCTAssertEqual(navigator.seq, 1)
        let again = try navigator.apply([.setCondition(name: "signed_in", value: true)])
        XCTAssertFalse(again.changed)
        XCTAssertEqual(again.results, [.unchanged])
        XCTAssertEqual(again.conditions, [])
        XCTAssertEqual(navigator.seq, 1)
    }

    func testSettingAndSettingBackInOneBatchChangesNothing() throws {
        var navigator = Navigator(table: try table())
        let transition = try navigator.apply([.setCondition(name: "onboarded", value: false), .setCondition(name: "onboarded", value: true)])
        XCTAssertFalse(transition.changed)
        XCTAssertEqual(navigator.seq, 0)
    }

    func testAFailedBatchUndoesTheCondition() throws {
        var navigator = Navigator(table: try table())
        let before = navigator
        let error = thrownError { () throws(NavError) in
            try navigator.apply([.setCondition(name: "signed_in", value: true), .popTo(.id(9), inclusive: false)])
        }
        XCTAssertEqual(error?.kind, .noEntry)
        XCTAssertEqual(navigator, before)
    }

    func testAnUnknownNameIsAnActionErrorListingTheDeclaredOnes() throws {
        var navigator = Navigator(table: try table())
        let error = thrownError { () throws(NavError) in try navigator.apply([.setCondition(name: "premium", value: true)]) }
        XCTAssertEqual(error?.kind, .action)
        XCTAssertEqual(error?.path, "actions[0].name")
        XCTAssertEqual(error?.detail, "unknown condition \"premium\" (allowed: signed_in, onboarded)")
        var none = Navigator(table: try table([]))
        let bare = thrownError { () throws(NavError) in try none.apply([.setCondition(name: "signed_in", value: true)]) }
        XCTAssertEqual(bare?.detail, "unknown condition \"signed_in\" (the route table declares no conditions)")
    }

    func testTheTableRefusesBadAndDuplicateNames() {
        let bad = thrownError { () throws(NavError) in try table([ConditionDeclaration(name: "signed in")]) }
        XCTAssertEqual(bad?.kind, .table)
        XCTAssertEqual(bad?.path, "conditions")
        let twice = thrownError { () throws(NavError) in
            try table([ConditionDeclaration(name: "a"), ConditionDeclaration(name: "a", initial: true)])
        }
        XCTAssertEqual(twice?.detail, "condition \"a\" is declared twice")
    }

    func testARestoreKeepsTheCurrentValues() throws {
        var navigator = Navigator(table: try table())
        _ = try navigator.apply([.setCondition(name: "signed_in", value: true), .push(RouteRequest(name: "checkout"))])
        let snapshot = Snapshot(navigator)
        XCTAssertEqual(snapshot.conditions.count, 2)
        _ = try navigator.apply([.setCondition(name: "signed_in", value: false), .setCondition(name: "onboarded", value: false)])
        let (transition, report) = try navigator.restore(snapshot)
        XCTAssertEqual(values(navigator), ["signed_in": false, "onboarded": false])
        XCTAssertEqual(transition.conditions, [], "a restore changes no condition")
        XCTAssertEqual(navigator.activeStack.path.map(\.route.name), ["checkout"])
        XCTAssertTrue(report.notes.isEmpty)
    }

    func testReplayTakesTheRecordedValues() throws {
        var recorded = Navigator(table: try table())
        _ = try recorded.apply([.setCondition(name: "signed_in", value: true)])
        var log = ActionLog<Snapshot>(base: Snapshot(recorded))
        let batch: [Action] = [.setCondition(name: "onboarded", value: false)]
        _ = try recorded.apply(batch)
        log.append(.actions(batch, seq: recorded.seq), after: Snapshot(recorded))
        let replayed = try Navigator.replaying(log, table: try table())
        XCTAssertEqual(replayed, recorded)
        var fresh = Navigator(table: try table())
        let transition = fresh.adopt(replayed, cause: .replay)
        XCTAssertEqual(transition.conditions, [ConditionValue(name: "signed_in", value: true), ConditionValue(name: "onboarded", value: false)])
    }

    func testAnUndeclaredConditionInALogDoesNotReplay() throws {
        var snapshot = Snapshot(Navigator(table: try table()))
        snapshot.conditions.append(ConditionValue(name: "premium", value: true))
        let error = thrownError { () throws(NavError) in try Navigator.replaying(ActionLog(base: snapshot), table: try table()) }
        XCTAssertEqual(error?.kind, .restore)
        XCTAssertEqual(error?.path, "base")
    }
}
