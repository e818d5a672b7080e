@_exported import TestSupport
import XCTest
@testable import NavCore
@testable import NavCoreJSON

/// A batch's text is read without jansson when it has the shape callers
/// usually send (`BatchReader`): to the actions jansson's reading gives, and
/// for any other text the decoder's actions and error are jansson's, byte for byte.
final class BatchReaderTests: XCTestCase {
    /// The actions as jansson alone reads them: what `decodeBatch(text:)` did before the reader.
    private func viaJansson(_ text: UnsafePointer<CChar>) -> Result<[Action], NavError> {
        Result { () throws(NavError) -> [Action] in
            let node = try JSONNode.parse(text)
            defer { node.release() }
            return try ActionDecoder.decodeBatch(node)
        }
    }

    /// The actions as the decoder reads them now.
    private func viaDecoder(_ text: UnsafePointer<CChar>) -> Result<[Action], NavError> {
        Result { () throws(NavError) -> [Action] in try ActionDecoder.decodeBatch(text: text) }
    }

    /// Checks the law for one text: the decoder gives jansson's actions or
    /// jansson's error, and the reader reads only texts jansson reads, to the
    /// same actions. Returns whether the reader read it.
    @discardableResult
    private func checkLaw(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> Bool {
        text.withCString { pointer in
            checkReaderLaw(text, jansson: viaJansson(pointer), decoder: viaDecoder(pointer), read: BatchReader.read(pointer), same: ==,
                           file: file, line: line)
        }
    }

    private static let routes = [#"{"name":"item","params":{"id":42}}"#, #"{"name": "home"}"#, #"{"params": {}, "name": "x"}"#,
                                 #"{"name":"a","params":{"tags":["a","caf\#u{e9}"],"on":true,"q":null}}"#]
    private static let badRoutes = [#"{"name":1}"#, "{}", #"{"name":"a","params":null}"#, #"{"name":"a","params":{"x":{"y":1}}}"#,
                                    #"{"name":"a","extra":1}"#, #""item""#, #"{"name":"a\nb"}"#, #"{"name":"a","name":"b"}"#,
                                    #"{"name":"a","params":{"id":1.5}}"#, "null"]

    /// A value of `kind`: most often one the op takes, else one of the wrong
    /// kind or shape, or one only jansson reads.
    private func value(of kind: ActionField.Kind, good: Bool, _ random: inout SplitMix64) -> String {
        switch kind {
        case .route: return good ? random.pick(Self.routes) : random.pick(Self.badRoutes)
        case .routes:
            return good ? "[" + (0..<Int(random.next() % 3)).map { _ in random.pick(Self.routes) }.joined(separator: ", ") + "]"
                : random.pick(["{}", "[" + random.pick(Self.badRoutes) + "]", "[1]", "[" + random.pick(Self.routes) + ",]"])
        case .tab, .string: return good ? random.pick([#""shop""#, #""caf\#u{e9}""#, #""""#]) : random.pick(["1", "null", #""a\u0041""#, "true"])
        case .stack: return good ? random.pick([#""main""#, "7", #""a/b""#]) : random.pick(["true", "1.5", "null", "[]"])
        case .int: return good ? random.pick(["1", "-3", "0", "2147483648"]) : random.pick(["1.0", #""1""#, "1234567890123456789", "01"])
        case .bool: return good ? random.pick(["true", "false"]) : random.pick(["1", "null", "tru"])
        case .name(let names):
            let cases = rawNames(names.type).map { "\"\($0)\"" }
            return good ? random.pick(cases) : random.pick([#""bogus""#, "1", "null"])
        case .json: return good ? "null" : random.pick([#"{"k":[1,"x"]}"#, #""picked""#, "7", "[]"])
        case .stringOrNull: return good ? random.pick(["null", #""draft""#]) : random.pick(["1", "false"])
        }
    }

    /// The raw values of `type`'s cases.
    private func rawNames<Name: ActionName>(_ type: Name.Type) -> [String] {
        Name.allCases.map(\.rawValue)
    }

    /// An action object of a random op: `op` first, most fields right, now and
    /// then a wrong one, a missing required one, an unknown or repeated key, or
    /// `op` later than another member.
    private func action(_ random: inout SplitMix64, spaces: [String]) -> String {
        let op = random.pick(ActionOp.allCases)
        var members = ["\"op\":" + random.pick(spaces) + "\"\(op.rawValue)\""]
        for field in op.fields {
            if case .required = field.presence, random.next() % 30 != 0 {} else if random.next() % 2 == 0 { continue }
            members.append("\"\(field.key)\":" + random.pick(spaces) + value(of: field.kind, good: random.next() % 16 != 0, &random))
        }
        switch random.next() % 16 {
        case 0: members.append(#""rout": 1"#)
        case 1: members.append(random.pick(members))
        case 2 where members.count > 1: members.swapAt(0, members.count - 1)
        case 3: members[0] = random.pick([#""op": "psh""#, #""op": 1"#, #""op": "pu\u0073h""#])
        default: break
        }
        return "{" + random.pick(spaces) + members.joined(separator: random.pick(spaces) + "," + random.pick(spaces)) + random.pick(spaces) + "}"
    }

    /// A batch near what callers send: an array of one to three actions, or
    /// one action object, and then now and then one character deleted or
    /// inserted, or another top-level value.
    private func generate(_ random: inout SplitMix64) -> String {
        if random.next() % 25 == 0 { return random.pick(["[]", " [ ] ", "42", "\"push\"", "", "null", "[1]", "{", "[{}]", "{}"]) }
        let spaces = random.next() % 4 != 0 ? ["", " ", "\n"] : ["", " ", "\t", "\r", "\u{0C}", "\u{A0}"]
        var text: String
        if random.next() % 4 == 0 {
            text = action(&random, spaces: spaces)
        } else {
            text = "[" + (0..<1 + Int(random.next() % 3)).map { _ in action(&random, spaces: spaces) }.joined(separator: random.pick(spaces) + ",") + "]"
        }
        text = random.pick(spaces) + text + random.pick(spaces)
        return random.slip(text, oneIn: 10, stray: ["{", "}", "[", "]", ",", ":", "\"", "\\", " ", "0", "a", "."])
    }

    /// The law over generated texts, a good share of them read by the reader.
    func testReaderReadsWhatJanssonReadsToTheSameActionsAndDecoderErrorsAreJanssons() {
        checkReaderLawRounds("BatchReaderTests", seed: 0xBA7C_4EAD, rounds: 20_000, generate: generate) { checkLaw($0) }
    }

    /// The batches callers usually send are read by the reader, to their actions.
    func testReaderReadsTheBatchesCallersSend() throws {
        let cases: [(String, [Action])] = [
            (#"[{"op": "push", "route": {"name": "item", "params": {"id": 7}}}]"#,
             [.push(RouteRequest(name: "item", params: [("id", .int(7))]))]),
            (#"{"op":"pop","count":2,"tab":"shop"}"#, [.pop(count: 2, tab: "shop")]),
            (#"[{"op": "push", "route": {"name": "a"}, "policy": "single_top", "stack": 12}, {"op": "back"}]"#,
             [.push(RouteRequest(name: "a"), policy: .singleTop, stack: .entry(12)), .back()]),
            (#"[{"op":"set_stack","routes":[{"name":"a"},{"name":"b","params":{"tags":["x"]}}]}]"#,
             [.setStack([RouteRequest(name: "a"), RouteRequest(name: "b", params: [("tags", .array([.string("x")]))])])]),
            (" [ ] ", []),
        ]
        for (text, expected) in cases {
            XCTAssertTrue(checkLaw(text), "\(text) should be read by the reader")
            XCTAssertEqual(text.withCString { BatchReader.read($0) }, expected, text)
        }
    }

    /// What the reader leaves to jansson: texts jansson refuses, and texts it
    /// reads that the reader does not; the decoder's actions and error stay jansson's.
    func testReaderLeavesEverythingElseToJansson() {
        let declined = [
            #"[{"route": {"name": "a"}, "op": "push"}]"#, #"[{"op": "pop", "result": {"v": 1}}]"#,
            #"[{"op": "push", "route": {"name": "a\u0041"}}]"#, #"[{"op": "push", "route": {"name": "a", "params": {"x": 1.5}}}]"#,
            #"[{"op": "push"}]"#, #"[{"op": "push", "route": {"name": "a"}, "route": {"name": "b"}}]"#,
            #"[{"op": "push", "route": {"name": "a"}, "rout": 1}]"#, #"[{"op": "pop", "count": 1}] x"#,
            #"[{"op": "push", "route": {"name": "a"}, "policy": "sometimes"}]"#, #"[{"op": "psh"}]"#, #"[{"op": "pop",}]"#,
            #"[{"op": "pop", "count": 1.0}]"#, #"[{"op": "pop", "tab": null}]"#, "[1]", "42", "", "[{\"op\": \"back\"}",
        ]
        for text in declined {
            XCTAssertFalse(checkLaw(text), "\(text) should be left to jansson")
        }
    }

    /// The batches of the fuzz tables' action pool (escapes in params, saved
    /// states and results among them) obey the law, and most are read.
    func testPoolBatchesObeyTheLaw() throws {
        let run = SeededRun("BatchReaderTests.pool", seed: 0xBA7C_9001, rounds: 600)
        var random = run.random
        for (_, tableText) in try ActionPool.fuzzTables() {
            let pool = try ActionPool(tableText)
            let navigator = Navigator(table: try decodeTable(tableText))
            var read = 0
            for _ in 0..<run.rounds where checkLaw(pool.batch(&random, navigator)) { read += 1 }
            XCTAssertGreaterThan(read, run.rounds / 5)
        }
    }
}
