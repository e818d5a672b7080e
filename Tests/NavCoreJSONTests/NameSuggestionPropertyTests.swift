import NavCore
import NavCoreJSON
import TestSupport
import XCTest

/// "Did you mean" wherever a name is unknown (`NameSuggestion.didYouMean`):
/// every place that refuses a route, tab, stack, condition, style, link or key
/// name it does not know names the closest known one. The property: at each
/// place, each name known there, typed with one random edit (a letter dropped,
/// added, changed, or two swapped), is refused with that name suggested. The
/// names of the table below are at least three edits apart, so one edit
/// leaves exactly one of them closest.
final class NameSuggestionPropertyTests: XCTestCase {
    /// A place that reports an unknown name: the names it knows, and the
    /// message it refuses `typed` with (nil when it did not refuse it).
    private struct Place {
        let what: String
        let known: [String]
        let message: (String) -> String?
    }

    private static let table = """
        {"navcore": 1, "routes": {
          "home": {}, "product": {"params": {"id": "int"}, "requires": ["signed_in"]}, "checkout": {}, "welcome": {},
          "explore": {"layout": {"tabs": [{"name": "foryou", "root": "feed"}, {"name": "following", "root": "following"}]}},
          "feed": {}, "following": {}},
         "tabs": [{"name": "start", "root": "home"}, {"name": "explore", "root": "explore"},
                  {"name": "basket", "root": "checkout"}],
         "styles": ["sheet", "cover"],
         "conditions": {"signed_in": {"flow": {"route": "welcome"}}, "onboarded": {"flow": {"route": "welcome"}}},
         "links": [{"url": "shop://product/{id}", "stack": ["product"]}]}
        """
    private static let routes = ["home", "product", "checkout", "welcome", "explore", "feed", "following"]
    private static let tabs = ["start", "explore", "basket"]
    private static let conditions = ["signed_in", "onboarded"]

    /// The message of the error `body` throws, or nil when it throws none.
    private static func message(_ body: () throws(NavError) -> Void) -> String? {
        thrownError(body)?.description
    }

    /// The message of applying `actions` (JSON text) to a new navigator of the table.
    private static func applying(_ actions: String) -> String? {
        message { () throws(NavError) in
            var navigator = Navigator(table: try decodeTable(table))
            _ = try navigator.apply(try decodeActions(actions))
        }
    }

    /// The message of loading the table with `old` replaced by `new` (once).
    private static func loading(_ old: String, _ new: String) -> String? {
        guard let range = table.range(of: old) else { return "the table has no \(old)" }
        return message { () throws(NavError) in _ = try decodeTable(table.replacingCharacters(in: range, with: new)) }
    }

    private let places: [Place] = [
        Place(what: "push's route", known: routes) { applying(#"{"op": "push", "route": {"name": "\#($0)"}}"#) },
        Place(what: "pop_to's name", known: routes) { applying(#"{"op": "pop_to", "name": "\#($0)"}"#) },
        Place(what: "set_stack's routes", known: routes) { applying(#"{"op": "set_stack", "routes": [{"name": "\#($0)"}]}"#) },
        Place(what: "select_tab's tab", known: tabs) { applying(#"{"op": "select_tab", "tab": "\#($0)"}"#) },
        Place(what: "push's tab", known: tabs) { applying(#"{"op": "push", "route": {"name": "home"}, "tab": "\#($0)"}"#) },
        Place(what: "a stack of the root", known: tabs) { applying(#"{"op": "pop_to_root", "stack": "\#($0)"}"#) },
        Place(what: "a stack two levels down", known: ["foryou", "following"]) {
            applying(#"{"op": "pop_to_root", "stack": "explore/\#($0)"}"#)
        },
        Place(what: "set_condition's name", known: conditions) { applying(#"{"op": "set_condition", "name": "\#($0)", "value": true}"#) },
        Place(what: "present's style", known: ["sheet", "cover"]) {
            applying(#"{"op": "present", "route": {"name": "home"}, "style": "\#($0)"}"#)
        },
        Place(what: "an action's key", known: ["route", "policy"]) { applying(#"{"op": "push", "\#($0)": null}"#) },
        Place(what: "an action's op", known: ["push", "present", "dismiss"]) { applying(#"{"op": "\#($0)"}"#) },
        Place(what: "a tab's routes", known: routes) { loading(#""root": "checkout"}"#, #""root": "checkout", "routes": ["\#($0)"]}"#) },
        Place(what: "a tab's root", known: routes) { loading(#""root": "checkout"}"#, #""root": "\#($0)"}"#) },
        Place(what: "a nested tab's root", known: routes) { loading(#""root": "feed"}"#, #""root": "\#($0)"}"#) },
        Place(what: "a route's requires", known: conditions) { loading(#""requires": ["signed_in"]"#, #""requires": ["\#($0)"]"#) },
        Place(what: "a flow's style", known: ["sheet", "cover"]) {
            loading(#""flow": {"route": "welcome"}}, "onboarded""#, #""flow": {"route": "welcome", "style": "\#($0)"}}, "onboarded""#)
        },
        Place(what: "a redirect's from", known: routes) {
            loading(#""links""#, #""redirects": [{"from": "\#($0)", "when": {"signed_in": true}, "to": {"name": "checkout"}}], "links""#)
        },
        Place(what: "a redirect's condition", known: conditions) {
            loading(#""links""#, #""redirects": [{"from": "home", "when": {"\#($0)": true}, "to": {"name": "checkout"}}], "links""#)
        },
        Place(what: "a link's tab", known: tabs) { loading(#""stack": ["product"]}"#, #""stack": ["product"], "tab": "\#($0)"}"#) },
        Place(what: "a link's route", known: routes) { loading(#""stack": ["product"]}"#, #""stack": ["\#($0)"]}"#) },
        Place(what: "a link's into", known: tabs) { loading(#""stack": ["product"]}"#, #""stack": ["product"], "into": "\#($0)"}"#) },
        Place(what: "a table's key", known: ["routes", "styles"]) { loading(#""styles""#, #""\#($0)": 1, "styles""#) },
    ]

    /// `name` with one random edit, at least three bytes long.
    private static func typo(of name: String, _ random: inout SplitMix64) -> String {
        var bytes = Array(name.utf8)
        let letters = Array("abcdefghijklmnopqrstuvwxyz".utf8)
        let at = Int(random.next() % UInt64(bytes.count))
        switch random.next() % 4 {
        case 0 where bytes.count > 3: bytes.remove(at: at)
        case 1: bytes.insert(letters[Int(random.next() % 26)], at: at)
        case 2 where at + 1 < bytes.count && bytes[at] != bytes[at + 1]: bytes.swapAt(at, at + 1)
        default:
            let letter = letters[Int(random.next() % 26)]
            bytes[at] = letter == bytes[at] ? (letter == UInt8(ascii: "z") ? UInt8(ascii: "a") : letter + 1) : letter
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    func testEveryUnknownNameSuggestsTheKnownOneItMisspells() {
        let run = SeededRun("NameSuggestionPropertyTests", seed: 37, rounds: 6)
        var random = run.random
        for place in places {
            for name in place.known {
                for _ in 0..<run.rounds {
                    let typed = Self.typo(of: name, &random)
                    guard let message = place.message(typed) else {
                        XCTFail("\(place.what): \"\(typed)\" was not refused (seed \(run.seed))")
                        continue
                    }
                    XCTAssertTrue(message.contains("(did you mean \"\(name)\"?)"),
                                  "\(place.what): \"\(typed)\" for \"\(name)\": \(message) (seed \(run.seed))")
                }
            }
        }
    }

    /// The names of the table are far enough apart for the property to hold.
    func testTheTablesNamesAreThreeEditsApart() {
        for place in places {
            for (index, name) in place.known.enumerated() {
                for other in place.known[(index + 1)...] {
                    XCTAssertGreaterThanOrEqual(Self.distance(name, other), 3, "\(place.what): \(name), \(other)")
                }
            }
        }
    }

    /// Levenshtein distance, the test's own.
    private static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a.utf8), b = Array(b.utf8)
        var row = Array(0...b.count)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var next = [i] + [Int](repeating: 0, count: b.count)
            for j in 1...max(b.count, 1) where !b.isEmpty {
                next[j] = min(row[j] + 1, next[j - 1] + 1, row[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            row = next
        }
        return a.isEmpty ? b.count : row[b.count]
    }
}
