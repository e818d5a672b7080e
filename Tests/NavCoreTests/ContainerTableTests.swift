import TestSupport
import XCTest
@testable import NavCore

/// `ContainerTable` is a dictionary by holder id in all but its hashing:
/// checked against a `[Int: Container]` given the same changes.
final class ContainerTableTests: XCTestCase {
    /// A container told apart by its level.
    private func container(_ level: Int) -> Container {
        let model = Navigator.placeholder
        return Container(name: "c\(level)", layout: model.layout, stacks: model.stacks, state: model.state, level: level)
    }

    func testItAgreesWithADictionaryOverInsertsRemovalsAndChangesInPlace() {
        var table = ContainerTable()
        var reference: [Int: Container] = [:]
        XCTAssertTrue(table.isEmpty)
        // Consecutive ids (as the navigator issues them), far ones, negative and extreme ones.
        let ids = Array(0..<3000) + [1 << 40, -7, Int.max, Int.min]
        for id in ids {
            table[id] = container(id & 0xff)
            reference[id] = container(id & 0xff)
        }
        for id in ids where id % 3 == 0 {
            XCTAssertEqual(table.removeValue(forKey: id), reference.removeValue(forKey: id))
        }
        for id in ids where id % 5 == 0 { table[id] = nil; reference[id] = nil }
        for id in ids where id % 7 == 1 {
            table.modify(id) { choose(1, in: &$0) }
            if reference[id] != nil { choose(1, in: &reference[id]!) }
        }
        choose(2, in: &table[5000, default: container(9)])
        choose(2, in: &reference[5000, default: container(9)])
        XCTAssertEqual(table.count, reference.count)
        XCTAssertEqual(Set(table.keys), Set(reference.keys))
        XCTAssertEqual(table.values.count, reference.count)
        for id in ids + [5000, 3000, 9999] {
            XCTAssertEqual(table[id], reference[id], "id \(id)")
            XCTAssertEqual(table.contains(id), reference[id] != nil, "id \(id)")
        }
        let pairs = Dictionary(uniqueKeysWithValues: table.map { ($0.key, $0.value) })
        XCTAssertEqual(pairs, reference, "iteration gives every pair once")
    }

    /// Random interleavings of stores, removals and changes in place, with
    /// ids crowded into few values or spread far apart: after every step a
    /// read agrees with a dictionary given the same changes, and so does
    /// the whole table after a change of every container (`modifyEach`).
    func testRandomInterleavingsAgreeWithADictionary() {
        let run = SeededRun("ContainerTableTests.testRandomInterleavingsAgreeWithADictionary", seed: 38, rounds: 40)
        var random = run.random
        for round in 0..<run.rounds {
            var table = ContainerTable()
            var reference: [Int: Container] = [:]
            let span = [4, 16, 64, 600][round % 4]
            let stride = round % 3 == 0 ? 1 : 1 << 20
            for _ in 0..<1000 {
                let id = Int.random(in: 0..<span, using: &random) * stride
                switch Int.random(in: 0..<4, using: &random) {
                case 0, 1:
                    table[id] = container(id & 0x3f)
                    reference[id] = container(id & 0x3f)
                case 2:
                    XCTAssertEqual(table.removeValue(forKey: id), reference.removeValue(forKey: id), "id \(id)")
                default:
                    table.modify(id) { choose(1, in: &$0) }
                    if reference[id] != nil { choose(1, in: &reference[id]!) }
                }
                XCTAssertEqual(table[id], reference[id], "id \(id)")
                XCTAssertEqual(table.contains(id), reference[id] != nil, "id \(id)")
            }
            table.modifyEach { choose(2, in: &$0) }
            for id in reference.keys { choose(2, in: &reference[id]!) }
            XCTAssertEqual(table.count, reference.count)
            XCTAssertEqual(Dictionary(uniqueKeysWithValues: table.map { ($0.key, $0.value) }), reference, "round \(round)")
        }
    }

    func testEqualityIsByContent() {
        var one = ContainerTable(), other = ContainerTable()
        for id in [3, 1, 2] { one[id] = container(id) }
        for id in [2, 3, 1] { other[id] = container(id) }
        XCTAssertEqual(one, other)
        other.modify(2) { choose(1, in: &$0) }
        XCTAssertNotEqual(one, other)
        one.modify(4) { choose(1, in: &$0) }
        XCTAssertFalse(one.contains(4), "modify changes nothing a table does not hold")
    }

    /// Selects tab `index` of `container`, as a batch's rollback would put it.
    private func choose(_ index: Int, in container: inout Container) {
        var state = container.state
        state.choose(index)
        container.putBack(state)
    }
}

