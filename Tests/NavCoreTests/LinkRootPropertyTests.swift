import TestSupport
import XCTest
@testable import NavCore

/// The trie's byte comparison of ASCII origins (`LinkTrie.root(scheme:host:port:)`)
/// against the general lookup by `Origin`, from a seeded generator: few origins
/// and more than the trie scans, ASCII or not (the Kelvin sign lower-cases to
/// an ASCII `k`), asked for in any case, with and without ports.
final class LinkRootPropertyTests: XCTestCase {
    typealias Random = SplitMix64

    private static let characters: [Character] = Array("abkABK.-09") + ["é", "É", "\u{212A}", "e\u{301}"]

    private func randomText(_ random: inout Random) -> String {
        String((0..<Int.random(in: 0...4, using: &random)).map { _ in
            LinkRootPropertyTests.characters.randomElement(using: &random) ?? "a"
        })
    }

    /// `text` with each ASCII letter in a random case.
    private func recased(_ text: String, _ random: inout Random) -> String {
        String(text.map { character in
            Bool.random(using: &random) && character.isASCII ? Character(character.uppercased()) : character
        })
    }

    func testTheByteLookupFindsTheRootTheOriginLookupFinds() {
        let run = SeededRun("LinkRootPropertyTests", seed: 24, rounds: 400)
        var random = run.random
        for _ in 0..<run.rounds {
            var trie = LinkTrie()
            var origins: [(scheme: String, host: String, port: Int?)] = []
            for link in 0..<Int.random(in: 1...12, using: &random) {
                let origin = (scheme: randomText(&random), host: randomText(&random), port: Bool.random(using: &random) ? 80 : nil)
                origins.append(origin)
                trie.insert([], origin: Origin(scheme: origin.scheme[...], host: origin.host[...], port: origin.port), link: link)
            }
            for _ in 0..<8 {
                var (scheme, host, port) = origins.randomElement(using: &random) ?? ("", "", nil)
                switch Int.random(in: 0...3, using: &random) {
                case 0: (scheme, host) = (recased(scheme, &random), recased(host, &random))
                case 1: (scheme, host) = (randomText(&random), randomText(&random))
                case 2: port = port == nil ? 80 : nil
                default: break
                }
                let general = trie.roots[Origin(scheme: scheme[...], host: host[...], port: port)]
                XCTAssertEqual(trie.root(scheme: scheme[...], host: host[...], port: port), general,
                               "seed \(run.seed): \(scheme)://\(host) port \(String(describing: port)) among \(origins)")
            }
        }
    }
}
