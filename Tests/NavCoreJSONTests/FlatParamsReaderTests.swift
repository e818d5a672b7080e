@_exported import TestSupport
import XCTest
@testable import NavCore
@testable import NavCoreJSON

/// The params text of a convenience call is read without jansson when it is a
/// small flat object (`FlatParamsReader`): to the values jansson gives, and
/// for any other text the decoder's result and error are jansson's, byte for byte.
final class FlatParamsReaderTests: XCTestCase {
    private static let input = "params_json"
    private static let path = "actions[0].route.params"

    /// The params as jansson alone reads them: what `decodeParams` did before the reader.
    private func viaJansson(_ text: UnsafePointer<CChar>) -> Result<[(String, InputValue)], NavError> {
        Result { () throws(NavError) -> [(String, InputValue)] in
            let node = try JSONNode.parse(text, at: Self.input)
            defer { node.release() }
            return try RouteRequestDecoder.params(node, at: Self.path)
        }
    }

    /// The params as the decoder reads them now.
    private func viaDecoder(_ text: UnsafePointer<CChar>) -> Result<[(String, InputValue)], NavError> {
        Result { () throws(NavError) -> [(String, InputValue)] in
            try ActionDecoder.decodeParams(text: text, input: Self.input, at: Self.path)
        }
    }

    private func same(_ lhs: [(String, InputValue)], _ rhs: [(String, InputValue)]) -> Bool {
        lhs.elementsEqual(rhs) { $0.0 == $1.0 && $0.1 == $1.1 }
    }

    /// Checks the law for one text: the decoder gives jansson's params or
    /// jansson's error, and the reader reads only texts jansson reads, to the
    /// same params. Returns whether the reader read it.
    @discardableResult
    private func checkLaw(_ text: UnsafePointer<CChar>, _ label: String, file: StaticString = #filePath, line: UInt = #line) -> Bool {
        checkReaderLaw(label, jansson: viaJansson(text), decoder: viaDecoder(text), read: FlatParamsReader.read(text), same: same,
                       file: file, line: line)
    }

    private func checkLaw(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> Bool {
        text.withCString { checkLaw($0, text.debugDescription, file: file, line: line) }
    }

    private static let keys = ["id", "slug", "a", "", "caf\u{e9}", "\u{1F600}", "a\\\"b", "x\\u0041", "id "]
    private static let values = [
        "42", "-0", "0", "7", "-12", "-", "01", "-01", "00", "1.5", "1e3", "2E1", "1.", "123456789012345678", "-123456789012345678",
        "1234567890123456789", "9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809",
        "true", "false", "null", "tru", "truex", "nulls", "fals", "True", "\"shoes\"", "\"\"", "\"caf\u{e9}\"", "\"\u{1F600}\"",
        "\"a\\nb\"", "\"a\\\\b\"", "\"tab\there\"", "\"\u{7F}\"", "\"\u{1}\"", "[]", "[1]", "[1,]", "[[1]]", "[1.5]", "[\"a\\nb\"]", "[1 2]", "{}", "{\"a\":1}", "\"open", "",
    ]
    /// Whitespace, the last two of which JSON does not allow.
    private static let spaces = ["", "", " ", "\n", "\t", "\r", "  ", "\u{0C}", "\u{A0}"]
    private static let stray: [Character] = ["{", "}", "[", "]", ",", ":", "\"", "\\", " ", "0", "9", "a", "-", ".", "e", "\u{e9}"]

    /// A text near the flat objects callers write: members from pieces both
    /// good and bad, then now and then one character deleted or inserted, or
    /// another top-level value.
    private func generate(_ random: inout SplitMix64) -> String {
        if random.next() % 20 == 0 { return random.pick(["42", "[]", "\"x\"", "", " ", "null", "[{}]", "{", "}"]) }
        let good = random.next() % 2 == 0
        let spaces = good ? Array(Self.spaces.dropLast(2)) : Self.spaces
        var text = random.pick(spaces) + "{" + random.pick(spaces)
        let count = Int(random.next() % 5)
        for index in 0..<count {
            if index > 0 { text += random.pick(spaces) + "," + random.pick(spaces) }
            let key = good ? random.pick(["id", "slug", "page", "q", "flag", "caf\u{e9}"]) : random.pick(Self.keys)
            let value = good ? random.pick(["42", "-7", "0", "true", "false", "null", "\"shoes\"", "\"\"", "\"caf\u{e9}\"",
                                     "[]", "[\"a\", \"caf\u{e9}\"]", "[3,-1]", "[ true , null ]"])
                : random.pick(Self.values)
            text += "\"" + key + "\"" + random.pick(spaces) + ":" + random.pick(spaces) + value
        }
        text += random.pick(spaces) + "}" + random.pick(spaces)
        return random.slip(text, oneIn: 8, stray: Self.stray)
    }

    /// The law over generated texts, most of them read by the reader.
    func testReaderReadsWhatJanssonReadsToTheSameValuesAndDecoderErrorsAreJanssons() {
        checkReaderLawRounds("FlatParamsReaderTests", seed: 0x5EED_F1A7, rounds: 20_000, generate: generate) { checkLaw($0) }
    }

    /// The params callers usually write are read by the reader, to their values.
    func testReaderReadsSmallFlatObjects() {
        let cases: [(String, [(String, InputValue)])] = [
            (#"{"id": 42}"#, [("id", .int(42))]),
            ("{}", []),
            (" \t\r\n{ } \n", []),
            (#"{"slug":"shoes","page":-3,"flag":true,"off":false,"q":null}"#,
             [("slug", .string("shoes")), ("page", .int(-3)), ("flag", .bool(true)), ("off", .bool(false)), ("q", .null)]),
            (#"{"name": "caf\#u{e9} \#u{1F600}", "": ""}"#, [("name", .string("caf\u{e9} \u{1F600}")), ("", .string(""))]),
            (#"{"id": -0, "n": 999999999999999999}"#, [("id", .int(0)), ("n", .int(999_999_999_999_999_999))]),
        ]
        for (text, expected) in cases {
            XCTAssertTrue(checkLaw(text), "\(text) should be read by the reader")
            let read = text.withCString { FlatParamsReader.read($0) }
            XCTAssertTrue(same(read ?? [], expected), "\(text): \(String(describing: read))")
        }
    }

    /// What the reader leaves to jansson: texts jansson refuses, and texts it
    /// reads that the reader does not (escapes, reals, nesting, long integers,
    /// many members); the decoder's result and error stay jansson's.
    func testReaderLeavesEverythingElseToJansson() {
        let declined = [
            #"{"id": 42, "id": 43}"#, #"{"id": 42,}"#, #"{"id" 42}"#, #"{"id": 042}"#, #"{"id": 4.2}"#, #"{"id": 4e2}"#,
            #"{"id": 1234567890123456789}"#, #"{"id": 9223372036854775808}"#, #"{"id": -}"#, #"{"id": tru}"#,
            #"{"id": truex}"#, #"{"id": "a\nb"}"#, #"{"a\u0041": 1}"#, "{\"id\": \"tab\there\"}", #"{"id": [[1]]}"#,
            #"{"id": [{}]}"#, #"{"id": [1.5]}"#, #"{"id": [1,]}"#, #"{"id": [1 2]}"#, #"{"id": [1}"#, #"{"id": ["a\nb"]}"#,
            "{\"ids\": [" + Array(repeating: "1", count: ParamType.maxListItems + 1).joined(separator: ",") + "]}",
            #"{"id": {}}"#, #"{"id": 1} x"#, #"{"id": 1}}"#, "{\"id\": 1}\u{0C}", #"{"id": "open}"#, "{", "", "[1]", "42",
            "{" + (0...FlatParamsReader.maxMembers).map { "\"k\($0)\": \($0)" }.joined(separator: ", ") + "}",
        ]
        for text in declined {
            XCTAssertFalse(checkLaw(text), "\(text) should be left to jansson")
        }
        guard case .failure(let duplicate) = viaDecoder(#"{"id": 42, "id": 43}"#) else { return XCTFail("duplicate keys read") }
        XCTAssertEqual(duplicate.kind, .json)
        XCTAssertEqual(duplicate.path, "params_json")
        XCTAssertTrue(duplicate.message.contains("duplicate object key"), duplicate.message)
        XCTAssertTrue(checkLaw("{" + (1...FlatParamsReader.maxMembers).map { "\"k\($0)\": \($0)" }.joined(separator: ", ") + "}"))
    }

    /// A list param's array of scalars is read by the reader, to an array of
    /// its items in order, as jansson reads it (docs/links.md, "Lists"); up
    /// to `ParamType.maxListItems` items, more are left to jansson.
    func testListParamsAreReadAsArrays() {
        for text in [#"{"tags": ["a", "b"], "id": 1}"#, #"{"tags": []}"#, #"{"id": 1, "ids": [3, 1, 3]}"#, #"{"on": [true, false, null]}"#,
                     "{\"ids\": [" + Array(repeating: "1", count: ParamType.maxListItems).joined(separator: ",") + "]}"] {
            XCTAssertTrue(checkLaw(text), "\(text) should be read by the reader")
        }
        let read = #"{"tags": ["a", "\#u{e9}"], "id": 1, "none": [ ]}"#.withCString { FlatParamsReader.read($0) }
        XCTAssertTrue(same(read ?? [], [("tags", .array([.string("a"), .string("\u{e9}")])), ("id", .int(1)), ("none", .array([]))]),
                      "\(String(describing: read))")
    }

    /// Text that is not UTF-8 (which the C layer refuses before) is left to
    /// jansson too, with jansson's error.
    func testReaderLeavesInvalidUTF8ToJansson() {
        let texts: [[UInt8]] = [
            Array(#"{"id": "x"#.utf8) + [0xC3, 0x28] + Array(#""}"#.utf8),
            Array(#"{""#.utf8) + [0xED, 0xA0, 0x80] + Array(#"": 1}"#.utf8),
            Array(#"{"id": ""#.utf8) + [0xF8, 0x88, 0x80, 0x80, 0x80] + Array(#""}"#.utf8),
            Array(#"{"id": ""#.utf8) + [0xC0, 0xAF] + Array(#""}"#.utf8),
        ]
        for bytes in texts {
            let declined = (bytes + [0]).withUnsafeBufferPointer { buffer in
                buffer.baseAddress.map { base in
                    base.withMemoryRebound(to: CChar.self, capacity: buffer.count) { !checkLaw($0, "\(bytes)") }
                }
            }
            XCTAssertEqual(declined, true, "\(bytes)")
        }
    }
}
