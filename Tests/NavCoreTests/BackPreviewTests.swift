import TestSupport
import XCTest
@testable import NavCore

/// The back preview says what `back` does, without doing it: over random
/// states of a tabbed app and of a split view, `back` then does exactly that.
final class BackPreviewTests: XCTestCase {
    private func randomAction(_ random: inout SplitMix64, split: Bool) -> Action {
        let routes = split
            ? [RouteRequest(name: "mail", params: [("id", .int(Int.random(in: 0..<3, using: &random)))]), RouteRequest(name: "login")]
            : [product(Int.random(in: 0..<3, using: &random)), RouteRequest(name: "checkout"), RouteRequest(name: "login"),
               RouteRequest(name: "picker")]
        let route = routes.randomElement(using: &random) ?? RouteRequest(name: "login")
        switch Int.random(in: 0..<11, using: &random) {
        case 0, 1: return .push(route)
        case 2: return .pop(count: 1)
        case 3: return split ? .select(RouteRequest(name: ["inbox", "archive"].randomElement(using: &random) ?? "inbox"))
                             : .selectTab(["shop", "cart"].randomElement(using: &random) ?? "shop")
        case 4: return .present(route, style: nil, policy: PresentPolicy.allCases.randomElement(using: &random))
        case 5: return .dismiss(all: Int.random(in: 0..<4, using: &random) == 0)
        case 6: return split ? .setCompact(Bool.random(using: &random)) : .resetTab(nil)
        case 7: return Int.random(in: 0..<6, using: &random) == 0 ? .resetAll : .openURL("shop://nowhere", mode: nil)
        case 8: return .setBlocker(id: Int.random(in: 1...12, using: &random), reason: Bool.random(using: &random) ? "Unsaved draft" : nil)
        default: return .back()
        }
    }

    func testPreviewAgreesWithBackOverRandomStates() throws {
        let run = SeededRun("BackPreviewTests.testPreviewAgreesWithBackOverRandomStates", seed: 14, rounds: 120)
        var random = run.random
        var seen: Set<ActionResult> = []
        var blockedBacks = 0
        for round in 0..<run.rounds {
            let split = round % 2 == 1
            var navigator = Navigator(table: split ? try shellSplitTable() : try shellTabsTable())
            for _ in 0..<30 {
                _ = try? navigator.apply((0..<Int.random(in: 1...3, using: &random)).map { _ in randomAction(&random, split: split) })
                let preview = navigator.backPreview
                var backed = navigator
                var past: Set<Int> = []
                if let blocked = preview.blocked {
                    let error = thrownError { () throws(NavError) in try backed.apply([.back()]) }
                    XCTAssertEqual(error?.blocked?.entry, blocked.entry, "seed \(run.seed), round \(round)")
                    XCTAssertEqual(error?.blocked?.stack, blocked.stack)
                    XCTAssertEqual(backed, navigator, "a blocked back changes nothing")
                    past = [blocked.entry.id]
                    blockedBacks += 1
                }
                let transition = try backed.apply([.back()], past: past)
                seen.insert(preview.result)
                XCTAssertEqual(transition.results, [preview.result], "seed \(run.seed), round \(round)")
                XCTAssertEqual(transition.after, preview.after, "seed \(run.seed), round \(round)")
                XCTAssertEqual(transition.changed, ![.nothing, .heldByPresentation].contains(preview.result))
                XCTAssertEqual(preview.reason != nil, preview.result == .heldByPresentation)
            }
        }
        XCTAssertEqual(seen, [.poppedPresentation, .dismissed, .heldByPresentation, .popped, .toSidebar, .previousTab, .nothing],
                       "seed \(run.seed): the generator missed a step")
        XCTAssertGreaterThan(blockedBacks, 0, "seed \(run.seed): the generator never met a blocker")
    }

    func testPreviewNamesTheEntryBackShows() throws {
        var navigator = Navigator(table: try shellTabsTable())
        XCTAssertEqual(navigator.backPreview,
                       BackPreview(result: .nothing, after: TopEntry(stack: "shop", top: navigator.bases[0].root), reason: nil, blocked: nil, intent: nil))
        _ = try navigator.apply([.push(product(1)), .push(product(2))])
        let preview = navigator.backPreview
        XCTAssertEqual(preview.result, .popped)
        XCTAssertEqual(preview.after.top.title, "Product 1")
        _ = try navigator.apply([.selectTab("cart")])
        XCTAssertEqual(navigator.backPreview.result, .previousTab)
        XCTAssertEqual(navigator.backPreview.after, TopEntry(stack: "shop", top: navigator.bases[0].top))
    }

    func testPreviewNamesTheBlockerThatHoldsBackBack() throws {
        var navigator = Navigator(table: try shellTabsTable())
        _ = try navigator.apply([.push(product(1)), .push(product(2)), .setBlocker(id: 4, reason: "Unsaved review")])
        let preview = navigator.backPreview
        XCTAssertEqual(preview.result, .popped)
        XCTAssertEqual(preview.after.top.id, 3, "what back does once the host proceeds")
        XCTAssertEqual(preview.blocked?.entry.id, 4)
        XCTAssertEqual(preview.blocked?.reason, "Unsaved review")
        XCTAssertEqual(preview.blocked?.stack, "shop")
        XCTAssertEqual(thrownError { () throws(NavError) in try navigator.apply([.back()]) }?.kind, .blocked)
        _ = try navigator.apply([.present(RouteRequest(name: "checkout"), style: nil)])
        _ = try navigator.apply([.setBlocker(id: 5, reason: "Card details")])
        XCTAssertEqual(navigator.backPreview.result, .dismissed)
        XCTAssertEqual(navigator.backPreview.blocked?.stack, "layer:5", "dismissing a layer removes its root")
    }
}
