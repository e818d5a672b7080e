import TestSupport
import XCTest
@testable import NavCore

/// The laws of docs/conditions.md over generated batches, on states reached by
/// random walks of the sign-in table (tabs, layers, pending intents, drafts,
/// a forced sign-out with either `on_false` policy):
/// - a batch whose net effect is "no condition changed, nothing else changed"
///   leaves the state exactly as it was, with `changed: false`;
/// - setting a condition to the other value and back in front of any batch
///   changes nothing about what the batch does (a batch is judged by the net
///   change of each condition), a forced condition included;
/// - a forced sign-out followed by a batch is, in one batch, what it is in two:
///   the sign-out overrides only the blockers its own removal takes away.
final class ConditionLawPropertyTests: XCTestCase {
    private let names = ["signed_in", "premium"]

    /// A random walk's next batch: the sign-in walk's, sometimes with a
    /// blocker set on an entry of the active stack.
    private func randomBatch(_ random: inout SplitMix64, _ nav: Navigator) -> [Action] {
        var batch = SignInFlowPropertyTests.randomBatch(&random, in: nav)
        if Int.random(in: 0..<4, using: &random) == 0, let entry = nav.activeStack.path.randomElement(using: &random) {
            batch.append(.setBlocker(id: entry.id, reason: "draft \(entry.id)"))
        }
        return batch
    }

    /// Runs `check` on the states of random walks.
    private func walk(_ name: String, seed: UInt64, rounds: Int, _ check: (Navigator, inout SplitMix64, String) throws -> Void) throws {
        let run = SeededRun("ConditionLawPropertyTests.\(name)", seed: seed, rounds: rounds)
        var random = run.random
        for round in 0..<run.rounds {
            let policy: FalsePolicy = Bool.random(using: &random) ? .remove : .reset
            var nav = Navigator(table: try SignInFlowTests.signInTable(onFalse: policy, forced: true))
            for step in 0..<30 {
                _ = try? nav.apply(randomBatch(&random, nav))
                try check(nav, &random, "round \(round) step \(step)")
            }
        }
    }

    func testABatchWithNoNetChangeLeavesTheStateAsItWas() throws {
        var pending = 0
        try walk("testABatchWithNoNetChangeLeavesTheStateAsItWas", seed: 500, rounds: 30) { nav, random, context in
            var batch: [Action] = (0..<Int.random(in: 1...5, using: &random)).map { _ in
                .setCondition(name: names.randomElement(using: &random) ?? "signed_in", value: Bool.random(using: &random))
            }
            for (index, name) in names.enumerated() { batch.append(.setCondition(name: name, value: nav.conditions[index])) }
            var after = nav
            let transition = try after.apply(batch)
            XCTAssertFalse(transition.changed, "\(context): \(batch)")
            XCTAssertEqual(after, nav, "\(context): \(batch)")
            pending += nav.pending == nil ? 0 : 1
        }
        XCTAssertGreaterThan(pending, 0, "the walks never reached a pending intent")
    }

    /// What a batch did, comparable between two runs that differ only in
    /// actions that must change nothing: the error's kind and blocking entry,
    /// or the state (the pending intent by its condition and flow) and what
    /// the transition says changed.
    private struct Outcome: Equatable {
        var error: NavError.Kind?
        var blocked: Int?
        var state: Navigator?
        var changed = false
        var changes: [StackChange] = []
        var overrode: [Int] = []
        var intent: IntentEvent.Kind?

        init(_ nav: Navigator, _ batch: [Action]) {
            var nav = nav
            do {
                let transition = try nav.apply(batch)
                if let pending = nav.pending { nav.holdIntent(PendingIntent(condition: pending.condition, flowRootID: pending.flowRootID, actions: [])) }
                state = nav
                changed = transition.changed
                changes = transition.changes
                overrode = transition.overrode.map(\.id)
                intent = transition.intent?.kind
            } catch {
                self.error = error.kind
                blocked = error.blocked?.entry.id
            }
        }
    }

    func testSettingAConditionAndBackInFrontOfABatchChangesNothing() throws {
        var blocked = 0, changed = 0
        try walk("testSettingAConditionAndBackInFrontOfABatchChangesNothing", seed: 501, rounds: 30) { nav, random, context in
            let batch = randomBatch(&random, nav)
            let index = Int.random(in: 0..<names.count, using: &random)
            let value = nav.conditions[index]
            let toggled = [Action.setCondition(name: names[index], value: !value), .setCondition(name: names[index], value: value)] + batch
            let plain = Outcome(nav, batch)
            XCTAssertEqual(Outcome(nav, toggled), plain, "\(context): \(toggled)")
            blocked += plain.blocked == nil ? 0 : 1
            changed += plain.changed ? 1 : 0
        }
        XCTAssertGreaterThan(blocked, 0, "no batch was held back by a blocker")
        XCTAssertGreaterThan(changed, 0)
    }

    func testAForcedSignOutAndABatchInOneAreWhatTheyAreInTwo() throws {
        var compared = 0, blocked = 0, overrode = 0
        try walk("testAForcedSignOutAndABatchInOneAreWhatTheyAreInTwo", seed: 502, rounds: 30) { nav, random, context in
            guard nav.conditions[0] else { return }
            let signOut = Action.setCondition(name: "signed_in", value: false)
            let batch = randomBatch(&random, nav).filter { action in
                if (action.unit as? Action.SetCondition)?.name == "signed_in" { return false }
                return true
            }
            guard !batch.isEmpty else { return }
            var two = nav
            let out = try two.apply([signOut])
            let second = Outcome(two, batch)
            guard second.intent != .held, second.error != .route, second.error != .tab else { return }
            let one = Outcome(nav, [signOut] + batch)
            XCTAssertEqual(one.error, second.error, "\(context): \(batch)")
            XCTAssertEqual(one.blocked, second.blocked, "\(context): \(batch)")
            if second.error == nil {
                XCTAssertEqual(one.overrode, out.overrode.map(\.id), "\(context): the sign-out overrides what it removed, and only that")
                // The same state but for the change counter (one batch counts one change, two count two):
                // a snapshot holds all of it, and its counter can be set.
                var oneState = one.state.map(Snapshot.init), secondState = second.state.map(Snapshot.init)
                oneState?.seq = 0
                secondState?.seq = 0
                XCTAssertEqual(oneState, secondState, "\(context): \(batch)")
                overrode += one.overrode.count
            }
            compared += 1
            blocked += second.blocked == nil ? 0 : 1
        }
        XCTAssertGreaterThan(compared, 0)
        XCTAssertGreaterThan(blocked, 0, "no batch after a sign-out was held back by a blocker")
        XCTAssertGreaterThan(overrode, 0, "no sign-out overrode a blocker")
    }
}
