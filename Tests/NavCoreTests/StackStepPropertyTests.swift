import TestSupport
import XCTest
@testable import NavCore

/// A stack's animation step (`StackEdit.step(of:)`), found from the
/// undo record's low-water mark up, is the step of the whole stacks before
/// and after, root first: what comes off above the longest run kept from
/// the root (by id), what goes on, and a new root as a `detail` step. Over
/// random changes as batches make them: truncations, pushes of new entries
/// and of entries taken off, a new root, a root set again with its own id
/// (a new title), at random depths.
final class StackStepPropertyTests: XCTestCase {
    /// The step of a stack whose entries went from `before` to `after`,
    /// root first, as the plan found it from whole copies of both.
    private func wholeStep(_ name: String, before: [Entry], after: [Entry]) -> Animation.Step? {
        var kept = 0
        while kept < before.count, kept < after.count, before[kept].id == after[kept].id { kept += 1 }
        guard kept < before.count || kept < after.count else { return nil }
        return .stack(name, popped: before.count - kept, pushed: Array(after[kept...]), detail: kept == 0)
    }

    func testStepFromTheLowWaterMarkIsTheStepOfTheWholeStacks() {
        let run = SeededRun("StackStepPropertyTests", seed: 0x57E9_5EED, rounds: 5_000)
        var random = run.random
        var nextID = 1
        func entry(_ id: Int? = nil) -> Entry {
            defer { nextID += 1 }
            return Entry(id: id ?? nextID, route: Route(name: "r", params: []), title: "t\(nextID)")
        }
        var kinds: [Animation.Kind: Int] = [:]
        var (unchanged, aboveMark) = (0, 0)
        for round in 0..<run.rounds {
            var stack = Stack(name: "main", root: entry(), path: (0..<Int(random.next() % 12)).map { _ in entry() })
            let before = stack.entries
            var edit = StackEdit(depth: stack.path.count)
            for _ in 0..<Int(random.next() % 4) {
                switch random.next() % 5 {
                case 0: edit.truncate(&stack, to: Int(random.next() % UInt64(stack.path.count + 1)))
                case 1:
                    // Entries taken off pushed again in their order, some left out (what
                    // `bring_to_front` and `set_stack` do): the run kept can reach above the mark.
                    let index = Int(random.next() % UInt64(stack.path.count + 1))
                    let taken = Array(stack.path[index...])
                    edit.truncate(&stack, to: index)
                    for old in taken where random.next() % 4 != 0 { stack.push(old) }
                case 2: for _ in 0...Int(random.next() % 3) { stack.push(entry()) }
                case 3: if random.next() % 4 == 0 { edit.replaceRoot(&stack, with: entry()) }
                default: edit.setRoot(&stack, to: entry(stack.root.id))
                }
            }
            let step = edit.step(of: stack)
            XCTAssertEqual(step, wholeStep("main", before: before, after: stack.entries), "round \(round)")
            if let step { kinds[step.kind, default: 0] += 1 } else { unchanged += 1 }
            let after = stack.entries
            if zip(before, after).prefix(while: { $0.id == $1.id }).count > 1 + edit.lowWater { aboveMark += 1 }
        }
        // The rounds reach every kind of stack step, no change at all, and a run kept above the mark.
        for kind in [Animation.Kind.push, .pop, .replace, .detail] { XCTAssertGreaterThan(kinds[kind] ?? 0, run.rounds / 100, "\(kind)") }
        XCTAssertGreaterThan(unchanged, run.rounds / 100)
        XCTAssertGreaterThan(aboveMark, run.rounds / 100)
    }
}
