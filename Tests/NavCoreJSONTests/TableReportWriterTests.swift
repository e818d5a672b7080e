import XCTest
import NavCore
@testable import NavCoreJSON

/// The table report document: exact compact JSON of a small table, title
/// templates written back as declared (braces doubled), params by type.
final class TableReportWriterTests: XCTestCase {
    func testASmallTableIsWrittenAsDeclared() throws {
        let table = try decodeTable("""
        {"navcore": 1, "root": "home", "not_found": "home", "routes": {"home": {"title": "Home {{sale}}"},
         "plan": {"params": {"kind": {"enum": ["a", "b"], "default": "a", "fallback": true}, "n": {"type": "int", "optional": true}},
                  "parent": "home", "push_policy": "single_top"}},
         "links": [{"url": "app://plan/{kind}", "stack": ["plan"], "mode": "push"}]}
        """)
        XCTAssertEqual(OwnedText.string(consuming: try DocumentWriter.tableReport(TableReport(table))),
                       #"{"navcore":1,"version":1,"layout":"stack","root":{"name":"home","params":{}},"#
                       + #""routes":[{"name":"home","params":[],"title":"Home {{sale}}","parent":null,"requires":[],"push_policy":"allow"},"#
                       + #"{"name":"plan","params":[{"name":"kind","type":"enum","enum":["a","b"],"required":false,"default":"a","fallback":true},"#
                       + #"{"name":"n","type":"int","required":false}],"title":null,"parent":"home","requires":[],"push_policy":"single_top"}],"#
                       + #""tabs":[],"conditions":[],"styles":["sheet","cover"],"#
                       + #""links":[{"url":"app://plan/{kind}","hosts":[],"mode":"push","tab":null,"stack":["plan"],"chain":["plan"],"placeholders":["kind"],"rank":[3]}],"#
                       + #""not_found":{"name":"home","params":{}},"#
                       + #""warnings":[{"kind":"unbound_param","path":"routes.plan.params.n","message":"no link binds param \"n\" of route \"plan\": a URL always gives it its default or none"}]}"#)
    }

    /// A list param is `"type": "list"` with its item type under `"items"`
    /// (and `"enum"` for a list of an enum), not required, its default [].
    func testListParamsAreWrittenWithTheirItemType() throws {
        let table = try decodeTable("""
        {"navcore": 1, "root": "home", "routes": {"home": {}, "f": {"params": {"tags": {"list": "string"},
         "sizes": {"list": {"enum": ["s", "m"]}, "optional": true}}}},
         "links": [{"url": "app://f?tag={tags}&size={sizes}", "stack": ["f"]}]}
        """)
        let text = OwnedText.string(consuming: try DocumentWriter.tableReport(TableReport(table)))
        XCTAssertTrue(text.contains(#"{"name":"sizes","type":"list","items":"enum","enum":["s","m"],"required":false}"#), text)
        XCTAssertTrue(text.contains(#"{"name":"tags","type":"list","items":"string","required":false,"default":[]}"#), text)
    }

    /// Each link's `rank` holds the precedence table's number of every path
    /// segment of its pattern (docs/links.md, "Precedence"): the table of
    /// vectors 863-868 has every kind; a link without a path has `[]`, and a
    /// fallback makes a typed placeholder untyped.
    func testEachLinkCarriesTheRankOfEachPathSegment() throws {
        let segments = try vectorTable("segments.json")
        XCTAssertEqual(TableReport(segments).links.map(\.rank), [[5], [2], [1], [4, 1], [3, 1], [5], [4, 1, 3], [5]])
        let text = OwnedText.string(consuming: try DocumentWriter.tableReport(TableReport(segments)))
        XCTAssertTrue(text.contains(#""url":"myapp://blog/{lang?}/posts/{slug}","#), text)
        XCTAssertTrue(text.contains(#""placeholders":["lang","slug"],"rank":[4,1,3]}"#), text)
        let flat = try decodeTable("""
        {"navcore": 1, "root": "home", "routes": {"home": {}, "u": {"params": {"id": "uuid", "k": {"enum": ["a"], "default": "a", "fallback": true}}}},
         "links": [{"url": "app://home", "stack": []}, {"url": "https://x.example/u/{id}/{k}", "stack": ["u"]}]}
        """)
        XCTAssertEqual(TableReport(flat).links.map(\.rank), [[], [1, 2, 3]])
    }

    func testPresentPolicyAndDismissableAppearOnlyWhenDeclared() throws {
        let table = try decodeTable("""
        {"navcore": 1, "root": "home", "routes": {"home": {}, "wall": {"present_policy": "single_top", "dismissable": false}}}
        """)
        let text = OwnedText.string(consuming: try DocumentWriter.tableReport(TableReport(table)))
        XCTAssertTrue(text.contains(#"{"name":"home","params":[],"title":null,"parent":null,"requires":[],"push_policy":"allow"}"#), text)
        XCTAssertTrue(text.contains(#""push_policy":"allow","present_policy":"single_top","dismissable":false}"#), text)
    }

    func testASplitViewsTitleAppearsOnlyWhenDeclared() throws {
        func report(_ split: String) throws -> String {
            let table = try decodeTable(#"{"navcore": 1, "root": "inbox", "routes": {"inbox": {}}, "split": "# + split + "}")
            return OwnedText.string(consuming: try DocumentWriter.tableReport(TableReport(table)))
        }
        XCTAssertTrue(try report(#"{"sidebar": ["inbox"], "title": "Mailboxes"}"#)
            .contains(#""layout":"split","root":{"name":"inbox","params":{}},"sidebar":["inbox"],"sidebar_title":"Mailboxes","routes""#))
        XCTAssertFalse(try report(#"{"sidebar": ["inbox"]}"#).contains("sidebar_title"))
    }

    /// A route with a layout writes it (the container its entries hold), and
    /// only such a route: a flat table's report is as before.
    func testARoutesLayoutIsWrittenWithTheRoute() throws {
        let table = try decodeTable("""
        {"navcore": 1, "root": "home", "routes": {"home": {}, "a": {}, "b": {}, "inbox": {}, "sent": {},
         "pair": {"layout": {"tabs": [{"name": "one", "root": "a"}, {"name": "two", "root": "b"}]}},
         "mail": {"layout": {"root": "inbox", "split": {"sidebar": ["inbox", "sent"], "title": "Mailboxes"}}}}}
        """)
        let text = OwnedText.string(consuming: try DocumentWriter.tableReport(TableReport(table)))
        XCTAssertTrue(text.contains(#""push_policy":"allow","layout":{"kind":"tabs","tabs":[{"name":"one","root":{"name":"a","params":{}}},"#
                                    + #"{"name":"two","root":{"name":"b","params":{}}}]}}"#), text)
        XCTAssertTrue(text.contains(#""push_policy":"allow","layout":{"kind":"split","root":{"name":"inbox","params":{}},"sidebar":["inbox","sent"]}}"#), text)
        XCTAssertTrue(text.contains(#"{"name":"a","params":[],"title":null,"parent":null,"requires":[],"push_policy":"allow"}"#), text)
    }
}
