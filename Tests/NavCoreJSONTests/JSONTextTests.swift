import CJansson
import XCTest
@testable import NavCoreJSON

/// The direct JSON writer escapes strings exactly as jansson does.
final class JSONTextTests: XCTestCase {
    private func janssonText(_ value: String) -> String {
        let node = value.withCString { json_string($0) }
        defer { json_decref(node) }
        guard let text = json_dumps(node, Int(JSON_ENCODE_ANY | JSON_COMPACT)) else { return "<failed>" }
        defer { free(text) }
        return String(cString: text)
    }

    func testStringsMatchJanssonsEscaping() throws {
        let samples = ["", "plain", "quote \" and backslash \\", "tab\tnew\nline\r", "\u{01}\u{08}\u{0C}\u{1F}\u{7F}",
                       "é ü 日本 🚀", "/slash/", String(repeating: "x\"", count: 200)]
        for sample in samples {
            var text = try JSONText(capacity: 1)
            try text.string(sample)
            XCTAssertEqual(OwnedText.string(consuming: text.finish()), janssonText(sample), sample)
        }
    }

    func testAGrownBufferStaysTerminated() throws {
        var text = try JSONText(capacity: 1)
        for index in 0..<1000 { try text.integer(index - 500) }
        let written = OwnedText.string(consuming: text.finish())
        XCTAssertEqual(written, (0..<1000).map { String($0 - 500) }.joined())
    }
}
