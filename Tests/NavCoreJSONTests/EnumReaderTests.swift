import Foundation
import XCTest
import NavCore
@testable import NavCoreJSON

/// Every string-valued enum of every document is read by one reader: an
/// unknown name is refused at its place with the allowed names, never defaulted.
final class EnumReaderTests: XCTestCase {
    private let table = #"{"navcore": 1, "root": "home", "routes": {"home": {}}}"#

    /// The table text with `key: value` added to the top level.
    private func table(adding member: String) -> String {
        String(table.dropLast()) + ", \(member)}"
    }

    func testUnknownActionNamesListTheAllowedOnes() {
        let cases: [(String, String)] = [
            (#"{"op": "jump"}"#, "actions[0].op: unknown op \"jump\" (allowed: \(ActionOp.allCases.map(\.rawValue).joined(separator: ", ")))"),
            (#"{"op": "push", "route": {"name": "home"}, "policy": "twice"}"#,
             "actions[0].policy: unknown policy \"twice\" (allowed: allow, single_top, bring_to_front, replace_top)"),
            (#"{"op": "open_url", "url": "shop://x", "mode": "sideways"}"#,
             "actions[0].mode: unknown mode \"sideways\" (allowed: replace, push)"),
            (#"[{"op": "back"}, {"op": ""}]"#, "actions[1].op: unknown op \"\" (allowed: push, pop, "),
            (#"{"op": "push", "route": {"name": "home"}, "policy": "singel_top"}"#,
             "actions[0].policy: unknown policy \"singel_top\" (allowed: allow, single_top, bring_to_front, replace_top) (did you mean \"single_top\"?)"),
        ]
        for (text, message) in cases {
            let error = thrownError { () throws(NavError) in try decodeActions(text) }
            XCTAssertEqual(error?.kind, .action, text)
            XCTAssertTrue(error?.message.hasPrefix(message) ?? false, "\(error?.message ?? "no error") is not \(message)")
        }
    }

    func testUnknownTableNamesListTheAllowedOnes() {
        let cases: [(String, String)] = [
            (#""links": [{"url": "shop://x", "stack": ["home"], "mode": "swap"}]"#,
             "links[0].mode: unknown mode \"swap\" (allowed: replace, push)"),
            (#""migrations": [{"from": 1, "steps": [{"op": "rename"}]}]"#,
             "migrations[0].steps[0].op: unknown op \"rename\" (allowed: rename_route, rename_param, map_param, drop_route, add_param, drop_param)"),
        ]
        for (member, message) in cases {
            let error = thrownError { () throws(NavError) in try decodeTable(table(adding: member)) }
            XCTAssertEqual(error?.kind, .table, member)
            XCTAssertEqual(error?.message, message)
        }
        let routes: [(String, String)] = [
            (#"{"push_policy": "twice"}"#, "routes.p.push_policy: unknown policy \"twice\" (allowed: allow, single_top, bring_to_front, replace_top)"),
            (#"{"restore": "later"}"#, "routes.p.restore: unknown restore policy \"later\" (allowed: \(RestorePolicy.allCases.map(\.rawValue).joined(separator: ", ")))"),
            (#"{"params": {"id": "integer"}}"#, "routes.p.params.id: unknown type \"integer\" (allowed: string, int, bool, uuid)"),
            (#"{"params": {"id": {"type": "float"}}}"#, "routes.p.params.id: unknown type \"float\" (allowed: string, int, bool, uuid)"),
        ]
        for (route, message) in routes {
            let text = #"{"navcore": 1, "root": "home", "routes": {"home": {}, "p": "# + route + "}}"
            let error = thrownError { () throws(NavError) in try decodeTable(text) }
            XCTAssertEqual(error?.kind, .table, route)
            XCTAssertEqual(error?.message, message)
        }
    }

    func testUnknownSnapshotLayoutListsTheAllowedOnes() throws {
        let good = OwnedText.string(consuming: try DocumentWriter().snapshot(Navigator(table: try decodeTable(table))))
        let text = good.replacingOccurrences(of: #""layout":"stack""#, with: #""layout":"grid""#)
        XCTAssertNotEqual(text, good)
        let error = thrownError { () throws(NavError) in
            try text.withCString { pointer in Result { () throws(NavError) in try SnapshotDecoder.decode(text: pointer) } }.get()
        }
        XCTAssertEqual(error?.kind, .restore)
        XCTAssertEqual(error?.message, "layout: unknown layout \"grid\" (allowed: stack, tabs, split)")
    }

    func testAnEnumOfEveryNameReadsBack() throws {
        for op in ActionOp.allCases {
            XCTAssertEqual(try ObjectReader.enumValue(op.rawValue, at: "op", kind: .action, noun: "op") as ActionOp, op)
        }
        for mode in OpenMode.allCases {
            XCTAssertEqual(try ActionDecoder.openMode(mode.rawValue, at: "mode"), mode)
        }
        XCTAssertNil(try ActionDecoder.openMode(nil, at: "mode"), "absent: the link's own")
    }

    /// The results the schema allows are exactly the raw values of `ActionResult`.
    func testSchemaResultsAreTheActionResults() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/schema/transition.schema.json")
        let schema = try JSONSerialization.jsonObject(with: try Data(contentsOf: url)) as? [String: Any]
        let defs = schema?["$defs"] as? [String: Any]
        let results = (defs?["result"] as? [String: Any])?["enum"] as? [String]
        XCTAssertEqual(Set(results ?? []), Set(ActionResult.allCases.map(\.rawValue)))
        XCTAssertEqual(results?.count, ActionResult.allCases.count)
    }
}
