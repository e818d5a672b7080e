import TestSupport
import XCTest
@testable import NavCore

/// Random use of the sign-in table: whatever the batches, restores and
/// sign-ins/outs, no screen that needs a false condition is ever shown, a
/// pending intent always has its flow up, and the recorded log replays to an
/// equal state.
final class SignInFlowPropertyTests: XCTestCase {
    /// A random batch of one to three actions on the sign-in table.
    static func randomBatch(_ random: inout SplitMix64, in navigator: Navigator) -> [Action] {
        let names = ["product", "checkout", "vip", "register", "forgot_password", "home", "orders"]
        return (0..<Int.random(in: 1...3, using: &random)).map { _ in
            let name = names.randomElement(using: &random) ?? "home"
            let target = name == "product" ? product(Int.random(in: 0..<3, using: &random)) : RouteRequest(name: name)
            let tab = [nil, "shop", "orders"].randomElement(using: &random) ?? nil
            switch Int.random(in: 0..<11, using: &random) {
            case 0, 1: return .push(target, tab: tab, policy: PushPolicy.allCases.randomElement(using: &random))
            case 2: return .pop(count: 1, tab: tab)
            case 3: return .selectTab(["shop", "orders", "account"].randomElement(using: &random) ?? "shop")
            case 4: return .present(target, style: "sheet")
            case 5: return Bool.random(using: &random) ? .back() : .dismiss(all: false)
            case 6: return .setStack([target], tab: tab)
            case 7: return .popTo(.id(Int.random(in: 1..<navigator.nextID, using: &random)), inclusive: Bool.random(using: &random), tab: tab)
            case 8: return .openURL("shop://nowhere", mode: nil)
            default: return .setCondition(name: Bool.random(using: &random) ? "signed_in" : "premium", value: Bool.random(using: &random))
            }
        }
    }

    /// What must hold after every change.
    private func checkInvariants(_ navigator: Navigator, _ context: String) {
        let table = navigator.table
        func shown(_ entry: Entry) -> Bool {
            table.definitions[entry.route.name]?.requiredConditions.allSatisfy { navigator.conditions[$0] } ?? true
        }
        for stack in navigator.bases + navigator.layers.map(\.stack) {
            XCTAssertTrue(stack.entries.allSatisfy(shown), "\(context): \(stack.name) shows a protected screen")
        }
        let tabShown = { (index: Int) in table.tabs[index].requiredConditions.allSatisfy { navigator.conditions[$0] } }
        XCTAssertTrue(tabShown(navigator.selected), "\(context): a protected tab is selected")
        XCTAssertTrue(navigator.tabHistory.allSatisfy(tabShown), "\(context): back could return to a protected tab")
        if let pending = navigator.pending {
            XCTAssertNotNil(navigator.layerIndex(rootID: pending.flowRootID), "\(context): a pending intent without its flow")
            XCTAssertFalse(navigator.conditions[pending.condition], "\(context): an intent waits for a true condition")
        }
    }

    func testNoProtectedScreenIsEverShownAndTheLogReplays() throws {
        let run = SeededRun("SignInFlowPropertyTests.testNoProtectedScreenIsEverShownAndTheLogReplays", seed: 7, rounds: 40)
        var held = 0, replayed = 0, dropped = 0, advanced = 0, previewedDrops = 0
        for round in 0..<UInt64(run.rounds) {
            let seed = run.seed &+ round
            var random = SplitMix64(state: seed)
            var navigator = Navigator(table: try SignInFlowTests.signInTable(onFalse: Bool.random(using: &random) ? .remove : .reset))
            var log = ActionLog(base: navigator, capacity: 1000)
            var earlier = Snapshot(navigator)
            for step in 0..<60 {
                if step % 13 == 12 {
                    _ = try navigator.restore(earlier)
                    log.append(.restore(navigator, seq: navigator.seq), after: navigator)
                } else {
                    if step % 4 == 0 { earlier = Snapshot(navigator) }
                    let batch = SignInFlowPropertyTests.randomBatch(&random, in: navigator)
                    if let transition = try? navigator.apply(batch) {
                        log.append(.actions(batch, seq: navigator.seq), after: navigator)
                        switch transition.intent?.kind {
                        case .held?: held += 1
                        case .replayed?: replayed += 1
                        case .dropped?: dropped += 1
                        case .advanced?: advanced += 1
                        case nil: break
                        }
                    }
                }
                checkInvariants(navigator, "seed \(seed) step \(step)")
                let preview = navigator.backPreview
                var backed = navigator
                XCTAssertEqual(try backed.apply([.back()]).intent, preview.intent, "seed \(seed) step \(step): the preview's intent")
                previewedDrops += preview.intent == nil ? 0 : 1
            }
            XCTAssertEqual(try Navigator.replaying(log.map(Snapshot.init), table: navigator.table), navigator, "seed \(seed)")
        }
        XCTAssertGreaterThan(held, 0)
        XCTAssertGreaterThan(replayed, 0)
        XCTAssertGreaterThan(dropped, 0)
        XCTAssertGreaterThan(advanced, 0, "the walk never passed one gate of two")
        XCTAssertGreaterThan(previewedDrops, 0, "the walk never previewed a Back that drops the intent")
    }
}
