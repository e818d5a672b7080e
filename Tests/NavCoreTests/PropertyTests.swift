import TestSupport
import XCTest
@testable import NavCore

/// Random action sequences from a seeded generator keep the invariants:
/// the root stays, ids stay unique and increasing, failed batches change nothing.
final class PropertyTests: XCTestCase {
    private func randomAction(_ random: inout SplitMix64, in navigator: Navigator) -> Action {
        let names = ["home", "category", "product", "checkout", "nope"]
        func request() -> RouteRequest {
            switch names.randomElement(using: &random) {
            case "category": return category(["a", "b"].randomElement(using: &random) ?? "a")
            case "product": return Bool.random(using: &random) ? product(Int.random(in: 0..<3, using: &random)) : RouteRequest(name: "product")
            case let name?: return RouteRequest(name: name)
            case nil: return RouteRequest(name: "home")
            }
        }
        let anyID = Int.random(in: 0...navigator.nextID, using: &random)
        switch Int.random(in: 0..<7, using: &random) {
        case 0, 1: return .push(request())
        case 2: return .pop(count: Int.random(in: 0..<4, using: &random))
        case 3: return .popTo(Bool.random(using: &random) ? .id(anyID) : .name(names.randomElement(using: &random) ?? "home"),
                              inclusive: Bool.random(using: &random))
        case 4: return .popToRoot()
        case 5: return .replace(request())
        default: return .setStack((0..<Int.random(in: 0..<4, using: &random)).map { _ in request() })
        }
    }

    func testInvariantsHoldOverRandomBatches() throws {
        let run = SeededRun("PropertyTests.testInvariantsHoldOverRandomBatches", seed: 20_261_130, rounds: 200)
        var random = run.random
        var failures = 0
        for _ in 0..<run.rounds {
            var navigator = Navigator(table: try shopTable())
            for _ in 0..<40 {
                let batch = (0..<Int.random(in: 1...3, using: &random)).map { _ in randomAction(&random, in: navigator) }
                let before = navigator
                do {
                    let transition = try navigator.apply(batch)
                    XCTAssertEqual(transition.changed, before.activeStack.entries != navigator.activeStack.entries)
                    XCTAssertEqual(transition.after.top, navigator.activeStack.top)
                } catch {
                    failures += 1
                    XCTAssertEqual(navigator, before, "a failed batch changed the state: \(batch)")
                }
                let stackIDs = ids(navigator)
                XCTAssertEqual(stackIDs.first, 1, "the root was removed")
                XCTAssertEqual(Set(stackIDs).count, stackIDs.count, "duplicate ids \(stackIDs)")
                XCTAssertEqual(stackIDs, stackIDs.sorted(), "ids not increasing up the stack")
                XCTAssertLessThan(stackIDs.max() ?? 0, navigator.nextID)
            }
        }
        XCTAssertGreaterThan(failures, 0, "the generator never produced a failing batch")
    }

    func testSameActionsGiveSameIds() throws {
        let run = SeededRun("PropertyTests.testSameActionsGiveSameIds", seed: 7, rounds: 300)
        var random = run.random
        var first = Navigator(table: try shopTable())
        var second = first
        for _ in 0..<run.rounds {
            let batch = [randomAction(&random, in: first)]
            let a = try? first.apply(batch)
            let b = try? second.apply(batch)
            XCTAssertEqual(a, b)
        }
        XCTAssertEqual(first, second)
    }

    private func randomStructureAction(_ random: inout SplitMix64, in navigator: Navigator) -> Action {
        let tabs = ["shop", "cart", "settings", "nope"]
        let routes = [product(Int.random(in: 0..<3, using: &random)), RouteRequest(name: "checkout"),
                      RouteRequest(name: "login"), RouteRequest(name: "settings")]
        let route = routes.randomElement(using: &random) ?? product(0)
        let tab = Bool.random(using: &random) ? nil : tabs.randomElement(using: &random)
        switch Int.random(in: 0..<11, using: &random) {
        case 0, 1: return .push(route, tab: tab, policy: PushPolicy.allCases.randomElement(using: &random))
        case 2: return .pop(count: Int.random(in: 1..<3, using: &random), tab: tab)
        case 3: return .selectTab(tabs.randomElement(using: &random) ?? "shop")
        case 4: return .resetTab(tab)
        case 5: return Int.random(in: 0..<4, using: &random) == 0 ? .resetAll : .back()
        case 6: return .present(route, style: ["sheet", "cover", "popup"].randomElement(using: &random))
        case 7: return .dismiss(all: Bool.random(using: &random))
        case 8: return .popTo(.id(Int.random(in: 0...navigator.nextID, using: &random)), inclusive: Bool.random(using: &random), tab: tab)
        case 9: return .replace(route, tab: tab)
        default: return .setStack([route], tab: tab)
        }
    }

    func testStructureInvariantsHoldOverRandomBatches() throws {
        let run = SeededRun("PropertyTests.testStructureInvariantsHoldOverRandomBatches", seed: 4, rounds: 150)
        var random = run.random
        var failures = 0
        var seen: Set<ActionResult> = []
        for round in 0..<run.rounds {
            var navigator = Navigator(table: try tabsTable())
            // Every third run starts under a pile of layers, so that batches
            // work on layers far above the bottom one.
            if round % 3 == 2 { _ = try navigator.apply((0..<40).map { _ in .present(product(1), style: nil) }) }
            for _ in 0..<40 {
                let batch = (0..<Int.random(in: 1...3, using: &random)).map { _ in randomStructureAction(&random, in: navigator) }
                let before = navigator
                do {
                    let transition = try navigator.apply(batch)
                    seen.formUnion(transition.results)
                    XCTAssertEqual(transition.changed, before.bases != navigator.bases || before.layers != navigator.layers
                                   || before.selected != navigator.selected || before.tabHistory != navigator.tabHistory)
                    let expected = expectedChanges(from: before, to: navigator)
                    XCTAssertEqual(transition.changes, expected.changes, "\(batch)")
                    XCTAssertEqual(transition.presented.map(\.stack), expected.presented, "\(batch)")
                    XCTAssertEqual(transition.dismissed, expected.dismissed, "\(batch)")
                } catch {
                    failures += 1
                    XCTAssertEqual(navigator, before, "a failed batch changed the state: \(batch)")
                }
                let ids = allIDs(navigator)
                XCTAssertEqual(Set(ids).count, ids.count, "duplicate ids \(ids)")
                XCTAssertEqual(navigator.bases.map(\.root.id), [1, 2, 3], "a tab lost its root")
                XCTAssertLessThan(ids.max() ?? 0, navigator.nextID)
                for layer in navigator.layers { XCTAssertEqual(layer.stack.name, "layer:\(layer.stack.root.id)") }
            }
        }
        XCTAssertGreaterThan(failures, 0)
        XCTAssertTrue(seen.isSuperset(of: [.pushed, .absorbed, .moved, .replaced, .selected, .presented, .dismissed,
                                           .poppedPresentation, .previousTab, .reset]), "\(seen)")
    }

    /// The transition's stack changes, presented and dismissed layers, derived
    /// from the whole states before and after: the oracle for the batch's own
    /// bookkeeping, which only looks at what the batch touched.
    private func expectedChanges(from before: Navigator, to after: Navigator)
        -> (changes: [StackChange], presented: [String], dismissed: [String]) {
        let beforeLayers = before.layers.map(\.stack)
        let afterLayers = after.layers.map(\.stack)
        let dismissed = beforeLayers.filter { old in !afterLayers.contains { $0.name == old.name } }
        var changes = zip(before.bases, after.bases).map { StackChange(stack: $1.name, before: $0.entries, after: $1.entries) }
        changes += dismissed.map { StackChange(stack: $0.name, before: $0.entries, after: []) }
        changes += afterLayers.map { layer in
            StackChange(stack: layer.name, before: beforeLayers.first { $0.name == layer.name }?.entries ?? [], after: layer.entries)
        }
        let presented = afterLayers.filter { layer in !beforeLayers.contains { $0.name == layer.name } }.map(\.name)
        return (changes.filter { !$0.isEmpty }, presented, dismissed.map(\.name))
    }
}
