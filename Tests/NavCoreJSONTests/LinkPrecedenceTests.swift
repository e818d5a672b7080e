import NavCore
import TestSupport
import XCTest

/// The precedence of links (docs/links.md, "Precedence") on the table of
/// `Tests/vectors/tables/segments.json`, where optional and catch-all
/// segments overlap static and typed ones: the order of the links never
/// decides a resolution, and the round-trip law holds for every value
/// `url(for:)` writes, catch-alls with `/` inside an item included.
final class LinkPrecedenceTests: XCTestCase {
    typealias Random = SplitMix64

    /// Segments that meet every rank of the table, `/` and an empty one included.
    private static let segments = ["new", "7", "-5", "about", "en", "fr", "posts", "x", "a%2Fb", "caf%C3%A9", "", "03"]
    private static let origins = ["myapp://p", "myapp://docs", "myapp://blog", "myapp://pages"]
    /// Characters of generated text: reserved ones, `/`, `%`, space and several Unicode categories.
    private static let alphabet = Array("aZ09-._~ /?#&=+%;:@!$'()*,éß☕😀\u{301}\u{200B}٣")

    private func randomURL(_ random: inout Random) -> String {
        let origin = LinkPrecedenceTests.origins.randomElement(using: &random) ?? "myapp://p"
        let count = Int.random(in: 0...4, using: &random)
        let path = (0..<count).map { _ in "/" + (LinkPrecedenceTests.segments.randomElement(using: &random) ?? "x") }
        return origin + path.joined() + (Bool.random(using: &random) ? "/" : "")
    }

    /// What a URL resolves to, comparable across tables: the link's pattern and
    /// the routes, or the error's kind (messages name the closest link, which
    /// depends on the order).
    private func outcome(_ table: RouteTable, _ url: String) -> String {
        do {
            let resolution = try table.resolve(url)
            return "\(resolution.link?.pattern ?? "-") \(resolution.routes)"
        } catch {
            return "error \(error.kind)"
        }
    }

    func testShufflingTheLinksNeverChangesAResolution() throws {
        let run = SeededRun("LinkPrecedenceTests.testShufflingTheLinksNeverChangesAResolution", seed: 4_242, rounds: 40)
        var random = run.random
        let table = try vectorTable("segments.json")
        let urls = (0..<200).map { _ in randomURL(&random) }
        let expected = urls.map { outcome(table, $0) }
        XCTAssertGreaterThan(Set(expected).count, 20, "the URLs reach many links and values")
        for _ in 0..<run.rounds {
            let shuffled = try RouteTable(root: RouteRequest(name: "home"), definitions: Array(table.definitions.values),
                                          links: table.links.links.map(\.declaration).shuffled(using: &random))
            for (url, outcome) in zip(urls, expected) {
                XCTAssertEqual(self.outcome(shuffled, url), outcome, url)
            }
        }
    }

    private func randomText(_ random: inout Random) -> String {
        String((0..<Int.random(in: 1...6, using: &random)).map { _ in LinkPrecedenceTests.alphabet.randomElement(using: &random) ?? "a" })
    }

    private func randomValue(_ spec: ParamSpec, _ random: inout Random) -> InputValue {
        switch spec.type {
        case .int: return .int(Int.random(in: -1_000...1_000, using: &random))
        case .oneOf(let values): return .string(values.randomElement(using: &random) ?? "")
        case .list(.int): return .array((0..<Int.random(in: 0...4, using: &random)).map { _ in .int(Int.random(in: -99...99, using: &random)) })
        case .list: return .array((0..<Int.random(in: 0...4, using: &random)).map { _ in .string(randomText(&random)) })
        default: return .string(randomText(&random))
        }
    }

    func testURLForThenResolveGivesBackTheRouteWithOptionalsAndCatchAlls() throws {
        let run = SeededRun("LinkPrecedenceTests.testURLForThenResolveGivesBackTheRouteWithOptionalsAndCatchAlls", seed: 863, rounds: 300)
        var random = run.random
        let table = try vectorTable("segments.json")
        var written = 0
        var refusals: Set<String> = []
        for _ in 0..<run.rounds {
            for link in table.links.links {
                guard let name = link.routes.last, let definition = table.definitions[name] else { continue }
                var params: [(String, InputValue)] = []
                for (param, spec) in definition.params where spec.presence == .required || Bool.random(using: &random) {
                    params.append((param, randomValue(spec, &random)))
                }
                let route = try table.check(RouteRequest(name: name, params: params))
                let url: String
                do {
                    url = try table.url(for: route)
                } catch {
                    // Only a higher-ranked link taking the URL, or a catch-all without an item, refuses.
                    let reason = error.detail.contains("higher-ranked") ? "higher-ranked" : error.detail.contains("at least one segment") ? "empty" : error.detail
                    refusals.insert(reason)
                    continue
                }
                let resolution = try table.resolve(url)
                XCTAssertEqual(resolution.routes.last, route, url)
                XCTAssertEqual(try table.url(for: resolution.routes.last ?? route), url, "url_for of the resolution is the same URL")
                written += 1
            }
        }
        XCTAssertEqual(refusals, ["higher-ranked", "empty"])
        XCTAssertGreaterThan(written, run.rounds * 5)
    }

    func testAPercentEncodedSlashStaysInsideItsCatchAllItem() throws {
        let table = try vectorTable("segments.json")
        let route = try table.check(RouteRequest(name: "rest", params: [("rest", .array([.string("a/b"), .string("%2F"), .string("c")]))]))
        let url = try table.url(for: route)
        XCTAssertEqual(url, "myapp://p/a%2Fb/%252F/c")
        XCTAssertEqual(try table.resolve(url).routes, [route])
    }
}
