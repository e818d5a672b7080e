import TestSupport
import XCTest
@testable import NavCore

/// Which wins, `not_found` or refused text (docs/links.md, "No match"), over
/// generated URL-like text: a `not_found` route changes nothing for text
/// that resolves, or that is refused outright (it fails with the same
/// error); it catches exactly the well-formed URLs that no link matches,
/// its reason the error there would be without it.
final class NotFoundPropertyTests: XCTestCase {
    /// Pieces of URLs and of what is not one: schemes, hosts, escapes good and bad, separators.
    private static let pieces = [
        "myapp", "https", "://", ":", "//", "/", "users", "42", "x", "edit", "product", "shop.example.com", "nowhere",
        "%zz", "%4", "%41", "%FF", "%C3%A9", "%00", "?", "q=", "&", "page=2", "#", "@", "me@", ":80", ":99999", "[::1]", " ", "\u{7}", "é",
    ]

    private func text(_ random: inout SplitMix64) -> String {
        let lead = ["myapp://", "https://shop.example.com/", "", "/"][Int.random(in: 0..<4, using: &random)]
        return lead + (0..<Int.random(in: 0...6, using: &random)).map { _ in Self.pieces.randomElement(using: &random) ?? "" }.joined()
    }

    func testNotFoundCatchesExactlyTheWellFormedURLsNoLinkMatches() throws {
        let plain = try linksTable()
        let caught = try linksTable(notFound: RouteRequest(name: "notFound"))
        let run = SeededRun("NotFoundPropertyTests", seed: 546, rounds: 4000)
        var random = run.random
        var seen = ["resolved": 0, "refused": 0, "caught": 0]
        for _ in 0..<run.rounds {
            let url = text(&random)
            let withNotFound = Result { () throws(NavError) in try caught.resolve(url) }
            do {
                let resolution = try plain.resolve(url)
                XCTAssertEqual(try withNotFound.get().routes, resolution.routes, url)
                seen["resolved", default: 0] += 1
            } catch {
                XCTAssertEqual(error.kind, .noMatch)
                XCTAssertEqual(error.path, "url")
                if (try? IncomingURL.parse(url)) != nil {
                    let resolution = try withNotFound.get()
                    XCTAssertNil(resolution.link, url)
                    XCTAssertEqual(resolution.routes.map(\.name), ["notFound"], url)
                    XCTAssertEqual(resolution.reason, error.detail, url)
                    seen["caught", default: 0] += 1
                } else {
                    XCTAssertTrue(error.detail.contains(" is refused: "), error.message)
                    XCTAssertEqual(withNotFound.failure, error, "text that is no URL is refused with a not_found route too: \(url)")
                    seen["refused", default: 0] += 1
                }
            }
        }
        for (outcome, count) in seen { XCTAssertGreaterThan(count, 0, "no generated text was \(outcome)") }
    }
}

private extension Result {
    /// The error, or nil on success.
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
