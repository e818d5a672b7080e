import XCTest
import NavCore
import NavCoreSession
import TestSupport

/// The token law (docs/blockers.md, "Tokens") over generated interleavings
/// of held batches, unrelated changes (another tab, saved state, a condition
/// no batch reads, the locale: docs/locales.md), related ones (the same stack, the draft itself, the tab
/// selection, sign-in), restores and proceeds with any token given so far:
/// a proceed applies exactly the batch its token names, past its blockers,
/// to the state as it is now, if and only if the token is unused, not
/// expired nor ended by a restore, and the batch would make the change it
/// was held back for; a new blocker holds it back again under a new token;
/// anything else is `.noEntry` at `token` and changes nothing.
final class TokenPropertyTests: XCTestCase {
    /// A token the run was given, with what the model knows of its batch.
    private struct Held {
        let token: String
        let actions: [Action]
        /// The blocking entries it may remove.
        let past: Set<Int>
        /// What it would change, past every blocker, when it was held back.
        let change: String
        /// Its place in the order tokens were given.
        let number: Int
        /// Whether it was proceeded with, or ended by a restore.
        var ended = false
    }

    private static let attempts: [[Action]] = [
        [.back()], [.popToRoot()], [TokenTests.signOut], [.resetTab("shop")], [.setStack([RouteRequest(name: "cart")])],
        [.openURL("shop://product/3", mode: .replace)], [.resetAll], [.pop(count: 2)],
    ]

    private static func unrelated(_ random: inout SplitMix64) -> [Action] {
        switch Int.random(in: 0..<4, using: &random) {
        case 0: return [.push(RouteRequest(name: "cart"), tab: "account")]
        case 1: return [.setEntryState(id: 5, state: .int(Int.random(in: 0..<9, using: &random)))]
        case 2: return [.setLocale(["vi", "vi-VN", "el", "en"][Int.random(in: 0..<4, using: &random)])]
        default: return [.setCondition(name: "onboarded", value: Bool.random(using: &random))]
        }
    }

    private static func related(_ random: inout SplitMix64, _ navigator: Navigator) -> [Action] {
        switch Int.random(in: 0..<7, using: &random) {
        case 0: return [.push(RouteRequest(name: "cart"))]
        case 1: return [.pop(count: 1)]
        case 2: return [.selectTab(["shop", "account"][Int.random(in: 0..<2, using: &random)])]
        case 3: return [.setCondition(name: "signed_in", value: true)]
        case 4: return [.push(RouteRequest(name: "checkout")), .setBlocker(id: navigator.nextID, reason: "Another draft")]
        case 5: return [.setBlocker(id: navigator.activeStack.top.id, reason: nil)]
        default: return [.setBlocker(id: navigator.activeStack.top.id, reason: "Marked later")]
        }
    }

    /// Every blocking entry of `navigator`.
    private static func blocking(_ navigator: Navigator) -> Set<Int> {
        Set((navigator.bases + navigator.layers.map(\.stack)).flatMap(\.entries).filter { $0.blocker != nil }.map(\.id))
    }

    /// What `actions` would change on `navigator` past every blocker, in
    /// words, and the navigator after; nil when the batch fails there.
    private static func change(of actions: [Action], on navigator: Navigator) -> (change: String, after: Navigator)? {
        var model = navigator
        guard let transition = try? model.apply(actions, past: blocking(navigator)) else { return nil }
        let stacks = transition.changes.map { "\($0.stack) -\($0.removed) +\($0.added.map(\.route)) ~\($0.moved)" }
        let parts: [String] = [
            "\(stacks)", "\(transition.presented)", "\(transition.dismissed)", "\(String(describing: transition.tab?.after))",
            "\(transition.conditions)", "\(String(describing: transition.split))",
            "\(String(describing: transition.intent.map { ($0.kind, $0.condition) }))", "\(transition.handed)",
        ]
        return (parts.joined(separator: " | "), model)
    }

    func testAProceedAppliesExactlyTheBatchItsTokenNames() throws {
        let run = SeededRun("TokenPropertyTests", seed: 540, rounds: 250)
        var random = run.random
        var outcomes = ["applied": 0, "changed since": 0, "used": 0, "held again": 0]
        for _ in 0..<run.rounds {
            let session = try TokenTests.drafting()
            var held: [Held] = []
            var given = 0
            func keep(_ error: NavError, _ actions: [Action], past: Set<Int>, change: String) {
                guard let blocked = error.blocked else { return XCTFail("\(error.message): no blocked batch") }
                XCTAssertFalse(held.contains { $0.token == blocked.token }, "a token names one held batch")
                given += 1
                held.append(Held(token: blocked.token, actions: actions, past: past.union([blocked.entry.id]), change: change, number: given))
            }
            for _ in 0..<Int.random(in: 4..<28, using: &random) {
                let navigator = session.navigator
                switch Int.random(in: 0..<10, using: &random) {
                case let kind where kind < 7:
                    let actions = kind < 3 ? Self.attempts[Int.random(in: 0..<Self.attempts.count, using: &random)]
                        : kind < 5 ? Self.unrelated(&random) : Self.related(&random, navigator)
                    do {
                        _ = try session.apply(actions, for: [])
                    } catch where error.kind == .blocked {
                        keep(error, actions, past: [], change: try XCTUnwrap(Self.change(of: actions, on: navigator)).change)
                    } catch {
                        XCTAssertEqual(session.navigator, navigator)
                    }
                case 7:
                    _ = try session.adopt(navigator, cause: .restore, for: [])
                    for index in held.indices { held[index].ended = true }
                default:
                    guard !held.isEmpty else { continue }
                    let index = Int.random(in: 0..<held.count, using: &random)
                    let record = held[index]
                    let alive = !record.ended && given - record.number < 16
                    let now = Self.change(of: record.actions, on: navigator)
                    let same = alive && now?.change == record.change
                    held[index].ended = true
                    do {
                        _ = try session.proceed(record.token, for: [])
                        XCTAssertTrue(same, "proceeded with a token that was ended, expired or whose change changed: \(record.actions)")
                        XCTAssertEqual(session.navigator, now?.after, "a proceed applies exactly its batch, past its blockers, to the state now")
                        outcomes["applied", default: 0] += 1
                    } catch {
                        XCTAssertEqual(session.navigator, navigator, "a refused proceed changed the state")
                        if error.kind == .blocked {
                            XCTAssertTrue(same, "held back again although the token no longer applies")
                            XCTAssertFalse(record.past.contains(error.blocked?.entry.id ?? 0))
                            keep(error, record.actions, past: record.past, change: record.change)
                            outcomes["held again", default: 0] += 1
                        } else {
                            XCTAssertEqual(error.kind, .noEntry, error.message)
                            XCTAssertEqual(error.path, "token")
                            XCTAssertFalse(same, "refused a live token whose batch would make the same change: \(error.message)")
                            outcomes[record.ended ? "used" : "changed since", default: 0] += 1
                        }
                    }
                }
            }
        }
        print("TokenPropertyTests outcomes: \(outcomes)")
        for (outcome, count) in outcomes { XCTAssertGreaterThan(count, 0, "no proceed was \(outcome)") }
    }
}
