import TestSupport
import XCTest
@testable import NavCore

/// A title is its template's pieces in order, each param shown as
/// `ParamValue.text` shows it (nothing for an absent one): whether it is
/// written on the stack or, past `TitleTemplate.stackBytes`, appended.
final class TitleRenderPropertyTests: XCTestCase {
    /// The title as the definition says it: each piece appended to a string.
    private func appended(_ template: TitleTemplate, _ params: [Param]) -> String {
        template.parts.map { part in
            switch part {
            case .literal(let text): return text
            case .param(let name): return params.first { $0.name == name }?.value.text ?? ""
            }
        }.joined()
    }

    private static let literals = ["Product ", "", " ", "caf\u{e9} \u{1F600} ", "{", "}", "-",
                                   String(repeating: "long ", count: 30)]
    private static let values: [ParamValue] = [
        .int(42), .int(0), .int(-7), .int(9), .int(10), .int(Int.max), .int(Int.min), .bool(true), .bool(false),
        .string(""), .string("shoes"), .string("\u{1F600}\u{e9}"), .string(String(repeating: "x", count: 120)),
    ]

    func testRenderedTitleIsThePiecesInOrder() {
        let run = SeededRun("TitleRenderPropertyTests", seed: 0x717_1E5, rounds: 5_000)
        var random = run.random
        func pick<T>(_ items: [T]) -> T { items[Int(random.next() % UInt64(items.count))] }
        for _ in 0..<run.rounds {
            let names = ["a", "b", "c"]
            let parts: [TitleTemplate.Part] = (0..<Int(random.next() % 5)).map { _ in
                random.next() % 2 == 0 ? .literal(pick(Self.literals)) : .param(pick(names))
            }
            let template = TitleTemplate(parts: parts)
            let params = names.filter { _ in random.next() % 4 != 0 }.map { Param($0, pick(Self.values)) }
            XCTAssertEqual(template.render(params), appended(template, params), "\(parts) with \(params)")
        }
    }

    func testTitlesAtTheStackLimit() {
        let fits = String(repeating: "a", count: TitleTemplate.stackBytes - 2)
        let template = TitleTemplate(parts: [.literal(fits), .param("id")])
        XCTAssertEqual(template.render([Param("id", .int(42))]), fits + "42")
        XCTAssertEqual(template.render([Param("id", .int(420))]), fits + "420")
        XCTAssertEqual(template.render([Param("id", .int(-4))]), fits + "-4")
        XCTAssertEqual(template.render([Param("id", .string("xyz"))]), fits + "xyz")
        XCTAssertEqual(TitleTemplate(parts: [.literal("Home")]).render([]), "Home")
        XCTAssertEqual(TitleTemplate(parts: []).render([]), "")
    }
}
