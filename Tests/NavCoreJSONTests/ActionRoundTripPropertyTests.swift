import CJansson
import XCTest
import NavCore
@testable import NavCoreJSON
import TestSupport

/// Every action an action log can hold reads back equal from the text the
/// encoder writes for it: over generated actions of every op, with every
/// optional field given or left out, strings of any Unicode (quotes,
/// backslashes, control characters), integers over the whole range, and
/// nested JSON results and saved states.
final class ActionRoundTripPropertyTests: XCTestCase {
    func testEveryActionWrittenReadsBackEqual() throws {
        let run = SeededRun("ActionRoundTripPropertyTests", seed: 0xAC71_0415, rounds: 300)
        var random = run.random
        for round in 0..<run.rounds {
            let actions = (0..<Int.random(in: 1...8, using: &random)).map { _ in
                randomAction(ActionOp.allCases.randomElement(using: &random) ?? .push, &random)
            }
            for action in actions {
                XCTAssertEqual(action.fieldValues.count, action.op.fields.count, "\(action.op.rawValue): one value per field")
            }
            let text = OwnedText.string(consuming: try NodeBuilder.dump(try ActionEncoder.batch(actions)))
            try text.withCString { (pointer) in
                XCTAssertEqual(try ActionDecoder.decodeBatch(text: pointer), actions, "round \(round) (seed \(run.seed)): \(text)")
            }
        }
    }

    /// A random action of `op` (the switch must name every op).
    private func randomAction(_ op: ActionOp, _ random: inout SplitMix64) -> Action {
        func maybe<T>(_ make: (inout SplitMix64) -> T) -> T? { Bool.random(using: &random) ? make(&random) : nil }
        let tab = maybe(text)
        switch op {
        case .push: return .push(route(&random), tab: tab, policy: maybe { PushPolicy.allCases.randomElement(using: &$0) } ?? nil)
        case .pop: return .pop(count: integer(&random), tab: tab, result: maybe(json))
        case .popTo:
            let target: Action.Target = Bool.random(using: &random) ? .id(integer(&random)) : .name(text(&random))
            return .popTo(target, inclusive: Bool.random(using: &random), tab: tab)
        case .popToRoot: return .popToRoot(tab: tab)
        case .replace: return .replace(route(&random), tab: tab)
        case .setStack: return .setStack((0..<Int.random(in: 0...3, using: &random)).map { _ in route(&random) }, tab: tab)
        case .selectTab: return .selectTab(text(&random))
        case .resetTab: return .resetTab(tab)
        case .resetAll: return .resetAll
        case .present:
            return .present(route(&random), style: maybe(text), policy: maybe { PresentPolicy.allCases.randomElement(using: &$0) } ?? nil)
        case .dismiss: return .dismiss(all: Bool.random(using: &random), result: maybe(json))
        case .back: return .back(result: maybe(json))
        case .select: return .select(route(&random))
        case .openURL: return .openURL(text(&random), mode: maybe { OpenMode.allCases.randomElement(using: &$0) } ?? nil, dismiss: Bool.random(using: &random))
        case .setEntryState: return .setEntryState(id: integer(&random), state: maybe(json))
        case .setCondition: return .setCondition(name: text(&random), value: Bool.random(using: &random))
        case .setCompact: return .setCompact(Bool.random(using: &random))
        case .setBlocker: return .setBlocker(id: integer(&random), reason: maybe(text))
        case .takeResult: return .takeResult(id: integer(&random))
        case .setLocale: return .setLocale(text(&random))
        }
    }

    /// A route with up to three params of distinct names, of every kind a caller may give.
    private func route(_ random: inout SplitMix64) -> RouteRequest {
        var params: [(String, InputValue)] = []
        for index in 0..<Int.random(in: 0...3, using: &random) {
            let value: InputValue
            switch Int.random(in: 0...4, using: &random) {
            case 0: value = .string(text(&random))
            case 1: value = .int(integer(&random))
            case 2: value = .real(Double.random(in: -1e9...1e9, using: &random))
            case 3: value = .bool(Bool.random(using: &random))
            default: value = .null
            }
            params.append(("\(text(&random))\(index)", value))
        }
        return RouteRequest(name: text(&random), params: params)
    }

    /// Any JSON value up to three levels deep, its object keys distinct, but
    /// not `null` itself: a result or saved state of `null` is written as
    /// `null`, which reads as none (docs/json.md), so an action holding
    /// `.null` there reads back holding nil.
    private func json(_ random: inout SplitMix64) -> JSONValue {
        let value = json(&random, depth: 0)
        return value == .null ? .bool(false) : value
    }

    private func json(_ random: inout SplitMix64, depth: Int) -> JSONValue {
        switch Int.random(in: 0...(depth < 3 ? 6 : 4), using: &random) {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &random))
        case 2: return .int(integer(&random))
        case 3: return .real(Double.random(in: -1e6...1e6, using: &random))
        case 4: return .string(text(&random))
        case 5: return .array((0..<Int.random(in: 0...3, using: &random)).map { _ in json(&random, depth: depth + 1) })
        default:
            return .object((0..<Int.random(in: 0...3, using: &random)).map { index in
                JSONValue.Member("\(text(&random))\(index)", json(&random, depth: depth + 1))
            })
        }
    }

    /// An integer, small or anywhere in the range.
    private func integer(_ random: inout SplitMix64) -> Int {
        Bool.random(using: &random) ? Int.random(in: -3...100, using: &random) : Int(truncatingIfNeeded: random.next())
    }

    /// A string of up to 20 characters: letters, quotes, backslashes, control
    /// characters (but NUL, which no JSON text navcore reads may hold), and
    /// characters beyond ASCII.
    private func text(_ random: inout SplitMix64) -> String {
        let alphabet: [Character] = ["a", "Z", "_", "-", ".", " ", "\"", "\\", "/", "\u{1}", "\n", "\t", "\u{7F}", "é", "漢", "🚀"]
        return String((0..<Int.random(in: 0...20, using: &random)).map { _ in alphabet.randomElement(using: &random) ?? "a" })
    }
}
