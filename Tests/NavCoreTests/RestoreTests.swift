import XCTest
@testable import NavCore

/// Restore rules (docs/restore.md): per-entry validation, policies, roots,
/// tabs and layers, the validator, and unusable snapshots.
final class RestoreTests: XCTestCase {
    func testASnapshotRestoresToAnEqualNavigator() throws {
        var navigator = Navigator(table: try shopTable(version: 3))
        _ = try navigator.apply([.push(route("category", [("slug", .string("shoes"))])), .push(product(42)),
                                 .setEntryState(id: 3, state: .object([JSONValue.Member("scroll", .int(120))]))])
        let restoration = try Navigator.restoring(Snapshot(navigator), table: navigator.table)
        XCTAssertEqual(restoration.navigator, navigator)
        XCTAssertTrue(restoration.report.isExact)
        XCTAssertEqual(keptIDs(restoration.report), ["main": [1, 2, 3]])

        var tabs = Navigator(table: try tabsTable())
        _ = try tabs.apply([.push(product(1)), .selectTab("cart"), .push(RouteRequest(name: "checkout")), .selectTab("settings"),
                            .present(RouteRequest(name: "login"), style: "cover"), .push(product(2))])
        let restored = try Navigator.restoring(Snapshot(tabs), table: tabs.table)
        XCTAssertEqual(restored.navigator, tabs, "tabs, history and presentations come back")
        XCTAssertEqual(restored.navigator.activeStack.name, "layer:6")
    }

    func testARemovedRouteIsDroppedWithEverythingAbove() throws {
        let snapshot = shopSnapshot(version: 3, [route("home"), route("category", [("slug", .string("a"))]), route("gone"), product(4)])
        let report = try Navigator.restoring(snapshot, table: try shopTable(version: 3)).report
        XCTAssertEqual(keptIDs(report), ["main": [1, 2]])
        XCTAssertEqual(droppedReasons(report), ["3:unknown_route", "4:below_dropped"])
        XCTAssertEqual(report.dropped.first?.message, "name: unknown route \"gone\" (did you mean \"home\"?)")
    }

    func testParamsThatNoLongerFitAreDropped() throws {
        let snapshot = shopSnapshot(version: 3, [route("home"), route("product", [("id", .string("42"))]), route("cart")])
        let report = try Navigator.restoring(snapshot, table: try shopTable(version: 3)).report
        XCTAssertEqual(droppedReasons(report), ["2:params", "3:below_dropped"])
        XCTAssertEqual(report.dropped.first?.message, "params.id: expected int, got string")
    }

    func testNeverRoutesCutTheStackBelowThem() throws {
        let snapshot = shopSnapshot(version: 3, [route("home"), route("cart"), route("checkout"), route("order_confirmation", [("order", .int(7))])])
        let restoration = try Navigator.restoring(snapshot, table: try shopTable(version: 3))
        XCTAssertEqual(restoration.navigator.activeStack.top.route.name, "cart")
        XCTAssertEqual(droppedReasons(restoration.report), ["3:never", "4:below_dropped"])
    }

    func testKeepAboveKeepsTheEntriesAboveADroppedOne() throws {
        let table = try RouteTable(root: RouteRequest(name: "home"), definitions: [
            try RouteDefinition(name: "home", params: [:], title: nil),
            try RouteDefinition(name: "filter", params: ["on": ParamSpec(type: .bool)], title: nil, restorePolicy: .keepAbove),
            try RouteDefinition(name: "product", params: ["id": ParamSpec(type: .int)], title: nil),
        ])
        let snapshot = shopSnapshot(version: 1, [route("home"), route("filter", [("on", .int(1))]), product(3)], app: nil)
        let restoration = try Navigator.restoring(snapshot, table: table)
        XCTAssertEqual(ids(restoration.navigator), [1, 3])
        XCTAssertEqual(droppedReasons(restoration.report), ["2:params"])
    }

    func testAStackWhoseRootIsDroppedRestartsAtItsDeclaredRoot() throws {
        let snapshot = shopSnapshot(version: 3, [route("search", [("q", .string("x")), ("page", .int(1))]), route("cart")])
        let restoration = try Navigator.restoring(snapshot, table: try shopTable(version: 3))
        XCTAssertEqual(restoration.navigator.activeStack.entries.map(\.route.name), ["home"])
        XCTAssertEqual(ids(restoration.navigator), [3], "the new root takes the next id")
        XCTAssertEqual(restoration.navigator.nextID, 4)
        XCTAssertEqual(droppedReasons(restoration.report), ["1:not_root", "2:below_dropped"])
        XCTAssertEqual(restoration.report.restarted, [RestoreReport.Restarted(stack: "main", id: 3, name: "home")])
    }

    func testTabsAndLayersAreMatchedByNameAndChecked() throws {
        let table = try tabsTable()
        let item = { (id: Int, name: String) in Snapshot.Item(id: id, route: name == "product" ? product(id) : route(name)) }
        let snapshot = Snapshot(
            app: nil, tableVersion: 1, nextID: 20, seq: 9, layout: .tabs, selectedTab: "gone", tabHistory: ["settings", "gone", "shop"],
            stacks: [Snapshot.Stack(name: "cart", items: [item(2, "cart"), item(5, "home"), item(6, "product")]),
                     Snapshot.Stack(name: "shop", items: [item(1, "home"), item(7, "product")]),
                     Snapshot.Stack(name: "old", items: [item(8, "home")])],
            presentations: [Snapshot.Stack(name: "layer:10", style: "sheet", items: [item(10, "login"), item(11, "product")]),
                            Snapshot.Stack(name: "layer:12", style: "popup", items: [item(12, "login")]),
                            Snapshot.Stack(name: "layer:13", style: "cover", items: [item(13, "gone"), item(14, "product")])])
        let restoration = try Navigator.restoring(snapshot, table: table)
        let navigator = restoration.navigator
        XCTAssertEqual(navigator.bases.map(\.name), ["shop", "cart", "settings"], "table order")
        XCTAssertEqual(navigator.bases.map { $0.entries.map(\.id) }, [[1, 7], [2], [20]])
        XCTAssertEqual(navigator.layers.map(\.stack.name), ["layer:10"])
        XCTAssertEqual(navigator.selectedTab, "shop")
        XCTAssertEqual(navigator.tabHistory, [2], "unknown and selected tabs leave the history")
        XCTAssertEqual(navigator.nextID, 21)
        XCTAssertEqual(navigator.seq, 9)
        XCTAssertEqual(Set(droppedReasons(restoration.report)),
                       ["5:not_accepted", "6:below_dropped", "8:unknown_stack", "12:unknown_style", "13:unknown_route", "14:below_dropped"])
        XCTAssertEqual(restoration.report.restarted, [RestoreReport.Restarted(stack: "settings", id: 20, name: "settings")])
        XCTAssertEqual(restoration.report.notes.count, 2)
    }

    func testTheValidatorSeesSurvivorsAndMayVetoOrFail() throws {
        let snapshot = shopSnapshot(version: 3, [route("home"), product(2), product(3), route("gone"), product(5)])
        var seen: [String] = []
        let restoration = try Navigator.restoring(snapshot, table: try shopTable(version: 3)) { entry, stack in
            seen.append("\(stack):\(entry.id):\(entry.title)")
            return entry.id == 3 ? .failed("boom") : .keep
        }
        XCTAssertEqual(seen, ["main:1:Home", "main:2:Product 2", "main:3:Product 3"])
        XCTAssertEqual(droppedReasons(restoration.report), ["3:validator_failed", "4:below_dropped", "5:below_dropped"])
        XCTAssertEqual(restoration.report.dropped.first?.message, "boom")
        let vetoed = try Navigator.restoring(snapshot, table: try shopTable(version: 3)) { entry, _ in entry.id == 1 ? .veto : .keep }
        XCTAssertEqual(droppedReasons(vetoed.report).prefix(2), ["1:vetoed", "2:below_dropped"])
        XCTAssertEqual(vetoed.report.restarted.first?.name, "home")
    }

    func testUnusableSnapshotsAreRefusedWhole() throws {
        let table = try shopTable(version: 3)
        let good = shopSnapshot(version: 3, [route("home"), product(2)])
        func refused(_ change: (inout Snapshot) -> Void) -> String? {
            var snapshot = good
            change(&snapshot)
            let error = thrownError { () throws(NavError) in try Navigator.restoring(snapshot, table: table) }
            XCTAssertEqual(error?.kind, .restore)
            return error?.message
        }
        XCTAssertEqual(refused { $0.app = "other" }, "app: a snapshot of app \"other\", but this route table is app \"shop\"")
        XCTAssertEqual(refused { $0.app = nil }, "app: a snapshot without an app id, but this route table is app \"shop\"")
        XCTAssertEqual(refused { $0.stacks[0].items[1].id = 1 }, "stacks.main.entries[1].id: duplicate entry id 1")
        XCTAssertEqual(refused { $0.stacks[0].items[1].id = 3 }, "stacks.main.entries[1].id: id 3 is outside 1..<next_id (3)")
        XCTAssertEqual(refused { $0.stacks[0].items[0].id = 0 }, "stacks.main.entries[0].id: id 0 is outside 1..<next_id (3)")
        XCTAssertEqual(refused { $0.stacks[0].items = [] }, "stacks.main.entries: has no entries")
        XCTAssertEqual(refused { $0.seq = -1 }, "seq: must be in 0...9007199254740991, got -1")
        XCTAssertEqual(refused { $0.seq = Int.max }, "seq: must be in 0...9007199254740991, got 9223372036854775807")
        XCTAssertEqual(refused { $0.seq = Navigator.maxCounter + 1 }, "seq: must be in 0...9007199254740991, got 9007199254740992")
        XCTAssertEqual(refused { $0.nextID = 0 }, "next_id: must be in 1...9007199254740991, got 0")
        XCTAssertEqual(refused { $0.nextID = Int.max }, "next_id: must be in 1...9007199254740991, got 9223372036854775807")
        XCTAssertEqual(refused { $0.tableVersion = 0 }, "table_version: must be >= 1, got 0")
        XCTAssertEqual(refused { $0.stacks.append($0.stacks[0]) }, "stacks.main: stack \"main\" appears twice")
        XCTAssertEqual(refused { $0.presentations = [Snapshot.Stack(name: "layer:1", style: "sheet", items: [Snapshot.Item(id: 9, route: route("home"))])] },
                       "presentations[0].stack: must be \"layer:9\" (named after its root entry), got \"layer:1\"")
        XCTAssertEqual(refused { $0.stacks[0].items[1].state = .string(String(repeating: "x", count: 70000)) }?.hasPrefix("stacks.main.entries[1].state: saved state is larger"), true)
        XCTAssertEqual(refused { $0.nextID = Navigator.maxCounter; $0.stacks[0].items[0].route = route("gone") },
                       "next_id: entry ids are exhausted: a stack must restart with a new root, and next_id is at its maximum 9007199254740991")
    }

    func testARestoreTransitionComparesEntriesByValue() throws {
        var navigator = Navigator(table: try tabsTable())
        _ = try navigator.apply([.push(product(1)), .present(RouteRequest(name: "login"), style: nil)])
        var snapshot = Snapshot(navigator)
        snapshot.stacks[0].items[1].state = .int(5)
        snapshot.presentations = []
        snapshot.selectedTab = "cart"
        let before = navigator
        let (transition, report) = try navigator.restore(snapshot)
        XCTAssertTrue(report.isExact)
        XCTAssertEqual(transition.cause, .restore)
        XCTAssertEqual(transition.results, [.restored])
        XCTAssertEqual(transition.changes.first?.removed, [4])
        XCTAssertEqual(transition.changes.first?.added.map(\.state), [.int(5)])
        XCTAssertEqual(transition.dismissed, ["layer:5"])
        XCTAssertEqual(transition.tab?.before, "shop")
        XCTAssertEqual(transition.tab?.after, "cart")
        let again = try navigator.restore(Snapshot(navigator))
        XCTAssertFalse(again.transition.changed)
        XCTAssertNotEqual(navigator, before)
    }
}
