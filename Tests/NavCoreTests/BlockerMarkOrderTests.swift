import TestSupport
import XCTest
@testable import NavCore

/// Marks within a batch (docs/blockers.md, "Marks count in order"): the mark
/// that holds back a batch is the one an entry carries when the batch removes
/// it, so "save and leave" is one atomic batch and "mark and leave" is held
/// back. The property test checks it against applying the actions one by one.
final class BlockerMarkOrderTests: XCTestCase {
    /// The shop tab at home > product 1 (id 4) > product 2 (id 5), product 2 blocking.
    private func drafting() throws -> Navigator {
        var nav = Navigator(table: try tabsTable())
        _ = try nav.apply([.push(product(1)), .push(product(2)), .setBlocker(id: 5, reason: "Unsaved draft")])
        return nav
    }

    func testAMarkClearedEarlierInTheBatchHoldsNothingBack() throws {
        var nav = try drafting()
        let saved = try nav.apply([.setEntryState(id: 5, state: .string("saved")), .setBlocker(id: 5, reason: nil), .pop(count: 1)])
        XCTAssertEqual(saved.results, [.saved, .blockerCleared, .popped], "save and leave is one batch")
        XCTAssertEqual(ids(nav), [1, 4])
        XCTAssertEqual(saved.overrode, [])
    }

    func testAMarkSetEarlierInTheBatchHoldsTheBatchBack() throws {
        var nav = try drafting()
        let before = nav
        let batch: [Action] = [.setBlocker(id: 4, reason: "Draft"), .setBlocker(id: 5, reason: nil), .popToRoot()]
        let error = thrownError { () throws(NavError) in try nav.apply(batch) }
        XCTAssertEqual(error?.kind, .blocked)
        XCTAssertEqual(error?.blocked?.entry.id, 4, "product 1 was not blocking before the batch, but was when the batch removed it")
        XCTAssertEqual(error?.message, "entry 4 (\"Product 1\" on stack \"shop\") holds back this change: Draft")
        XCTAssertEqual(nav, before)
        XCTAssertEqual(try nav.apply(batch, past: [4]).results, [.blockerSet, .blockerCleared, .popped])
    }

    func testAnEntryTheBatchAddsMarksAndRemovesHoldsItBack() throws {
        var nav = Navigator(table: try tabsTable())
        let before = nav
        let error = thrownError { () throws(NavError) in try nav.apply([.push(product(3)), .setBlocker(id: 4, reason: "d"), .pop(count: 1)]) }
        XCTAssertEqual(error?.kind, .blocked)
        XCTAssertEqual(error?.message, "entry 4 (\"Product 3\" on stack \"shop\") holds back this change: d")
        XCTAssertEqual(error?.blocked?.entry.blocker, "d", "the entry as it was when removed")
        XCTAssertEqual(nav, before)
        let unmarked = try nav.apply([.push(product(3)), .setBlocker(id: 4, reason: "d"), .setBlocker(id: 4, reason: nil), .pop(count: 1)])
        XCTAssertFalse(unmarked.changed, "the last mark counts: none")
    }

    /// Every mark, by entry id.
    private func marks(_ nav: Navigator) -> [Int: String] {
        var found: [Int: String] = [:]
        for entry in nav.bases.flatMap(\.entries) + nav.layers.flatMap(\.stack.entries) { found[entry.id] = entry.blocker }
        return found
    }

    /// The model: `batch` applied one action at a time, past every blocker,
    /// and whether one of them removed an entry carrying a mark at that
    /// moment; nil when an action fails.
    private func oneByOne(_ batch: [Action], on nav: Navigator) -> (after: Navigator, blocked: Bool)? {
        var nav = nav
        var blocked = false
        for action in batch {
            let before = marks(nav)
            let everyone = Set(allIDs(nav))
            guard (try? nav.apply([action], past: everyone)) != nil else { return nil }
            let kept = Set(allIDs(nav))
            if before.keys.contains(where: { !kept.contains($0) }) { blocked = true }
        }
        return (nav, blocked)
    }

    /// A random mark, or a removing, adding or entry-changing action.
    private func randomAction(_ random: inout SplitMix64, _ nav: Navigator) -> Action {
        let id = Int.random(in: 1..<nav.nextID + 3, using: &random)
        let tab = [nil, nil, "shop", "cart"].randomElement(using: &random) ?? nil
        let route = product(Int.random(in: 1...3, using: &random))
        switch Int.random(in: 0..<14, using: &random) {
        case 0, 1: return .setBlocker(id: id, reason: "draft \(id)")
        case 2, 3: return .setBlocker(id: id, reason: nil)
        case 4: return .push(route, tab: tab)
        case 5: return .present(route, style: nil)
        case 6: return .pop(count: Int.random(in: 1...2, using: &random), tab: tab)
        case 7: return .back()
        case 8: return .popToRoot(tab: tab)
        case 9: return .setStack(Bool.random(using: &random) ? [product(1)] : [product(1), route], tab: tab)
        case 10: return Bool.random(using: &random) ? .replace(route, tab: tab) : .popTo(.id(id), inclusive: Bool.random(using: &random), tab: tab)
        case 11: return .dismiss(all: Bool.random(using: &random))
        case 12: return Bool.random(using: &random) ? .resetTab(tab) : .selectTab("shop")
        default: return .setEntryState(id: id, state: .int(id))
        }
    }

    func testABatchIsBlockedIffItRemovesAnEntryMarkedAtThatMoment() throws {
        let run = SeededRun("BlockerMarkOrderTests.testABatchIsBlockedIffItRemovesAnEntryMarkedAtThatMoment", seed: 62, rounds: 80)
        var random = run.random
        var blockedCount = 0, passed = 0, passedWithMarkCleared = 0
        for round in 0..<run.rounds {
            var nav = try drafting()
            for step in 0..<30 {
                let batch = (0..<Int.random(in: 1...5, using: &random)).map { _ in randomAction(&random, nav) }
                let model = oneByOne(batch, on: nav)
                let before = nav
                let context = "round \(round) step \(step): \(batch)"
                do {
                    _ = try nav.apply(batch)
                    XCTAssertEqual(model?.blocked, false, "\(context) went through")
                    XCTAssertEqual(nav.bases, model?.after.bases, context)
                    XCTAssertEqual(nav.layers, model?.after.layers, context)
                    passed += 1
                    let hadMarks = Set(marks(before).keys)
                    if !hadMarks.isSubset(of: Set(allIDs(nav))) { passedWithMarkCleared += 1 }
                } catch {
                    XCTAssertEqual(nav, before, "\(context) failed and changed something")
                    if error.kind == .blocked {
                        XCTAssertEqual(model?.blocked, true, "\(context) was blocked: \(error)")
                        blockedCount += 1
                    } else {
                        XCTAssertNil(model, "\(context) failed: \(error)")
                    }
                }
            }
        }
        XCTAssertGreaterThan(blockedCount, 50)
        XCTAssertGreaterThan(passed, 50)
        XCTAssertGreaterThan(passedWithMarkCleared, 5, "batches that clear a mark and then remove the entry occur")
    }
}
