import TestSupport
import XCTest
@testable import NavCore

/// Blockers (docs/blockers.md): a marked entry holds back every batch that
/// would remove it, whatever the action; the host proceeds past it, or a
/// forced condition overrides it. The property test draws its actions from
/// every op there is, so a new op is covered the day it exists.
final class BlockerTests: XCTestCase {
    /// A navigator with home > product 1 > editor (id 4, blocking) on the shop tab.
    private func drafting() throws -> Navigator {
        var nav = Navigator(table: try everyOpTable())
        _ = try nav.apply([.push(product(1)), .push(RouteRequest(name: "editor")), .setBlocker(id: 4, reason: "Unsaved draft")])
        return nav
    }

    func testAMarkChangesNoStackAndIsKeptOnTheEntry() throws {
        var nav = try drafting()
        XCTAssertEqual(nav.activeStack.top.blocker, "Unsaved draft")
        let seq = nav.seq
        let cleared = try nav.apply([.setBlocker(id: 4, reason: nil)])
        XCTAssertEqual(cleared.results, [.blockerCleared])
        XCTAssertFalse(cleared.changed)
        XCTAssertEqual(nav.seq, seq)
        XCTAssertNil(nav.activeStack.top.blocker)
    }

    func testEveryKindOfRemovalIsHeldBack() throws {
        let removals: [Action] = [
            .pop(count: 1), .back(), .popToRoot(), .popTo(.id(3), inclusive: false), .replace(product(2)),
            .setStack([product(2)]), .resetTab(nil), .resetAll, .selectTab("shop"), .openURL("shop://product/9", mode: .replace),
            .setCondition(name: "onboarded", value: false),
        ]
        for action in removals {
            var nav = try drafting()
            let before = nav
            let saving = Action.setEntryState(id: 1, state: .int(1))
            let error = thrownError { () throws(NavError) in try nav.apply([saving, action]) }
            XCTAssertEqual(error?.kind, .blocked, "\(action)")
            XCTAssertEqual(error?.blocked?.entry.id, 4, "\(action)")
            XCTAssertEqual(error?.blocked?.actions, [saving, action])
            XCTAssertEqual(error?.message, "entry 4 (\"editor\" on stack \"shop\") holds back this change: Unsaved draft")
            XCTAssertEqual(nav, before, "\(action)")
        }
    }

    func testALayerDismissedWithItsBlockerIsHeldBack() throws {
        var nav = try drafting()
        _ = try nav.apply([.present(RouteRequest(name: "product", params: [("id", .int(5))]), style: nil)])
        let draft = nav.layers[0].stack.root.id
        _ = try nav.apply([.setBlocker(id: draft, reason: "Sheet draft")])
        XCTAssertEqual(thrownError { () throws(NavError) in try nav.apply([.dismiss(all: false)]) }?.blocked?.entry.id, draft)
        XCTAssertEqual(thrownError { () throws(NavError) in try nav.apply([.back()]) }?.kind, .blocked)
        XCTAssertNoThrow(try nav.apply([.pop(count: 1, tab: "cart")]), "what does not remove it goes on")
    }

    func testProceedingPastTheBlockerAppliesTheBatch() throws {
        var nav = try drafting()
        let transition = try nav.apply([.back()], past: [4])
        XCTAssertEqual(transition.results, [.popped])
        XCTAssertEqual(nav.activeStack.top.route.name, "product")
    }

    func testAForcedConditionOverridesBlockersAndSaysSo() throws {
        var nav = try drafting()
        let out = try nav.apply([.setCondition(name: "signed_in", value: false)])
        XCTAssertEqual(out.overrode.map(\.id), [4])
        XCTAssertEqual(out.overrode.first?.blocker, "Unsaved draft")
        XCTAssertEqual(nav.activeStack.top.route.name, "product")
    }

    func testBadInput() throws {
        var nav = try drafting()
        let before = nav
        XCTAssertEqual(thrownError { () throws(NavError) in try nav.apply([.setBlocker(id: 99, reason: "x")]) }?.message,
                       "actions[0].id: no entry with id 99 in any stack")
        XCTAssertEqual(thrownError { () throws(NavError) in try nav.apply([.setBlocker(id: 4, reason: "")]) }?.path, "actions[0].reason")
        XCTAssertEqual(thrownError { () throws(NavError) in
            try nav.apply([.setBlocker(id: 4, reason: String(repeating: "x", count: 1025))])
        }?.kind, .action)
        XCTAssertEqual(thrownError { () throws(NavError) in try nav.apply([.setBlocker(id: 4, reason: "a\nb")]) }?.kind, .action)
        XCTAssertEqual(nav, before)
    }

    func testTheMarkSurvivesSnapshotAndRestoreAndAProceededBatchReplays() throws {
        var nav = try drafting()
        var log = ActionLog(base: nav)
        _ = try nav.apply([.pop(count: 2)], past: [4])
        log.append(.actions([.pop(count: 2)], seq: nav.seq, past: [4]), after: nav)
        XCTAssertEqual(try Navigator.replaying(log.map(Snapshot.init), table: nav.table), nav)
        let marked = try drafting()
        var restored = Navigator(table: marked.table)
        _ = try restored.restore(Snapshot(marked))
        XCTAssertEqual(restored.activeStack.top.blocker, "Unsaved draft")
    }

    /// Every blocking entry, by id.
    private func blockers(_ nav: Navigator) -> [Int: String] {
        var found: [Int: String] = [:]
        for stack in nav.bases + nav.layers.map(\.stack) {
            for entry in stack.entries { if let reason = entry.blocker { found[entry.id] = reason } }
        }
        return found
    }

    func testNoActionRemovesABlockingEntryWithoutItsToken() throws {
        let run = SeededRun("BlockerTests.testNoActionRemovesABlockingEntryWithoutItsToken", seed: 11, rounds: 60)
        var random = run.random
        var blockedCount = 0, overridden = 0
        for round in 0..<run.rounds {
            var nav = try drafting()
            for step in 0..<40 {
                let ops = (0..<Int.random(in: 1...3, using: &random)).map { _ in ActionOp.allCases.randomElement(using: &random) ?? .back }
                let batch = ops.map { randomAction($0, &random, nav) }
                let before = blockers(nav)
                do {
                    let transition = try nav.apply(batch)
                    let gone = Set(before.keys).subtracting(blockers(nav).keys)
                    // Gone without the token: only a blocker cleared by set_blocker, or overridden by a forced condition.
                    let cleared = Set(batch.compactMap { action -> Int? in
                        guard let mark = action.unit as? Action.SetBlocker, mark.reason == nil else { return nil }
                        return mark.id
                    })
                    XCTAssertEqual(gone.subtracting(cleared).subtracting(transition.overrode.map(\.id)), [],
                                   "round \(round) step \(step): \(batch) removed a blocking entry")
                    overridden += transition.overrode.count
                } catch {
                    if error.kind == .blocked { blockedCount += 1 }
                }
            }
        }
        XCTAssertGreaterThan(blockedCount, 0)
        XCTAssertGreaterThan(overridden, 0)
    }
}
