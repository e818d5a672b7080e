import XCTest
@testable import NavCore

/// Migrations bring older snapshots forward one version at a time.
final class MigrationTests: XCTestCase {
    func testAVersionOneSnapshotRunsOneToTwoToThree() throws {
        let snapshot = shopSnapshot(version: 1, [
            route("home"), route("item", [("sku", .int(7))]), route("promo", [("code", .string("X"))]),
            route("subscription", [("plan", .string("annual"))]), route("search", [("q", .string("red"))]),
        ])
        let restoration = try Navigator.restoring(snapshot, table: try shopTable(version: 3))
        let report = restoration.report
        XCTAssertEqual(report.migrations.map { "\($0.from)->\($0.to)" }, ["1->2", "2->3"])
        XCTAssertEqual(report.migrations[0].changes.map(\.op.rawValue), ["rename_route", "rename_param"])
        XCTAssertEqual(report.migrations[0].changes.map(\.ids), [[2], [2]])
        XCTAssertEqual(report.migrations[1].changes.map(\.ids), [[4], [3], [5]])
        XCTAssertEqual(report.migrations[1].changes[1].detail, "route \"promo\" dropped")
        XCTAssertNil(report.unmigrated)
        XCTAssertEqual(droppedReasons(report), ["3:migration"], "promo goes, keeping what was above it")
        XCTAssertEqual(restoration.navigator.activeStack.entries.map(\.title), ["Home", "Product 7", "Plan yearly", "Search red"])
        XCTAssertEqual(restoration.navigator.activeStack.top.route.params, [Param("page", .int(1)), Param("q", .string("red"))])
    }

    func testParamRenamesReplaceAndParamsCanBeDropped() throws {
        let table = try RouteTable(version: 2, layout: .stack(root: RouteRequest(name: "home")), definitions: [
            try RouteDefinition(name: "home", params: [:], title: nil),
            try RouteDefinition(name: "product", params: ["id": ParamSpec(type: .int)], title: nil),
        ], migrations: [Migration(from: 1, steps: [.renameParam(route: "product", from: "sku", to: "id"),
                                                   .dropParam(route: "product", param: "ref")])])
        let snapshot = shopSnapshot(version: 1, [route("home"), route("product", [("id", .int(1)), ("sku", .int(2)), ("ref", .string("ad"))])], app: nil)
        let restoration = try Navigator.restoring(snapshot, table: table)
        XCTAssertEqual(restoration.navigator.activeStack.top.route.params, [Param("id", .int(2))])
    }

    func testWithoutAPathForwardEntriesAreValidatedAsTheyAre() throws {
        let gap = try RouteTable(version: 3, layout: .stack(root: RouteRequest(name: "home")), definitions: [
            try RouteDefinition(name: "home", params: [:], title: nil),
            try RouteDefinition(name: "item", params: ["sku": ParamSpec(type: .int)], title: nil),
        ], app: "shop", migrations: [Migration(from: 2, steps: [])])
        let snapshot = shopSnapshot(version: 1, [route("home"), route("item", [("sku", .int(7))])])
        let report = try Navigator.restoring(snapshot, table: gap).report
        XCTAssertTrue(report.migrations.isEmpty)
        XCTAssertEqual(report.unmigrated?.from, 1)
        XCTAssertEqual(report.unmigrated?.to, 3)
        XCTAssertEqual(keptIDs(report), ["main": [1, 2]])

        let newer = shopSnapshot(version: 5, [route("home"), route("promo", [("code", .string("X"))])])
        let downgrade = try Navigator.restoring(newer, table: try shopTable(version: 3)).report
        XCTAssertEqual(downgrade.unmigrated?.from, 5)
        XCTAssertEqual(droppedReasons(downgrade), ["2:unknown_route"])
    }

    func testTheTableChecksItsMigrations() {
        func error(_ migrations: [Migration]) -> String? {
            thrownError { () throws(NavError) in
                try RouteTable(version: 3, layout: .stack(root: RouteRequest(name: "home")),
                               definitions: [try RouteDefinition(name: "home", params: [:], title: nil)], migrations: migrations)
            }?.message
        }
        XCTAssertEqual(error([Migration(from: 3, steps: [])]), "migrations[0].from: must be from 1 to 2 (the table is version 3), got 3")
        XCTAssertEqual(error([Migration(from: 1, steps: []), Migration(from: 1, steps: [])]),
                       "migrations[1].from: a migration from version 1 is declared twice")
        XCTAssertEqual(error([Migration(from: 1, steps: [.renameRoute(from: "a b", to: "c")])]),
                       "migrations[0].steps[0]: bad name \"a b\" (use letters, digits, _ - .)")
        XCTAssertEqual(error([Migration(from: 2, steps: [.dropRoute("x", policy: .never)])]),
                       "migrations[0].steps[0].restore: must be drop_above or keep_above")
        XCTAssertNil(error([Migration(from: 2, steps: [.dropRoute("x", policy: .keepAbove)])]))
    }
}
