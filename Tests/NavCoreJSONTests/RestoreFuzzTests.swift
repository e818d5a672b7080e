import CJansson
import Foundation
import TestSupport
import XCTest
import NavCore
@testable import NavCoreJSON

/// Restore fuzzed with a seeded mutator: random byte and JSON mutations of
/// valid snapshots. Every input must either fail with `.restore` or restore to
/// a navigator whose own snapshot restores exactly; none may trap.
final class RestoreFuzzTests: XCTestCase {
    /// Random mutations drawn from a seeded generator, so any failure reproduces.
    struct Mutator: RandomNumberGenerator {
        /// Where the randomness comes from.
        var random: SplitMix64

        /// The next 64 random bits.
        mutating func next() -> UInt64 {
            random.next()
        }

        /// A random JSON value, sometimes an edge case.
        mutating func value() -> JSONNode? {
            switch Int.random(in: 0..<9, using: &self) {
            case 0: return json_null()
            case 1: return json_integer([0, -1, 1, 2, 3, Int64.max, Int64.min, 1_000_000].randomElement(using: &self) ?? 0)
            case 2: return json_string(["", "home", "product", "layer:1", "gone", "sheet", "é"].randomElement(using: &self) ?? "")
            case 3: return json_true()
            case 4: return json_real(0.5)
            case 5: return json_array()
            case 6: return json_object()
            case 7: return json_loads(String(repeating: "[", count: 40) + String(repeating: "]", count: 40), 0, nil)
            default: return json_string(String(repeating: "x", count: 70_000))
            }
        }

        /// Mutates the text of a snapshot at the byte level.
        mutating func bytes(_ text: String) -> String {
            var bytes = Array(text.utf8)
            guard !bytes.isEmpty else { return text }
            let at = Int.random(in: 0..<bytes.count, using: &self)
            switch Int.random(in: 0..<5, using: &self) {
            case 0: bytes[at] = UInt8.random(in: 1...255, using: &self)
            case 1: bytes.removeSubrange(at..<min(bytes.count, at + Int.random(in: 1...8, using: &self)))
            case 2: bytes = Array(bytes[..<at])
            case 3: bytes.insert(contentsOf: Array(bytes[at..<min(bytes.count, at + 12)]), at: at)
            default: bytes.insert(UInt8(ascii: ["{", "}", "[", "]", ",", "\"", ":", "0"].randomElement(using: &self) ?? "0"), at: at)
            }
            return String(decoding: bytes, as: UTF8.self)
        }

        /// Mutates a parsed snapshot: replaces, removes or duplicates one of its values.
        mutating func tree(_ root: JSONNode) {
            var containers: [JSONNode] = []
            var pending = [root]
            while let node = pending.popLast() {
                if let elements = node.arrayElements { containers.append(node); pending += elements }
                if let members = node.objectMembers { containers.append(node); pending += members.map(\.value) }
            }
            guard let target = containers.randomElement(using: &self) else { return }
            if let elements = target.arrayElements, !elements.isEmpty {
                let index = Int.random(in: 0..<elements.count, using: &self)
                switch Int.random(in: 0..<3, using: &self) {
                case 0: json_array_remove(target, index)
                case 1: json_array_append(target, elements[index])
                default: json_array_set_new(target, index, value())
                }
            } else if let members = target.objectMembers, let member = members.randomElement(using: &self) {
                if Bool.random(using: &self) {
                    json_object_del(target, member.key)
                } else {
                    json_object_set_new(target, member.key, value())
                }
            }
        }
    }

    /// Valid snapshot texts to mutate: the shop at versions 1 and 3, and tabs with a sheet.
    private func seeds() throws -> [(text: String, table: RouteTable)] {
        func table(_ name: String) throws -> RouteTable {
            try decodeTable(String(contentsOf: VectorSession.folder.appendingPathComponent("tables/\(name).json"), encoding: .utf8))
        }
        var result: [(String, RouteTable)] = []
        for (name, actions) in [
            ("restore_v1", #"[{"op":"push","route":{"name":"item","params":{"sku":7}}},{"op":"push","route":{"name":"promo","params":{"code":"X"}}},{"op":"push","route":{"name":"subscription","params":{"plan":"annual"}}},{"op":"push","route":{"name":"checkout"}}]"#),
            ("restore_v3", #"[{"op":"push","route":{"name":"category","params":{"slug":"s"}}},{"op":"push","route":{"name":"product","params":{"id":1}}},{"op":"set_entry_state","id":3,"state":{"a":[1,{"b":null}]}},{"op":"present","route":{"name":"cart"}},{"op":"push","route":{"name":"search","params":{"q":"x","page":2}}}]"#),
            ("restore_tabs", #"[{"op":"push","route":{"name":"product","params":{"id":1}}},{"op":"select_tab","tab":"cart"},{"op":"push","route":{"name":"product","params":{"id":2}}},{"op":"present","route":{"name":"login"},"style":"cover"}]"#),
        ] {
            var navigator = Navigator(table: try table(name))
            _ = try navigator.apply(decodeActions(actions))
            result.append((OwnedText.string(consuming: try DocumentWriter().snapshot(navigator)), try table("restore_v3")))
            result.append((OwnedText.string(consuming: try DocumentWriter().snapshot(navigator)), navigator.table))
        }
        return result
    }

    /// Restores snapshot text with a validator that vetoes or fails on some ids,
    /// and checks that the result's own snapshot restores exactly.
    private func restore(_ text: String, on table: RouteTable, veto: Int) throws(NavError) {
        let decoded = text.withCString { pointer in Result { () throws(NavError) in try SnapshotDecoder.decode(text: pointer) } }
        let restoration = try Navigator.restoring(try decoded.get(), table: table) { entry, _ in
            entry.id % 4 == veto ? .veto : (entry.id % 7 == veto ? .failed("garbage") : .keep)
        }
        let again = try Navigator.restoring(Snapshot(restoration.navigator), table: table)
        XCTAssertEqual(again.navigator, restoration.navigator, text)
        XCTAssertTrue(again.report.isExact, text)
    }

    func testMutatedSnapshotsNeverTrap() throws {
        let run = SeededRun("RestoreFuzzTests.testMutatedSnapshotsNeverTrap", seed: 0x5EED, rounds: 12_000)
        var mutator = Mutator(random: run.random)
        let seeds = try seeds()
        var restored = 0
        var refused = 0
        for round in 0..<run.rounds {
            let seed = seeds[round % seeds.count]
            var text = seed.text
            for _ in 0..<Int.random(in: 1...2, using: &mutator) {
                if Int.random(in: 0..<4, using: &mutator) > 0, let node = try? JSONNode.parse(text) {
                    mutator.tree(node)
                    if let dumped = json_dumps(node, Int(JSON_COMPACT)) { text = String(cString: dumped); free(dumped) }
                    node.release()
                } else {
                    text = mutator.bytes(text)
                }
            }
            let veto = Int.random(in: 0..<4, using: &mutator)
            if let error = thrownError({ () throws(NavError) in try restore(text, on: seed.table, veto: veto) }) {
                XCTAssertEqual(error.kind, .restore, "\(error.message) for \(text)")
                refused += 1
            } else {
                restored += 1
            }
        }
        print("restore fuzz (Swift, seeded mutator): \(restored + refused) inputs ran without a crash: \(restored) restored, \(refused) refused with NAVCORE_ERESTORE")
        XCTAssertEqual(restored + refused, run.rounds)
        XCTAssertGreaterThan(restored, run.rounds / 10)
        XCTAssertGreaterThan(refused, run.rounds / 10)
    }
}
