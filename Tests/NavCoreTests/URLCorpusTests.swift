import Foundation
import XCTest
@testable import NavCore

/// The WHATWG URL test data (Tests/data/urls) read as navcore reads URLs:
/// by RFC 3986 (docs/links.md, "Reading a URL"), each input on its own.
final class URLCorpusTests: XCTestCase {
    /// Every input and every parsed `href` of the data, once each, with
    /// whether the WHATWG parser refuses it.
    private static func corpus() throws -> [(text: String, whatwgFailure: Bool)] {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("data/urls/urltestdata.json")
        let cases = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [Any])
        var seen: Set<String> = []
        var texts: [(text: String, whatwgFailure: Bool)] = []
        for case let object as [String: Any] in cases {
            for key in ["input", "href"] {
                guard let text = object[key] as? String, seen.insert(text).inserted else { continue }
                texts.append((text, key == "input" && object["failure"] as? Bool == true))
            }
        }
        XCTAssertGreaterThan(texts.count, 1_000, "the data has its cases")
        return texts
    }

    /// The category of docs/links.md ("Where RFC 3986 and the WHATWG URL
    /// Standard differ") that an input RFC 3986 allows falls into, or nil.
    static func category(of text: String) -> String? {
        guard let schemeEnd = text.firstIndex(of: ":"), text[schemeEnd...].hasPrefix("://") else { return nil }
        let scheme = text[..<schemeEnd].lowercased()
        let authority = text[text.index(schemeEnd, offsetBy: 3)...].prefix { !"/?#".contains($0) }
        let host = authority.hasPrefix("[") ? "" : String(authority.prefix { $0 != ":" })
        let decoded = String(decoding: percentDecoded(host), as: UTF8.self)
        if scheme == "file" { return "file" }
        if decoded.unicodeScalars.contains(where: { !$0.isASCII }) { return "idna" }
        if decoded.contains(where: { " #%/:<>?@[\\]^|".contains($0) }) { return "forbidden host code point" }
        let labels = (decoded.hasSuffix(".") ? String(decoded.dropLast()) : decoded).split(separator: ".", omittingEmptySubsequences: false)
        if let last = labels.last, last.wholeMatch(of: /0[xX][0-9A-Fa-f]*|[0-9]+/) != nil { return "ipv4-like" }
        return nil
    }

    /// The UTF-8 bytes of `text` with its `%XX` escapes decoded.
    private static func percentDecoded(_ text: String) -> [UInt8] {
        var bytes: [UInt8] = []
        var rest = Array(text.utf8)[...]
        while let byte = rest.popFirst() {
            if byte == UInt8(ascii: "%"), rest.count >= 2, let value = UInt8(String(decoding: rest.prefix(2), as: UTF8.self), radix: 16) {
                bytes.append(value)
                rest = rest.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return bytes
    }

    func testNoInputTrapsAndEveryRefusalIsANoMatch() throws {
        let table = try linksTable()
        var resolved = 0
        for (text, _) in try URLCorpusTests.corpus() {
            do {
                _ = try table.resolve(text)
                resolved += 1
            } catch {
                XCTAssertEqual(error.kind, .noMatch, text)
                XCTAssertEqual(error.path, "url", text)
            }
            _ = try? IncomingURL.parse(text)
        }
        XCTAssertEqual(resolved, 0, "no URL of the data is a link of the shop table")
    }

    func testAWHATWGFailureIsReadOnlyInADocumentedCategory() throws {
        var accepted: [String: [String]] = [:]
        for (text, failure) in try URLCorpusTests.corpus() where failure {
            guard let url = try? IncomingURL.parse(text) else { continue }
            let category = URLCorpusTests.category(of: text)
            XCTAssertNotNil(category, "the WHATWG parser refuses \(text.debugDescription), navcore reads it, and no documented category says why")
            accepted[category ?? "none", default: []].append(text)
            // The documented answer: the host is a registered name, decoded and compared as text.
            let authority = text.split(separator: "/", maxSplits: 3, omittingEmptySubsequences: false)[2]
            let host = authority.prefix { $0 != ":" }
            XCTAssertEqual(String(url.origin.host), String(decoding: URLCorpusTests.percentDecoded(String(host)), as: UTF8.self).lowercased(), text)
        }
        XCTAssertEqual(Set(accepted.keys), ["file", "idna", "forbidden host code point", "ipv4-like"],
                       "each documented category occurs in the data: \(accepted)")
    }

    func testTheCategoriesOfTheDocs() {
        XCTAssertEqual(URLCorpusTests.category(of: "http://1.2.3.4.5/"), "ipv4-like")
        XCTAssertEqual(URLCorpusTests.category(of: "http://foo.0x4./"), "ipv4-like")
        XCTAssertEqual(URLCorpusTests.category(of: "http://ho%3Cst/"), "forbidden host code point")
        XCTAssertEqual(URLCorpusTests.category(of: "http://%ef%bf%bd/"), "idna")
        XCTAssertEqual(URLCorpusTests.category(of: "file://example:1/"), "file")
        XCTAssertNil(URLCorpusTests.category(of: "https://shop.example.com/x"))
    }
}
