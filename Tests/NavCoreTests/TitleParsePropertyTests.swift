import TestSupport
import XCTest
@testable import NavCore

/// A template reads to the same parts, or fails with the same message,
/// whether `parse` takes its UTF-8 fast path or reads it character by
/// character (`TitleTemplate.parseCharacters`): over generated templates of
/// braces, ASCII, other letters, and the marks that join a brace to a
/// neighbour in one character (a combining accent after it, a prepended
/// sign before it), which the fast path must leave to the characters.
final class TitleParsePropertyTests: XCTestCase {
    /// The pieces templates are made of.
    private static let pieces = ["{", "}", "{", "}", "a", "id", " ", "caf\u{e9}", "\u{65E5}", "\u{1F600}",
                                 "\u{301}", "\u{600}", "\u{200D}", "\r", "\n", "x"]

    /// What a parse gave, comparable: the parts, or the error's message.
    private func outcome(_ result: Result<TitleTemplate, NavError>) -> String {
        switch result {
        case .success(let template): return "parts \(template.parts)"
        case .failure(let error): return "error \(error.kind) \(error.message)"
        }
    }

    func testBytesAndCharactersReadTheSame() {
        let run = SeededRun("TitleParsePropertyTests", seed: 0x717_1E_9A55, rounds: 20_000)
        var random = run.random
        var (parsed, failed, joined) = (0, 0, 0)
        for _ in 0..<run.rounds {
            let text = (0..<Int(random.next() % 9)).map { _ in Self.pieces[Int(random.next() % UInt64(Self.pieces.count))] }.joined()
            let bytes = TitleTemplate.parse(text), characters = TitleTemplate.parseCharacters(text)
            XCTAssertEqual(outcome(bytes), outcome(characters), "template \(Array(text.unicodeScalars))")
            if case .success = characters { parsed += 1 } else { failed += 1 }
            let scalars = Array(text.unicodeScalars)
            if zip(scalars, scalars.dropFirst()).contains(where: { pair in
                "{}".unicodeScalars.contains(pair.0) && pair.1.value >= 0x80 || pair.0.value >= 0x80 && "{}".unicodeScalars.contains(pair.1)
            }) { joined += 1 }
        }
        // The generator reaches each kind: templates that parse, that fail, and braces beside non-ASCII.
        XCTAssertGreaterThan(parsed, run.rounds / 10)
        XCTAssertGreaterThan(failed, run.rounds / 10)
        XCTAssertGreaterThan(joined, run.rounds / 100)
    }

    func testJoinedBracesAreCharactersOfTheirOwn() {
        // "{" with a combining accent is one character, not a brace: no placeholder opens.
        XCTAssertEqual(outcome(TitleTemplate.parse("a{\u{301}b")), "parts [NavCore.TitleTemplate.Part.literal(\"a{\u{301}b\")]")
        // A brace after a prepended sign is one character with it, so the "}" is stray.
        XCTAssertEqual(outcome(TitleTemplate.parse("\u{600}{id}")).hasPrefix("error table stray"), true)
        XCTAssertEqual(outcome(TitleTemplate.parse("caf\u{e9} {id}")), "parts [NavCore.TitleTemplate.Part.literal(\"caf\u{e9} \"), NavCore.TitleTemplate.Part.param(\"id\")]")
        XCTAssertEqual(outcome(TitleTemplate.parse("{{\u{65E5}}}")), "parts [NavCore.TitleTemplate.Part.literal(\"{\u{65E5}}\")]")
    }
}
