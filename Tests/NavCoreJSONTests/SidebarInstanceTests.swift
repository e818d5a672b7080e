import Foundation
import NavCore
import NavCoreJSON
import TestSupport
import XCTest

/// Sidebar items that are route instances (docs/structure.md, "Sidebar items
/// with params"): a sidebar route that declares params stands for every
/// instance of it, `select` takes one (compared by value), the view model
/// marks the item and names the selected instance, a link into `detail`
/// selects the instance its URL binds, and `stack_url` gives the URL back.
final class SidebarInstanceTests: XCTestCase {
    /// A mail app: Inbox, then one Mailbox per folder (`mailbox(id)`), a
    /// message inside a mailbox, and links into the detail stack.
    private func mailTable(nested: Bool = false) throws -> RouteTable {
        let split = #""split": {"sidebar": ["inbox", "mailbox"], "title": "Mailboxes"}"#
        let routes = #""inbox": {"title": "Inbox"}, "mailbox": {"params": {"id": "int", "sort": {"type": "string", "default": "date"}}, "title": "Mailbox {id}"}, "message": {"params": {"mid": "int"}, "parent": "mailbox", "title": "Message {mid}"}"#
        let links = #""links": [{"url": "mail://box/{id}", "stack": ["mailbox"], "into": "DETAIL"}, {"url": "mail://box/{id}/m/{mid}", "stack": ["message"], "into": "DETAIL"}]"#
        if nested {
            return try decodeTable(#"{"navcore": 1, "tabs": [{"name": "home", "root": "home"}, {"name": "mail", "root": "mail"}], "routes": {"home": {}, "mail": {"title": "Mail", "layout": {"root": "inbox", "# + split + "}}, " + routes + "}, " + links.replacingOccurrences(of: "DETAIL", with: "mail/detail") + "}")
        }
        return try decodeTable(#"{"navcore": 1, "root": "inbox", "# + split + ", \"routes\": {" + routes + "}, " + links.replacingOccurrences(of: "DETAIL", with: "detail") + "}")
    }

    private func mailbox(_ id: Int, sort: String? = nil) -> RouteRequest {
        RouteRequest(name: "mailbox", params: [("id", .int(id))] + (sort.map { [("sort", .string($0))] } ?? []))
    }

    private func viewText(_ navigator: Navigator) throws -> String {
        OwnedText.string(consuming: try DocumentWriter().viewModel(navigator.viewModel(after: nil)))
    }

    func testSelectingAnInstanceMakesItTheSelectionAndAnotherReplacesTheDetailRoot() throws {
        var navigator = Navigator(table: try mailTable())
        XCTAssertEqual(try navigator.apply([.select(mailbox(7))]).results, [.selected])
        XCTAssertEqual(navigator.activeStack.entries.map(\.title), ["Mailbox 7"])
        _ = try navigator.apply([.push(RouteRequest(name: "message", params: [("mid", .int(1))]))])
        let again = try navigator.apply([.select(mailbox(7, sort: "date"))])
        XCTAssertEqual(again.results, [.popped], "the same instance, its default given: pops to the root, as reselecting does")
        XCTAssertEqual(navigator.activeStack.entries.map(\.id), [2])
        let same = try navigator.apply([.select(mailbox(7))])
        XCTAssertFalse(same.changed, "re-selecting the same instance at its root changes nothing")
        XCTAssertEqual(try navigator.apply([.select(mailbox(8))]).results, [.selected])
        XCTAssertEqual(navigator.activeStack.entries.map(\.title), ["Mailbox 8"])
        XCTAssertEqual(navigator.activeStack.entries.map(\.id), [4], "another instance replaces the detail stack's root")
    }

    func testASelectWhoseParamsDoNotMatchIsAParamsErrorAndChangesNothing() throws {
        var navigator = Navigator(table: try mailTable())
        let before = navigator
        for (request, path) in [(RouteRequest(name: "mailbox", params: [("id", .string("x"))]), "actions[0].route.params.id"),
                                (RouteRequest(name: "mailbox"), "actions[0].route.params.id"),
                                (RouteRequest(name: "mailbox", params: [("id", .int(1)), ("colour", .int(2))]), "actions[0].route.params.colour")] {
            let error = thrownError { () throws(NavError) in _ = try navigator.apply([.select(request)]) }
            XCTAssertEqual(error?.kind, .params)
            XCTAssertEqual(error?.path, path)
        }
        XCTAssertEqual(navigator, before)
    }

    func testTheViewModelMarksTheItemWithParamsAndNamesTheSelectedInstance() throws {
        var navigator = Navigator(table: try mailTable())
        var sidebar = try XCTUnwrap(navigator.viewModel(after: nil).sidebar)
        XCTAssertEqual(sidebar.items.map(\.params), [false, true])
        XCTAssertNil(sidebar.selectedRoute, "Inbox declares no params")
        _ = try navigator.apply([.select(mailbox(7))])
        sidebar = try XCTUnwrap(navigator.viewModel(after: nil).sidebar)
        XCTAssertEqual(sidebar.selected, "mailbox", "selected stays the route's name")
        XCTAssertEqual(sidebar.selectedRoute?.route, try navigator.table.check(mailbox(7)))
        XCTAssertEqual(sidebar.selectedRoute?.title, "Mailbox 7")
        let text = try viewText(navigator)
        XCTAssertTrue(text.contains(#""sidebar":{"items":[{"name":"inbox","title":"Inbox"},{"name":"mailbox","title":"Mailbox ","params":true}],"selected":"mailbox","selected_route":{"name":"mailbox","params":{"id":7,"sort":"date"},"title":"Mailbox 7"},"compact":false"#), text)
    }

    func testASidebarWithoutParamsWritesWhatItWroteBefore() throws {
        let table = try decodeTable(#"{"navcore": 1, "root": "inbox", "routes": {"inbox": {"title": "Inbox"}, "archive": {"title": "Archive"}}, "split": {"sidebar": ["inbox", "archive"]}}"#)
        XCTAssertTrue(try viewText(Navigator(table: table)).contains(#""sidebar":{"items":[{"name":"inbox","title":"Inbox"},{"name":"archive","title":"Archive"}],"selected":"inbox","compact":false,"sidebar_shown":true}"#))
    }

    func testTheTablesRootMayBeAnInstance() throws {
        let table = try decodeTable(#"{"navcore": 1, "root": {"name": "mailbox", "params": {"id": 1}}, "routes": {"inbox": {}, "mailbox": {"params": {"id": "int"}, "title": "Mailbox {id}"}}, "split": {"sidebar": ["inbox", "mailbox"]}}"#)
        let navigator = Navigator(table: table)
        XCTAssertEqual(navigator.viewModel(after: nil).sidebar?.selectedRoute?.title, "Mailbox 1")
    }

    func testASplitViewInATabNamesItsSelectedInstanceToo() throws {
        var navigator = Navigator(table: try mailTable(nested: true))
        _ = try navigator.apply([.openURL("mail://box/3", mode: nil)])
        let sidebar = try XCTUnwrap(navigator.viewModel(after: nil).containers.first?.sidebar)
        XCTAssertEqual(sidebar.items.map(\.params), [false, true])
        XCTAssertEqual(sidebar.selectedRoute?.title, "Mailbox 3")
    }

    func testALinkIntoTheDetailSelectsTheInstanceItBindsAndStackURLGivesItBack() throws {
        for nested in [false, true] {
            var navigator = Navigator(table: try mailTable(nested: nested))
            _ = try navigator.apply([.openURL("mail://box/9/m/3", mode: nil)])
            XCTAssertEqual(navigator.activeStack.entries.map(\.title), ["Mailbox 9", "Message 3"])
            XCTAssertEqual(try navigator.stackURL(), "mail://box/9/m/3")
            let reopened = try navigator.apply([.openURL("mail://box/9", mode: .replace)])
            XCTAssertEqual(navigator.activeStack.entries.map(\.id), [navigator.activeStack.root.id], "the same instance keeps its root")
            XCTAssertTrue(reopened.changed)
            _ = try navigator.apply([.openURL("mail://box/4", mode: nil)])
            XCTAssertEqual(navigator.activeStack.entries.map(\.title), ["Mailbox 4"], "another instance replaces the root")
            XCTAssertEqual(try navigator.stackURL(), "mail://box/4")
        }
    }

    func testASnapshotKeepsTheSelectedInstance() throws {
        let table = try mailTable()
        var navigator = Navigator(table: table)
        _ = try navigator.apply([.select(mailbox(7))])
        let text = OwnedText.string(consuming: try DocumentWriter().snapshot(navigator))
        let snapshot = try text.withCString { pointer in Result { () throws(NavError) in try SnapshotDecoder.decode(text: pointer) } }.get()
        let restored = try Navigator.restoring(snapshot, table: table).navigator
        XCTAssertEqual(restored.viewModel(after: nil).sidebar, navigator.viewModel(after: nil).sidebar)
    }
}
