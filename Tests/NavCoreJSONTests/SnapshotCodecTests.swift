import CJansson
import Foundation
import XCTest
import NavCore
@testable import NavCoreJSON

/// Snapshots, reports, actions and logs through jansson: what is written reads
/// back equal, and unusable input is `.restore` naming the place.
final class SnapshotCodecTests: XCTestCase {
    /// A route table of Tests/vectors/tables.
    private func table(_ name: String) throws -> RouteTable {
        try decodeTable(String(contentsOf: VectorSession.folder.appendingPathComponent("tables/\(name).json"), encoding: .utf8))
    }

    /// A navigator over the tabs table, three deep, with a sheet and saved state.
    private func busyNavigator() throws -> Navigator {
        var navigator = Navigator(table: try table("restore_tabs"))
        _ = try navigator.apply(decodeActions("""
        [{"op": "push", "route": {"name": "product", "params": {"id": 7}}},
         {"op": "set_entry_state", "id": 4, "state": {"scroll": 1.5, "rows": [true, null, "é"]}},
         {"op": "select_tab", "tab": "cart"}, {"op": "present", "route": {"name": "login"}, "style": "cover"}]
        """))
        return navigator
    }

    /// Decodes snapshot text.
    private func snapshot(_ text: String) throws(NavError) -> Snapshot {
        let result = text.withCString { pointer in Result { () throws(NavError) in try SnapshotDecoder.decode(text: pointer) } }
        return try result.get()
    }

    func testASnapshotReadsBackAsTheNavigatorsSnapshot() throws {
        let navigator = try busyNavigator()
        let text = OwnedText.string(consuming: try DocumentWriter().snapshot(navigator))
        XCTAssertTrue(text.hasPrefix(#"{"navcore":1,"app":"shop","table_version":1,"next_id":6,"seq":1,"layout":"tabs","selected_tab":"cart","#), text)
        XCTAssertFalse(text.contains("active_stack"))
        XCTAssertTrue(text.contains(#""state":{"scroll":1.5,"rows":[true,null,"é"]}"#), text)
        XCTAssertEqual(try snapshot(text), Snapshot(navigator))
    }

    func testAPendingIntentNamesItsStackWhenTheStateCannotTellAndItReadsBack() throws {
        var navigator = Navigator(table: try table("signin"))
        _ = try navigator.apply(decodeActions(#"[{"op": "open_url", "url": "shop://orders/7"}]"#))
        let beneath = OwnedText.string(consuming: try DocumentWriter().snapshot(navigator))
        XCTAssertTrue(beneath.contains(#""pending":{"condition":"signed_in","flow":"layer:4","actions":"#), beneath)
        _ = try navigator.apply(decodeActions(#"[{"op": "select_tab", "tab": "account"}]"#))
        let moved = OwnedText.string(consuming: try DocumentWriter().snapshot(navigator))
        XCTAssertTrue(moved.contains(#""pending":{"condition":"signed_in","flow":"layer:4","stack":"shop","actions":"#), moved)
        XCTAssertEqual(try snapshot(moved), Snapshot(navigator))
        XCTAssertNil(moved.withCString { SnapshotReader.read($0) }, "the fast reader leaves a pending intent to the decoder")
        var relaunched = Navigator(table: navigator.table)
        _ = try relaunched.restore(try snapshot(moved))
        XCTAssertEqual(relaunched.pending, navigator.pending)
    }

    func testASnapshotWhoseRootsHaveOtherIdsThanANewNavigatorsKeepsNoContainerOfANewOne() throws {
        // A new navigator of the nested table: home 1, explore 2 (holding feed 4, following 5),
        // library 3 (holding albums 6). The snapshot gives home and explore each other's ids.
        let text = """
        {"navcore": 1, "app": "nested", "table_version": 1, "next_id": 7, "seq": 0, "layout": "tabs", "selected_tab": "home", "tab_history": [],
         "stacks": {"home": {"entries": [{"id": 2, "name": "home", "params": {}, "title": "Home"}]},
                    "explore": {"entries": [{"id": 1, "name": "explore", "params": {}, "title": "Explore", "container": {
                      "name": "explore", "layout": "tabs", "selected_tab": "explore/foryou", "tab_history": [],
                      "stacks": {"explore/foryou": {"entries": [{"id": 4, "name": "feed", "params": {}, "title": "Feed"}]},
                                 "explore/following": {"entries": [{"id": 5, "name": "following", "params": {}, "title": "Following"}]}}}}]},
                    "library": {"entries": [{"id": 3, "name": "library", "params": {}, "title": "Library", "container": {
                      "name": "library", "layout": "split", "stacks": {"library/detail": {"entries": [{"id": 6, "name": "albums", "params": {}, "title": "Albums"}]}}}}]}},
         "presentations": []}
        """
        let restored = try Navigator.restoring(try snapshot(text), table: try table("nested")).navigator
        XCTAssertEqual(restored.containers.keys.sorted(), [1, 3], "the containers of the restored entries, and only those")
        XCTAssertEqual(restored.containers[1]?.stacks.map(\.root.id), [4, 5])
        XCTAssertNil(restored.containers[2], "entry 2 is home, which holds nothing")
        XCTAssertEqual(try snapshot(OwnedText.string(consuming: try DocumentWriter().snapshot(restored))), try snapshot(text))
    }

    func testEntriesWithSavedStateAreNeverServedStale() throws {
        let encoder = DocumentWriter()
        var navigator = try busyNavigator()
        func state() throws -> String { OwnedText.string(consuming: try encoder.state(navigator)) }
        XCTAssertTrue(try state().contains(#""rows""#))
        _ = try navigator.apply([.setEntryState(id: 4, state: .int(2))])
        XCTAssertTrue(try state().contains(#""title":"Product 7","state":2"#))
        _ = try navigator.apply([.setEntryState(id: 4, state: nil)])
        XCTAssertTrue(try state().contains(#"{"id":4,"name":"product","params":{"id":7},"title":"Product 7"}"#))
    }

    func testEveryActionReadsBackEqual() throws {
        let actions: [Action] = [
            .push(RouteRequest(name: "product", params: [("id", .int(1)), ("x", .real(2.5)), ("y", .null), ("z", .bool(false))]), tab: "cart", policy: .singleTop),
            .pop(count: 2, tab: "shop"), .popTo(.id(3), inclusive: true, tab: nil), .popTo(.name("home"), inclusive: false, tab: "cart"),
            .popToRoot(tab: "cart"), .replace(RouteRequest(name: "cart"), tab: nil), .setStack([RouteRequest(name: "home"), RouteRequest(name: "cart")], tab: "shop"),
            .selectTab("cart"), .resetTab(nil), .resetTab("cart"), .resetAll, .present(RouteRequest(name: "login"), style: "cover"),
            .present(RouteRequest(name: "login"), style: nil), .dismiss(all: true), .back(), .select(RouteRequest(name: "home")),
            .setEntryState(id: 4, state: .object([JSONValue.Member("k", .array([.string("v"), .int(-1)]))])), .setEntryState(id: 4, state: nil),
            .setCondition(name: "signed_in", value: true), .setCondition(name: "signed_in", value: false),
            .present(RouteRequest(name: "login"), style: nil, policy: .singleTop), .present(RouteRequest(name: "login"), style: "sheet", policy: .allow),
            .setCompact(true), .setCompact(false),
        ]
        let node = try ActionEncoder.batch(actions)
        defer { node.release() }
        XCTAssertEqual(try ActionDecoder.decodeBatch(node), actions)
    }

    func testALogWrittenOutReplaysToTheSameState() throws {
        var navigator = try busyNavigator()
        var log = ActionLog(base: navigator)
        for batch in [[Action.back()], [.push(RouteRequest(name: "product", params: [("id", .int(2))]))], [.setEntryState(id: 1, state: .string("s"))]] {
            _ = try navigator.apply(batch)
            log.append(.actions(batch, seq: navigator.seq), after: navigator)
        }
        var other = Navigator(table: navigator.table)
        _ = try other.apply([.push(RouteRequest(name: "product", params: [("id", .int(9))]))])
        _ = try navigator.restore(Snapshot(other))
        log.append(.restore(navigator, seq: navigator.seq), after: navigator)
        let text = OwnedText.string(consuming: try ActionLogCodec.encode(log, recording: true))
        let decoded = try text.withCString { pointer in Result { () throws(NavError) in try ActionLogCodec.decode(text: pointer) } }.get()
        XCTAssertEqual(decoded.records, log.map(Snapshot.init).records)
        XCTAssertEqual(decoded.base, Snapshot(try busyNavigator()))
        XCTAssertEqual(try Navigator.replaying(decoded, table: navigator.table), navigator)
    }

    func testUnusableSnapshotTextIsARestoreErrorNamingThePlace() throws {
        let good = OwnedText.string(consuming: try DocumentWriter().snapshot(try busyNavigator()))
        let cases: [(String, String)] = [
            ("", "the snapshot is not valid JSON"),
            (String(good.prefix(good.count / 2)), "the snapshot is not valid JSON"),
            ("[]", "expected an object, got array"),
            (good.replacingOccurrences(of: #""navcore":1"#, with: #""navcore":2"#), "navcore: format 2 is newer than this library's format 1"),
            (good.replacingOccurrences(of: #""navcore":1"#, with: #""navcore":0"#), "navcore: format 0 is not this library's format 1"),
            (good.replacingOccurrences(of: #""navcore":1,"#, with: ""), "navcore: missing"),
            (good.replacingOccurrences(of: #""layout":"tabs""#, with: #""layout":"grid""#), "layout: unknown layout \"grid\""),
            (good.replacingOccurrences(of: #""seq":1"#, with: #""seq":"1""#), "seq: expected int, got string"),
            (good.replacingOccurrences(of: #""seq":1,"#, with: #""seq":1,"extra":1,"#), "unknown key \"extra\""),
            (good.replacingOccurrences(of: #""title":"Home""#, with: #""title":1"#), "stacks.shop.entries[0].title: expected string, got int"),
            (good.replacingOccurrences(of: #""params":{"id":7}"#, with: #""params":[7]"#), "stacks.shop.entries[1].params: expected object, got array"),
            (good.replacingOccurrences(of: #""id":4,"#, with: ""), "stacks.shop.entries[1].id: missing"),
            (good.replacingOccurrences(of: #""style":"cover","#, with: ""), "presentations[0].style: missing"),
            (good.replacingOccurrences(of: #"[true,null,"é"]"#, with: String(repeating: "[", count: 40) + String(repeating: "]", count: 40)),
             "stacks.shop.entries[1].state: saved state is nested deeper than 32 levels"),
            (good.replacingOccurrences(of: #""title":"Home""#, with: #""title":"Home","blocker":"""#), "stacks.shop.entries[0].blocker: must not be empty"),
            (good.replacingOccurrences(of: #""title":"Home""#, with: #""title":"Home","blocker":7"#), "stacks.shop.entries[0].blocker: expected string, got int"),
            (good.replacingOccurrences(of: #""title":"Home""#, with: #""title":"Home","result":"#
                                       + String(repeating: "[", count: 40) + String(repeating: "]", count: 40)),
             "stacks.shop.entries[0].result"),
        ]
        for (text, message) in cases {
            let error = thrownError { () throws(NavError) in try snapshot(text) }
            XCTAssertEqual(error?.kind, .restore, text)
            XCTAssertTrue(error?.message.contains(message) ?? false, "\(error?.message ?? "no error") lacks \(message)")
        }
        let huge = "[" + String(repeating: " ", count: SnapshotDecoder.maxBytes) + "]"
        XCTAssertEqual(thrownError { () throws(NavError) in try snapshot(huge) }?.message,
                       "the snapshot is larger than the 67108864-byte limit")
    }

    func testTablesDeclareAppMigrationsAndRestorePolicies() throws {
        let v3 = try table("restore_v3")
        XCTAssertEqual(v3.app, "shop")
        XCTAssertEqual(v3.migrations[2]?.steps.map(\.op.rawValue), ["map_param", "drop_route", "add_param"])
        XCTAssertEqual(v3.definitions["checkout"]?.restorePolicy, .never)
        let cases: [(String, String)] = [
            (#""app": 3"#, "app: expected string, got int"),
            (#""app": "a b""#, "app: bad app id \"a b\""),
            (#""routes": {"home": {"restore": "later"}}"#, "routes.home.restore: unknown restore policy \"later\""),
            (#""migrations": [{"from": 1}]"#, "migrations[0].steps: missing"),
            (#""migrations": [{"from": 1, "steps": [{"op": "rename"}]}]"#, "migrations[0].steps[0].op: unknown op \"rename\""),
            (#""migrations": [{"from": 1, "steps": [{"op": "rename_route", "from": "a"}]}]"#, "migrations[0].steps[0].to: missing"),
            (#""migrations": [{"from": 1, "steps": [{"op": "add_param", "route": "a", "param": "b", "value": {}}]}]"#,
             "migrations[0].steps[0].value: expected a string, int or bool, or an array of them, got object"),
            (#""migrations": [{"from": 1, "steps": [{"op": "add_param", "route": "a", "param": "b", "value": [1, [2]]}]}]"#,
             "migrations[0].steps[0].value[1]: expected a string, int or bool, got array"),
            (#""migrations": [{"from": 1, "steps": [{"op": "map_param", "route": "a", "param": "b", "values": [{"from": 1}]}]}]"#,
             "migrations[0].steps[0].values[0].to: missing"),
            (#""migrations": [{"from": 1, "steps": [{"op": "drop_route", "route": "a", "extra": 1}]}]"#, "unknown key \"extra\""),
        ]
        for (member, message) in cases {
            let text = #"{"navcore": 1, "version": 2, "root": "home", "routes": {"home": {}}, "# + member + "}"
            let fixed = text.contains(#""routes": {"home": {"restore""#) ? text.replacingOccurrences(of: #""routes": {"home": {}}, "#, with: "") : text
            let error = thrownError { () throws(NavError) in try decodeTable(fixed) }
            XCTAssertEqual(error?.kind, .table, fixed)
            XCTAssertTrue(error?.message.contains(message) ?? false, "\(error?.message ?? "no error") lacks \(message)")
        }
    }
}
