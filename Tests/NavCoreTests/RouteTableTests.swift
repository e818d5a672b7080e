import XCTest
@testable import NavCore

/// Checking routes against the table: types, defaults, titles and errors.
final class RouteTableTests: XCTestCase {
    func testDefaultsAreFilledAndParamsSortedByName() throws {
        let table = try shopTable()
        let route = try table.check(RouteRequest(name: "subscription"))
        XCTAssertEqual(route.params, [Param("plan", .string("monthly"))])
        XCTAssertEqual(table.title(for: route), "Plan monthly")
    }

    func testOptionalParamMayBeAbsent() throws {
        let table = try shopTable()
        XCTAssertEqual(try table.check(RouteRequest(name: "search")).params, [])
        XCTAssertEqual(table.title(for: try table.check(RouteRequest(name: "search"))), "search")
    }

    func testUnknownRouteSuggestsTheClosestName() throws {
        let error = thrownError { () throws(NavError) in try shopTable().check(RouteRequest(name: "prodcut")) }
        XCTAssertEqual(error?.kind, .route)
        XCTAssertEqual(error?.message, "name: unknown route \"prodcut\" (did you mean \"product\"?)")
    }

    func testMistypedMissingAndExtraParamsNameTheParam() throws {
        let table = try shopTable()
        let mistyped = thrownError { () throws(NavError) in try table.check(RouteRequest(name: "product", params: [("id", .string("42"))])) }
        XCTAssertEqual(mistyped?.kind, .params)
        XCTAssertEqual(mistyped?.message, "params.id: expected int, got string")
        let real = thrownError { () throws(NavError) in try table.check(RouteRequest(name: "product", params: [("id", .real(42))])) }
        XCTAssertEqual(real?.message, "params.id: expected int, got real")
        let missing = thrownError { () throws(NavError) in try table.check(RouteRequest(name: "product")) }
        XCTAssertEqual(missing?.kind, .params)
        XCTAssertTrue(missing?.message.hasPrefix("params.id: missing required param") ?? false)
        let extra = thrownError { () throws(NavError) in try table.check(RouteRequest(name: "checkout", params: [("x", .int(1))])) }
        XCTAssertEqual(extra?.message, "params.x: route \"checkout\" has no param \"x\" (it takes none)")
    }

    func testEnumUUIDAndBoolValues() throws {
        let table = try shopTable()
        let yearly = try table.check(RouteRequest(name: "subscription", params: [("plan", .string("yearly"))]))
        XCTAssertEqual(yearly.params, [Param("plan", .string("yearly"))])
        let bogus = thrownError { () throws(NavError) in try table.check(RouteRequest(name: "subscription", params: [("plan", .string("bogus"))])) }
        XCTAssertEqual(bogus?.message, "params.plan: \"bogus\" is not one of \"monthly\", \"yearly\"")
        let account = try table.check(RouteRequest(name: "account", params: [("user", .string("6F9619FF-8B86-D011-B42D-00CF4FC964FF"))]))
        XCTAssertEqual(account.params, [Param("user", .string("6f9619ff-8b86-d011-b42d-00cf4fc964ff"))])
        let notUUID = thrownError { () throws(NavError) in try table.check(RouteRequest(name: "account", params: [("user", .string("6f9619ff8b86d011b42d00cf4fc964ff"))])) }
        XCTAssertEqual(notUUID?.kind, .params)
        let flags = try table.check(RouteRequest(name: "flags", params: [("on", .bool(true))]))
        XCTAssertEqual(table.title(for: flags), "Flags true")
    }

    func testStringParamsAreCappedAtTheLimit() throws {
        let table = try shopTable()
        let limit = String(repeating: "a", count: ParamType.maxStringBytes)
        XCTAssertNoThrow(try table.check(category(limit)))
        let error = thrownError { () throws(NavError) in try table.check(category(limit + "a")) }
        XCTAssertEqual(error?.kind, .params)
        XCTAssertTrue(error?.message.contains("exceeds the 65536-byte limit") ?? false)
    }

    func testTitleTemplateEscapesAndErrors() throws {
        XCTAssertEqual(try title("{{x}} {id}").parts, [.literal("{x} "), .param("id")])
        XCTAssertEqual(TitleTemplate.parse("Product {id").failureKind, .table)
        XCTAssertEqual(TitleTemplate.parse("a } b").failureKind, .table)
        XCTAssertEqual(TitleTemplate.parse("{}").failureKind, .table)
        let undeclared = thrownError { () throws(NavError) in try RouteDefinition(name: "p", params: [:], title: try TitleTemplate.parse("{id}").get()) }
        XCTAssertEqual(undeclared?.message, "title: unknown param \"id\" in template")
    }

    func testTableRefusesBadRootNamesAndDuplicates() throws {
        let home = try RouteDefinition(name: "home", params: [:], title: nil)
        let badRoot = thrownError { () throws(NavError) in try RouteTable(root: RouteRequest(name: "hom"), definitions: [home]) }
        XCTAssertEqual(badRoot?.kind, .table)
        XCTAssertEqual(badRoot?.message, "root: unknown route \"hom\" (did you mean \"home\"?)")
        let twice = thrownError { () throws(NavError) in try RouteTable(root: RouteRequest(name: "home"), definitions: [home, home]) }
        XCTAssertEqual(twice?.message, "routes: route \"home\" is declared twice")
        let badName = try RouteDefinition(name: "a b", params: [:], title: nil)
        XCTAssertEqual(thrownError { () throws(NavError) in try RouteTable(root: RouteRequest(name: "home"), definitions: [home, badName]) }?.kind, .table)
        XCTAssertEqual(thrownError { () throws(NavError) in try RouteTable(version: 0, root: RouteRequest(name: "home"), definitions: [home]) }?.kind, .table)
        XCTAssertEqual(thrownError { () throws(NavError) in try RouteTable(root: RouteRequest(name: "home"), definitions: []) }?.kind, .table)
    }

    func testDefaultMustFitItsType() {
        let error = thrownError { () throws(NavError) in try ParamSpec.declare(type: .int, default: .string("1"), optional: false) }
        XCTAssertEqual(error?.message, "default: expected int, got string")
    }
}

extension Result where Failure == NavError {
    /// The error kind of a failure, nil for a success.
    var failureKind: NavError.Kind? {
        if case .failure(let error) = self { return error.kind }
        return nil
    }
}
