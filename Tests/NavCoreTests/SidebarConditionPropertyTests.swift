import TestSupport
import XCTest
@testable import NavCore

/// Random use of a split view whose sidebar routes require a condition, at
/// the navigator's own level and in a split view held by a sidebar route:
/// whatever the batches, restores and condition changes, no screen that
/// needs a false condition is in any stack (docs/guarantees.md, 7), a pending
/// intent waits for a false condition, and the recorded log replays to an
/// equal state.
final class SidebarConditionPropertyTests: XCTestCase {
    /// A random batch of one to three actions.
    private static func randomBatch(_ random: inout SplitMix64) -> [Action] {
        (0..<Int.random(in: 1...3, using: &random)).map { _ in
            let inner: StackAddress? = Bool.random(using: &random) ? nil : .name("detail/detail")
            switch Int.random(in: 0..<9, using: &random) {
            case 0, 1: return .select(RouteRequest(name: ["inbox", "vault", "library"].randomElement(using: &random) ?? "inbox"))
            case 2: return .select(RouteRequest(name: Bool.random(using: &random) ? "shelf" : "safe"), stack: inner)
            case 3: return .push(RouteRequest(name: "note", params: [("id", .int(Int.random(in: 1...2, using: &random)))]))
            case 4: return .present(RouteRequest(name: Bool.random(using: &random) ? "vault" : "note", params: []), style: "sheet")
            case 5: return Bool.random(using: &random) ? .back() : .dismiss(all: true)
            default: return .setCondition(name: "unlocked", value: Bool.random(using: &random))
            }
        }
    }

    /// The first screen of any stack of the tree that needs a false condition.
    private func protectedScreen(_ nav: Navigator) -> String? {
        for stack in NestedPropertyTests.reachable(nav).stacks {
            if let entry = stack.entries.first(where: { nav.missingCondition(of: $0.route) != nil }) {
                return "\(entry.route.name) on \(stack.name)"
            }
        }
        return nil
    }

    func testNoSelectionThatNeedsAFalseConditionStaysAndTheLogReplays() throws {
        let run = SeededRun("SidebarConditionPropertyTests.testNoSelectionThatNeedsAFalseConditionStaysAndTheLogReplays", seed: 37, rounds: 30)
        var random = run.random
        var gaveWay = 0, held = 0
        for round in 0..<run.rounds {
            let table = try SidebarConditionTests.vaultTable(onFalse: Bool.random(using: &random) ? .remove : .reset)
            var nav = Navigator(table: table)
            var log = ActionLog(base: nav, capacity: 1000)
            var earlier = Snapshot(nav)
            for step in 0..<50 {
                let context = "round \(round) step \(step)"
                if step % 9 == 8 {
                    let restored = try nav.restore(earlier)
                    if restored.transition.intent?.kind == .held { held += 1 }
                    log.append(.restore(nav, seq: nav.seq), after: nav)
                } else {
                    if step % 3 == 0 { earlier = Snapshot(nav) }
                    let batch = Self.randomBatch(&random)
                    let shown = protectedScreen(nav) == nil && nav.conditions[0] && nav.bases[0].root.route.name == "vault"
                    if (try? nav.apply(batch)) != nil {
                        log.append(.actions(batch, seq: nav.seq), after: nav)
                        if shown && !nav.conditions[0] { gaveWay += 1 }
                    }
                }
                XCTAssertNil(protectedScreen(nav), "\(context): a screen that needs a false condition is shown")
                if let pending = nav.pending {
                    XCTAssertFalse(nav.conditions[pending.condition], "\(context): an intent waits for a true condition")
                    XCTAssertNotNil(nav.flowIndex(of: pending), "\(context): a pending intent without its flow")
                }
            }
            XCTAssertEqual(try Navigator.replaying(log.map(Snapshot.init), table: table), nav, "round \(round)")
        }
        XCTAssertGreaterThan(gaveWay, 0, "the walks never took a selection away")
        XCTAssertGreaterThan(held, 0, "no restore held a selection")
    }
}
