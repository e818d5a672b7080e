import Foundation
import TestSupport
import XCTest
@testable import NavCore

/// navcore's RFC 3986 splitter (`URISyntax`) over the corpora of
/// Tests/data: RFC 3986's own examples, uriparser's test URIs and the WHATWG
/// URL test data, plus generated URL-like text; and against the splitter it
/// replaced, Foundation's `URLComponents(string:encodingInvalidCharacters: false)`,
/// which must split and refuse every text exactly as it does (docs/links.md,
/// "Reading a URL").
final class URISyntaxCorpusTests: XCTestCase {
    /// The components of `text` by `URISyntax`, as byte offsets; nil when refused.
    static func split(_ text: String) -> Components? {
        var text = text
        return text.withUTF8(URISyntax.parse).map { syntax in
            Components(scheme: syntax.scheme, userinfo: syntax.userinfo != nil, host: syntax.host, port: syntax.port,
                       path: syntax.path, query: syntax.query, fragment: syntax.fragment)
        }
    }

    /// The same by `URLComponents`, the splitter navcore used before its own.
    static func foundationSplit(_ text: String) -> Components? {
        guard let components = URLComponents(string: text, encodingInvalidCharacters: false) else { return nil }
        func offsets(_ range: Range<String.Index>?) -> Range<Int>? {
            range.map { text.utf8.distance(from: text.utf8.startIndex, to: $0.lowerBound)..<text.utf8.distance(from: text.utf8.startIndex, to: $0.upperBound) }
        }
        let end = text.utf8.count
        return Components(scheme: offsets(components.rangeOfScheme),
                          userinfo: components.rangeOfUser != nil || components.rangeOfPassword != nil,
                          host: offsets(components.rangeOfHost), port: offsets(components.rangeOfPort),
                          path: offsets(components.rangeOfPath) ?? pathWithout(offsets(components.rangeOfQuery), offsets(components.rangeOfFragment), end),
                          query: offsets(components.rangeOfQuery), fragment: offsets(components.rangeOfFragment))
    }

    /// Where an empty path is when URLComponents gives no range for it: before the query or fragment.
    private static func pathWithout(_ query: Range<Int>?, _ fragment: Range<Int>?, _ end: Int) -> Range<Int> {
        let at = query.map { $0.lowerBound - 1 } ?? fragment.map { $0.lowerBound - 1 } ?? end
        return at..<at
    }

    /// Components as byte offsets, comparable between the two splitters.
    struct Components: Equatable, CustomStringConvertible {
        var scheme: Range<Int>?
        var userinfo: Bool
        var host: Range<Int>?
        var port: Range<Int>?
        var path: Range<Int>
        var query: Range<Int>?
        var fragment: Range<Int>?

        var description: String {
            "scheme \(String(describing: scheme)) userinfo \(userinfo) host \(String(describing: host)) port \(String(describing: port)) "
                + "path \(path) query \(String(describing: query)) fragment \(String(describing: fragment))"
        }
    }

    private static func data(_ name: String) throws -> Any {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("data/\(name)")
        return try JSONSerialization.jsonObject(with: Data(contentsOf: file))
    }

    /// Every text of the WHATWG data (inputs and parsed hrefs).
    private static func whatwgTexts() throws -> [String] {
        let cases = try XCTUnwrap(try data("urls/urltestdata.json") as? [Any])
        return cases.compactMap { $0 as? [String: Any] }.flatMap { [$0["input"], $0["href"]].compactMap { $0 as? String } }
    }

    /// The scheme `addressbook` lets URLComponents accept any port; navcore's
    /// splitter asks digits of every scheme's port (and navcore refused such a
    /// port all the same, naming it, right after the split).
    private static func agreeWithFoundation(_ text: String, file: StaticString = #filePath, line: UInt = #line) {
        let ascii = String(decoding: text.utf8.filter { $0 < 0x80 }, as: UTF8.self)
        guard !ascii.lowercased().hasPrefix("addressbook:") else { return }
        XCTAssertEqual(split(ascii), foundationSplit(ascii), ascii.debugDescription, file: file, line: line)
    }

    func testRFC3986sExamplesSplitAsAppendixBSplitsThem() throws {
        let cases = try XCTUnwrap(try URISyntaxCorpusTests.data("rfc3986/examples.json") as? [[String: Any]])
        XCTAssertEqual(cases.count, 51)
        for example in cases {
            let url = try XCTUnwrap(example["url"] as? String)
            let parts = try XCTUnwrap(URISyntaxCorpusTests.split(url), url)
            func text(_ range: Range<Int>?) -> String? {
                range.map { String(decoding: Array(url.utf8)[$0], as: UTF8.self) }
            }
            XCTAssertEqual(text(parts.scheme), example["scheme"] as? String, url)
            XCTAssertEqual(text(parts.host), example["host"] as? String, url)
            XCTAssertEqual(parts.port.flatMap { $0.isEmpty ? nil : text($0) }, example["port"] as? String, url)
            XCTAssertEqual(parts.userinfo, example["userinfo"] as? String != nil, url)
            XCTAssertEqual(text(parts.path), example["path"] as? String, url)
            XCTAssertEqual(text(parts.query), example["query"] as? String, url)
            XCTAssertEqual(text(parts.fragment), example["fragment"] as? String, url)
            URISyntaxCorpusTests.agreeWithFoundation(url)
        }
    }

    func testUriparsersRefusedURIsAreRefusedAndAllSplitAsBefore() throws {
        let cases = try XCTUnwrap(try URISyntaxCorpusTests.data("uriparser/uris.json") as? [String: [String]])
        let refused = try XCTUnwrap(cases["refused"])
        let parsed = try XCTUnwrap(cases["parsed"])
        XCTAssertGreaterThan(refused.count, 25)
        XCTAssertGreaterThan(parsed.count, 80)
        // A link is absolute with a host: navcore refuses every one uriparser refuses, some of them
        // after the split ("::" is a relative reference, "http://[xyz]/" no IPv6 address).
        for text in refused {
            XCTAssertThrowsError(try URLParts.split(text), text.debugDescription)
            URISyntaxCorpusTests.agreeWithFoundation(text)
        }
        for text in parsed {
            XCTAssertNotNil(URISyntaxCorpusTests.split(text), text.debugDescription)
            URISyntaxCorpusTests.agreeWithFoundation(text)
        }
    }

    func testTheWHATWGDataSplitsAsBefore() throws {
        let texts = try URISyntaxCorpusTests.whatwgTexts()
        XCTAssertGreaterThan(texts.count, 1_000)
        for text in texts { URISyntaxCorpusTests.agreeWithFoundation(text) }
    }

    /// Pieces of URLs and of what is not one, every delimiter and class of character among them.
    private static let pieces = [
        "a", "Z9", "+.-", "http", "://", ":", "//", "/", "?", "#", "@", "[", "]", "[::1]", "[::1]:", "[v1.x]", "[fe80::1%25en0]", "%25", "%",
        "%4", "%41", "%zz", ":80", ":8x", "::", "u:p@", "!$&'()*,;=", "-._~", " ", "\"", "<>", "\\", "^", "`", "{|}", "\u{7}", "\u{7F}",
    ]

    func testGeneratedTextSplitsAsBefore() {
        let run = SeededRun("URISyntaxCorpusTests", seed: 3986, rounds: 20_000)
        var random = run.random
        var refusedByBoth = 0
        for _ in 0..<run.rounds {
            let lead = ["s://", "HTTP://", "s:", "//", ""][Int.random(in: 0..<5, using: &random)]
            let text = lead + (0..<Int.random(in: 0...8, using: &random)).map { _ in Self.pieces.randomElement(using: &random) ?? "" }.joined()
            URISyntaxCorpusTests.agreeWithFoundation(text)
            if URISyntaxCorpusTests.split(text) == nil { refusedByBoth += 1 }
        }
        XCTAssertGreaterThan(refusedByBoth, run.rounds / 10, "the text is refused often enough to test refusals")
        XCTAssertLessThan(refusedByBoth, run.rounds * 9 / 10, "and split often enough to test splits")
    }
}
