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
        switch Int.random(in: 0..<10, using: &random) {
        case 0, 1: return .push(route)
        case 2: return .pop(count: 1)
        case 3: return split ? .select(RouteRequest(name: ["inbox", "archive"].randomElement(using: &random) ?? "inbox"))
                             : .selectTab(["shop", "cart"].randomElement(using: &random) ?? "shop")
        case 4: return .present(route, style: nil, policy: PresentPolicy.allCases.randomElement(using: &random))
        case 5: return .dismiss(all: Int.random(in: 0..<4, using: &random) == 0)
        case 6: return split ? .setCompact(Bool.random(using: &random)) : .resetTab(nil)
        case 7: return Int.random(in: 0..<6, using: &random) == 0 ? .resetAll : .openURL("shop://nowhere", mode: nil)
        default: return .back
        }
    }

    func testPreviewAgreesWithBackOverRandomStates() throws {
        let run = SeededRun("BackPreviewTests.testPreviewAgreesWithBackOverRandomStates", seed: 14, rounds: 120)
        var random = run.random
        var seen: Set<ActionResult> = []
        for round in 0..<run.rounds {
            let split = round % 2 == 1
            var navigator = Navigator(table: split ? try shellSplitTable() : try shellTabsTable())
            for _ in 0..<30 {
                _ = try? navigator.apply((0..<Int.random(in: 1...3, using: &random)).map { _ in randomAction(&random, split: split) })
                let preview = navigator.backPreview
                var backed = navigator
                let transition = try backed.apply([.back])
                seen.insert(preview.result)
                XCTAssertEqual(transition.results, [preview.result], "seed \(run.seed), round \(round)")
                XCTAssertEqual(transition.after, preview.after, "seed \(run.seed), round \(round)")
                XCTAssertEqual(transition.changed, ![.nothing, .heldByPresentation].contains(preview.result))
                XCTAssertEqual(preview.reason != nil, preview.result == .heldByPresentation)
            }
        }
        XCTAssertEqual(seen, [.poppedPresentation, .dismissed, .heldByPresentation, .popped, .toSidebar, .previousTab, .nothing],
                       "seed \(run.seed): the generator missed a step")
    }

    func testPreviewNamesTheEntryBackShows() throws {
        var navigator = Navigator(table: try shellTabsTable())
        XCTAssertEqual(navigator.backPreview, BackPreview(result: .nothing, after: TopEntry(stack: "shop", top: navigator.bases[0].root), reason: nil))
        _ = try navigator.apply([.push(product(1)), .push(product(2))])
        let preview = navigator.backPreview
        XCTAssertEqual(preview.result, .popped)
        XCTAssertEqual(preview.after.top.title, "Product 1")
        _ = try navigator.apply([.selectTab("cart")])
        XCTAssertEqual(navigator.backPreview.result, .previousTab)
        XCTAssertEqual(navigator.backPreview.after, TopEntry(stack: "shop", top: navigator.bases[0].top))
    }
}
