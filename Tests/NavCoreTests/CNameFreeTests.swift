import Foundation
import XCTest

/// The core and the codec name no C symbol, value or argument (docs/building.md,
/// "Layers"): no string literal of `Sources/NavCore`, `Sources/NavCoreJSON` or `Sources/NavCoreTable`
/// holds `navcore_` or `NAVCORE_`. Where a message must name one, the C ABI
/// (`Sources/NavCoreC`) supplies it. Comments may name them.
final class CNameFreeTests: XCTestCase {
    /// The targets whose strings must name no C symbol.
    static let targets = ["NavCore", "NavCoreJSON", "NavCoreTable"]

    func testNoStringOfTheCoreOrTheCodecNamesACSymbol() throws {
        var checked = 0
        for target in Self.targets {
            let directory = LayerOrderTests.sources.appendingPathComponent(target)
            guard let walker = FileManager.default.enumerator(atPath: directory.path) else { continue }
            for case let path as String in walker where path.hasSuffix(".swift") {
                let text = try String(contentsOf: directory.appendingPathComponent(path), encoding: .utf8)
                for literal in Self.stringLiterals(in: text) {
                    checked += 1
                    XCTAssertFalse(literal.contains("navcore_") || literal.contains("NAVCORE_"),
                                   "\(target)/\(path) names a C symbol in \"\(literal)\": let the C ABI supply the name")
                }
            }
        }
        XCTAssertGreaterThan(checked, 100, "hardly any string literal was found: the reader is broken")
    }

    func testTheReaderSeesEveryFormOfStringAndNoComment() {
        let text = ##"""
            /// `NAVCORE_OK` in a doc comment
            let a = "plain \"q\" \(f("inner")) end" // "in a comment"
            /* "block /* nested */ comment" */ let b = #"raw \(x) "quoted" \#(y)"#
            let c = """
                multi "line"
                """
            """##
        XCTAssertEqual(Self.stringLiterals(in: text), ["inner", #"plain \"q\"  end"#, #"raw \(x) "quoted" "#, "    multi \"line\"\n    "])
    }

    /// The text of every string literal of Swift source `text`, without its
    /// interpolations (whose own literals are listed, innermost first) and
    /// without its delimiters; escapes are kept as written. Comments are skipped.
    static func stringLiterals(in text: String) -> [String] {
        let characters = Array(text)
        /// Where the reader is: code (its open parentheses, for the end of an
        /// interpolation) or a string (its `#` count, whether multi-line, its text so far).
        enum Context {
            case code(parentheses: Int)
            case string(hashes: Int, multiline: Bool, text: String)
        }
        var contexts: [Context] = [.code(parentheses: 0)]
        var literals: [String] = []
        var index = 0
        func starts(_ prefix: String, at position: Int) -> Bool {
            let wanted = Array(prefix)
            return position + wanted.count <= characters.count && Array(characters[position..<position + wanted.count]) == wanted
        }
        while index < characters.count, let context = contexts.last {
            switch context {
            case .code(let parentheses):
                if starts("//", at: index) {
                    while index < characters.count, characters[index] != "\n" { index += 1 }
                } else if starts("/*", at: index) {
                    var depth = 0
                    repeat {
                        if starts("/*", at: index) { depth += 1; index += 2 } else if starts("*/", at: index) { depth -= 1; index += 2 } else { index += 1 }
                    } while depth > 0 && index < characters.count
                } else if characters[index] == "#" || characters[index] == "\"" {
                    var hashes = 0
                    while index + hashes < characters.count, characters[index + hashes] == "#" { hashes += 1 }
                    guard starts("\"", at: index + hashes) else { index += max(hashes, 1); continue }
                    let multiline = starts("\"\"\"", at: index + hashes)
                    index += hashes + (multiline ? 3 : 1)
                    if multiline, index < characters.count, characters[index] == "\n" { index += 1 }
                    contexts.append(.string(hashes: hashes, multiline: multiline, text: ""))
                } else if characters[index] == "(" {
                    contexts[contexts.count - 1] = .code(parentheses: parentheses + 1)
                    index += 1
                } else if characters[index] == ")" {
                    if parentheses == 0, contexts.count > 1 { contexts.removeLast() } else {
                        contexts[contexts.count - 1] = .code(parentheses: parentheses - 1)
                    }
                    index += 1
                } else {
                    index += 1
                }
            case .string(let hashes, let multiline, let text):
                let hashMarks = String(repeating: "#", count: hashes)
                let closing = (multiline ? "\"\"\"" : "\"") + hashMarks
                if starts("\\" + hashMarks + "(", at: index) {
                    index += hashes + 2
                    contexts.append(.code(parentheses: 0))
                } else if starts("\\" + hashMarks, at: index), index + hashes + 1 < characters.count {
                    let end = index + hashes + 2
                    contexts[contexts.count - 1] = .string(hashes: hashes, multiline: multiline, text: text + String(characters[index..<end]))
                    index = end
                } else if starts(closing, at: index) {
                    literals.append(multiline && text.hasSuffix("\n") ? String(text.dropLast()) : text)
                    contexts.removeLast()
                    index += closing.count
                } else {
                    contexts[contexts.count - 1] = .string(hashes: hashes, multiline: multiline, text: text + String(characters[index]))
                    index += 1
                }
            }
        }
        return literals
    }
}
