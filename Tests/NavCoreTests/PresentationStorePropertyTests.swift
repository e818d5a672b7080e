import TestSupport
import XCTest
@testable import NavCore

/// One store and one batch record for every presentation, whatever it
/// covers (docs/structure.md, "What differs at the root"): over random
/// batches of one to four actions on the nested table (presentations over
/// the app and over stacks at every level, pushed, popped, dismissed, taken
/// by a sign-out or by Back), a failed batch leaves the navigator exactly as
/// it was, and a committed one lists as presented exactly the presentations
/// up now that were not before, and as dismissed those that were up and are
/// not now, except those that went with the stack they covered (the
/// transition reports that stack's holder instead).
final class PresentationStorePropertyTests: XCTestCase {
    /// The name of every presentation in the store, over the app and over every stack.
    private func names(_ nav: Navigator) -> Set<String> {
        Set(nav.layers.map(\.stack.name) + nav.presentations.overStacks.values.flatMap { $0.map(\.stack.name) })
    }

    /// The name of the stack a presentation over one stack covers (`<stack>/layer:<id>`), nil for one over the app.
    private func owner(of name: String) -> String? {
        guard let range = name.range(of: "/layer:", options: .backwards) else { return nil }
        return String(name[..<range.lowerBound])
    }

    func testBatchesUndoAndDescribeEveryPresentationAlike() throws {
        let run = SeededRun("PresentationStorePropertyTests.testBatchesUndoAndDescribeEveryPresentationAlike", seed: 16, rounds: 60)
        var random = run.random
        var failedOverStacks = 0
        var presentedOverStacks = 0
        var dismissedOverStacks = 0
        var wentWithTheirStack = 0
        for round in 0..<run.rounds {
            var nav = Navigator(table: try NestedPropertyTests.nestedTable())
            for step in 0..<30 {
                let batch = (0..<Int.random(in: 1...4, using: &random)).map { _ in NestedPropertyTests.randomAction(nav, &random) }
                let before = nav
                let context = "round \(round) step \(step): \(batch.map(\.op.rawValue))"
                do {
                    let transition = try nav.apply(batch)
                    let (was, now) = (names(before), names(nav))
                    XCTAssertEqual(Set(transition.presented.map(\.stack)), now.subtracting(was), context)
                    XCTAssertEqual(transition.presented.count, now.subtracting(was).count, "\(context): listed twice")
                    let dismissed = Set(transition.dismissed)
                    XCTAssertEqual(transition.dismissed.count, dismissed.count, "\(context): listed twice")
                    XCTAssertTrue(dismissed.isSubset(of: was.subtracting(now)), "\(context): \(dismissed) not all gone")
                    for gone in was.subtracting(now).subtracting(dismissed) {
                        // Not listed: it went with the stack it covers, which no longer exists.
                        let stack = try XCTUnwrap(owner(of: gone), "\(context): \(gone) over the app went unlisted")
                        XCTAssertNil(try? nav.ref(named: stack), "\(context): \(gone) went unlisted, and \(stack) is still there")
                        wentWithTheirStack += 1
                    }
                    presentedOverStacks += now.subtracting(was).filter { owner(of: $0) != nil }.count
                    dismissedOverStacks += dismissed.filter { owner(of: $0) != nil }.count
                } catch {
                    XCTAssertEqual(nav, before, "\(context): a failed batch changed the state (\(error))")
                    if batch.count > 1, before.presentations.coverStacks { failedOverStacks += 1 }
                }
            }
        }
        // The generator reaches what the law is about.
        XCTAssertGreaterThan(failedOverStacks, 0, "no failed batch with presentations over stacks up")
        XCTAssertGreaterThan(presentedOverStacks, 0)
        XCTAssertGreaterThan(dismissedOverStacks, 0)
        XCTAssertGreaterThan(wentWithTheirStack, 0)
    }
}
