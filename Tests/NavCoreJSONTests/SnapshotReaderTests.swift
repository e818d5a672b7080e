import CJansson
import Foundation
import TestSupport
import XCTest
import NavCore
@testable import NavCoreJSON

/// The snapshot text of most navigators is read without jansson
/// (`SnapshotReader`): to the snapshot jansson and the decoder give, and for
/// any other text the decoder's result and error are theirs, byte for byte.
final class SnapshotReaderTests: XCTestCase {
    /// The snapshot as jansson and the decoder alone read it: what `decode(text:)` did before the reader.
    private func viaJansson(_ text: UnsafePointer<CChar>) -> Result<Snapshot, NavError> {
        Result { () throws(NavError) -> Snapshot in
            let node = try SnapshotDecoder.parse(text, what: "snapshot")
            defer { node.release() }
            return try SnapshotDecoder.decode(node, at: "")
        }
    }

    /// The snapshot as the decoder reads it now.
    private func viaDecoder(_ text: UnsafePointer<CChar>) -> Result<Snapshot, NavError> {
        Result { () throws(NavError) -> Snapshot in try SnapshotDecoder.decode(text: text) }
    }

    /// Checks the law for one text: the decoder gives jansson's snapshot or
    /// jansson's error, and the reader reads only texts that jansson and the
    /// decoder read, to the same snapshot. Returns whether the reader read it.
    @discardableResult
    private func checkLaw(_ text: UnsafePointer<CChar>, _ label: @autoclosure () -> String,
                          file: StaticString = #filePath, line: UInt = #line) -> Bool {
        let jansson = viaJansson(text)
        switch (jansson, viaDecoder(text)) {
        case (.success(let expected), .success(let decoded)):
            XCTAssertEqual(decoded, expected, label(), file: file, line: line)
        case (.failure(let expected), .failure(let decoded)):
            XCTAssertEqual(decoded, expected, label(), file: file, line: line)
        case (let expected, let decoded):
            XCTFail("\(label()): decoder gave \(decoded), jansson \(expected)", file: file, line: line)
        }
        guard let read = SnapshotReader.read(text) else { return false }
        switch jansson {
        case .success(let expected): XCTAssertEqual(read, expected, label(), file: file, line: line)
        case .failure(let error): XCTFail("\(label()): read where jansson and the decoder refuse: \(error.message)", file: file, line: line)
        }
        return true
    }

    @discardableResult
    private func checkLaw(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> Bool {
        text.withCString { checkLaw($0, text, file: file, line: line) }
    }

    /// A route table of Tests/vectors/tables.
    private func table(_ name: String) throws -> RouteTable {
        try decodeTable(String(contentsOf: VectorSession.folder.appendingPathComponent("tables/\(name).json"), encoding: .utf8))
    }

    /// The snapshot text of a navigator of table `name` after `actions`.
    private func snapshotText(_ name: String, _ actions: String) throws -> String {
        var navigator = Navigator(table: try table(name))
        _ = try navigator.apply(decodeActions(actions))
        return OwnedText.string(consuming: try DocumentWriter().snapshot(navigator))
    }

    /// Snapshots the reader reads: a stack with a presentation, tabs with a
    /// history and a cover, a split view, conditions, a locale's titles, a blocker.
    private func readSeeds() throws -> [String] {
        [
            try snapshotText("restore_v3", #"[{"op":"push","route":{"name":"category","params":{"slug":"s"}}},{"op":"push","route":{"name":"product","params":{"id":1}}},{"op":"present","route":{"name":"cart"}},{"op":"push","route":{"name":"search","params":{"q":"x","page":2}}}]"#),
            try snapshotText("restore_tabs", #"[{"op":"push","route":{"name":"product","params":{"id":1}}},{"op":"select_tab","tab":"cart"},{"op":"push","route":{"name":"product","params":{"id":2}}},{"op":"select_tab","tab":"settings"},{"op":"present","route":{"name":"login"},"style":"cover"}]"#),
            try snapshotText("split", #"[{"op":"select","route":{"name":"folder","params":{"name":"work"}}},{"op":"push","route":{"name":"message","params":{"id":3}}}]"#),
            try snapshotText("conditions", #"[{"op":"set_condition","name":"signed_in","value":true},{"op":"push","route":{"name":"login"}}]"#),
            try snapshotText("locales", #"[{"op":"set_locale","locale":"el"},{"op":"push","route":{"name":"product","params":{"id":7}}}]"#),
            try snapshotText("restore_v3", #"[{"op":"push","route":{"name":"product","params":{"id":1}}},{"op":"set_blocker","id":2,"reason":"Unsaved draft"}]"#),
        ]
    }

    /// Snapshots the reader leaves to jansson: saved state, a split view's
    /// compact form, a pending intent, containers.
    private func declinedSeeds() throws -> [String] {
        [
            try snapshotText("restore_v3", #"[{"op":"push","route":{"name":"product","params":{"id":1}}},{"op":"set_entry_state","id":2,"state":{"a":[1.5,{"b":null}]}}]"#),
            try snapshotText("split", #"[{"op":"set_compact","value":true}]"#),
            try snapshotText("signin", #"[{"op":"open_url","url":"shop://orders/7"}]"#),
            try snapshotText("nested", "[]"),
        ]
    }

    /// Edits of a snapshot's text, each making it a text the reader declines,
    /// or one that jansson or the decoder refuses, or both, or neither; and
    /// whether the reader still reads the first seed, a stack snapshot, so edited (nil: either).
    private static let edits: [(from: String, to: String, read: Bool?)] = [
        (#"{"id":"#, #"{"id":1,"id":"#, false), (#"{"id":"#, #"{"id" : "#, true), (#""params":{"#, #""params":{"id":1,"#, nil),
        (#""params":{"#, #""params":{"x":[1],"#, false), (#""params":{"#, #""params":{"r":1.5,"#, false),
        (#""params":{"#, #""params":{"e":"a\u0041","#, false), (#","title":"#, #","state":null,"title":"#, false),
        (#","title":"#, #","blocker":"","title":"#, false), (#","title":"#, #","blocker":"Draft","title":"#, true),
        (#","title":""#, #","title":"\u00e9"#, false), (#","title":""#, ",", false), (#""navcore":1"#, #""navcore":2"#, false),
        (#""navcore":1"#, #""navcore":1.0"#, false), (#""navcore":1"#, #""navcore":01"#, false),
        (#""seq":"#, #""seq":1234567890123456789,"s":"#, false), (#""seq":"#, #""seq":-"#, true),
        (#""layout":""#, #""layout":"tab"#, false), (#""layout":"stack""#, #""layout":"tabs""#, false), (#""layout":"tabs""#, #""layout":"stack""#, nil),
        (#""presentations":[]"#, #""presentations":[],"pending":null"#, nil), (#""presentations":[]"#, #""presentations":[],"compact":false"#, nil),
        (#""stacks":{"#, #""stacks":{"main":{"entries":[]},"#, false), (#"{"entries":"#, #"{"presentations":[],"entries":"#, false),
        (#""main""#, #""ma\u00efn""#, false), (#""main""#, "\"ma\u{EF}n\"", false), (#""next_id":"#, #""locale":"vi","next_id":"#, true),
        (#""next_id":"#, #""locale":"not a tag","next_id":"#, false), (#""next_id":"#, #""conditions":{"a":true,"a":false},"next_id":"#, false),
        (#""next_id":"#, #""conditions":{"a":true,"b":0},"next_id":"#, false), (#""next_id":"#, #""conditions":{"a":true,"b":false},"next_id":"#, true),
        (#""next_id":"#, #""app":"shop","next_id":"#, false), (#""selected_tab":"#, #""selected_tab":1,"x":"#, nil),
        (#""tab_history":["#, #""tab_history":[1,"#, nil), (",", ", ", true), (":", " : ", true), (",", ",\n\t", true), ("}", "\r\n}", true),
        ("]", " ]", true), ("[", "[ ", true), ("\"", "\u{0C}\"", false),
    ]

    private func pick<T>(_ items: [T], _ mutator: inout RestoreFuzzTests.Mutator) -> T {
        items[Int(mutator.next() % UInt64(items.count))]
    }

    /// `text` with one occurrence of `edit.0`, picked at random, replaced by `edit.1`.
    private func apply(_ edit: (from: String, to: String, read: Bool?), to text: String, _ mutator: inout RestoreFuzzTests.Mutator) -> String {
        var ranges: [Range<String.Index>] = []
        var from = text.startIndex
        while let found = text.range(of: edit.from, range: from..<text.endIndex) {
            ranges.append(found)
            from = found.upperBound
        }
        guard !ranges.isEmpty else { return text }
        return text.replacingCharacters(in: pick(ranges, &mutator), with: edit.to)
    }

    /// A text near the snapshots navcore writes: one of them, then now and
    /// then edited, its tree mutated, or its bytes mutated.
    private func generate(_ seeds: [String], _ mutator: inout RestoreFuzzTests.Mutator) -> String {
        var text = pick(seeds, &mutator)
        for _ in 0..<Int(mutator.next() % 3) {
            switch mutator.next() % 6 {
            case 0:
                guard let node = try? JSONNode.parse(text) else { continue }
                mutator.tree(node)
                if let dumped = json_dumps(node, Int(JSON_COMPACT)) { text = String(cString: dumped); free(dumped) }
                node.release()
            case 1: text = mutator.bytes(text)
            default: text = apply(pick(Self.edits, &mutator), to: text, &mutator)
            }
        }
        return text
    }

    /// The law over generated texts, many of them read by the reader.
    func testReaderReadsWhatJanssonAndTheDecoderReadToTheSameSnapshotAndDecoderErrorsAreTheirs() throws {
        let run = SeededRun("SnapshotReaderTests", seed: 0x5EED_5A95, rounds: 6_000)
        var mutator = RestoreFuzzTests.Mutator(random: run.random)
        let seeds = try readSeeds() + declinedSeeds()
        var read = 0
        for _ in 0..<run.rounds where checkLaw(generate(seeds, &mutator)) { read += 1 }
        print("snapshot reader: \(read) of \(run.rounds) generated texts read without jansson")
        XCTAssertGreaterThan(read, run.rounds / 4, "the generated texts should often be ones the reader reads")
    }

    /// The snapshots of navigators without saved state, results, containers
    /// and pending intents are read by the reader, pretty-printed too.
    func testReaderReadsTheSnapshotsOfMostNavigators() throws {
        for text in try readSeeds() {
            XCTAssertTrue(checkLaw(text), "\(text) should be read by the reader")
            let node = try JSONNode.parse(text)
            defer { node.release() }
            let pretty = try XCTUnwrap(json_dumps(node, 2 /* JSON_INDENT(2), a macro Swift does not import */))
            defer { free(pretty) }
            XCTAssertTrue(checkLaw(pretty, String(cString: pretty)), "pretty-printed \(text) should be read by the reader")
        }
    }

    /// What the reader leaves to jansson: snapshots with what it does not
    /// read, and every text jansson or the decoder refuses; the decoder's
    /// result and error stay theirs.
    func testReaderLeavesEverythingElseToJansson() throws {
        for text in try declinedSeeds() {
            XCTAssertFalse(checkLaw(text), "\(text) should be left to jansson")
        }
        let seed = try readSeeds()[0]
        var mutator = RestoreFuzzTests.Mutator(random: SplitMix64(state: 1))
        for edit in Self.edits {
            let text = apply(edit, to: seed, &mutator)
            let read = checkLaw(text)
            if let expected = edit.read, text != seed { XCTAssertEqual(read, expected, text) }
        }
        XCTAssertFalse(checkLaw(String(seed.dropLast())))
        XCTAssertFalse(checkLaw(seed + "x"))
        XCTAssertFalse(checkLaw("[" + seed + "]"))
        XCTAssertFalse(checkLaw(""))
    }

    /// A snapshot with list params (docs/links.md, "Lists") is read by the
    /// reader, to the snapshot jansson and the decoder give: every list item
    /// for item, an empty list as `[]`.
    func testSnapshotsWithListParamsAreReadItemForItem() throws {
        let text = try snapshotText("lists", #"[{"op":"push","route":{"name":"filter","params":{"tags":["a","\u00e9 b"],"ids":[3,1]}}},{"op":"push","route":{"name":"filter"}}]"#)
        XCTAssertTrue(checkLaw(text), "a snapshot with lists should be read without jansson: \(text)")
        let snapshot = try XCTUnwrap(text.withCString { SnapshotReader.read($0) })
        let params = snapshot.stacks.first?.items.dropFirst().map(\.route.params) ?? []
        XCTAssertEqual(params.count, 2, text)
        XCTAssertEqual(params.first?.first { $0.0 == "tags" }?.1, .array([.string("a"), .string("\u{e9} b")]), text)
        XCTAssertEqual(params.first?.first { $0.0 == "ids" }?.1, .array([.int(3), .int(1)]), text)
        XCTAssertEqual(params.last?.first { $0.0 == "ids" }?.1, .array([]), text)
        let nested = text.replacingOccurrences(of: #"["a","#, with: #"[["a"],"#)
        XCTAssertNotEqual(nested, text)
        XCTAssertFalse(checkLaw(nested), "an array in a list is left to jansson and the decoder")
    }
}
