import TestSupport
import XCTest
@testable import NavCore

/// Links in a tabbed app: the `not_found` route on any tab, its reason in the
/// transition, and the tab a resolution selects.
final class NotFoundTabTests: XCTestCase {
    func testNotFoundOpensOnATabThatDoesNotListIt() throws {
        var navigator = Navigator(table: try shellTabsTable())
        _ = try navigator.apply([.selectTab("cart")])
        let opened = try navigator.apply([.openURL("shop://prodcut/5", mode: nil)])
        XCTAssertEqual(navigator.activeStack.name, "cart")
        XCTAssertEqual(navigator.activeStack.top.route.name, "missing")
        guard case .url(_, nil, .replace, let reason?) = opened.cause else { return XCTFail("cause \(opened.cause)") }
        XCTAssertTrue(reason.contains("no link has the scheme and host \"shop://prodcut\""), reason)
        let pushed = try navigator.apply([.push(RouteRequest(name: "missing"))])
        XCTAssertEqual(pushed.results, [.pushed], "every tab accepts the not_found route")
        XCTAssertNotNil(thrownError { () throws(NavError) in try navigator.apply([.push(RouteRequest(name: "home"))]) }, "other routes are still refused")
    }

    func testOpenedLinkCarriesNoReason() throws {
        var navigator = Navigator(table: try shellTabsTable())
        let opened = try navigator.apply([.openURL("shop://product/5", mode: nil)])
        XCTAssertEqual(opened.cause, .url("shop://product/5", link: "shop://product/{id}", mode: .replace))
        XCTAssertEqual(try navigator.table.resolve("shop://product/5").link?.declaration.tab, "shop")
    }
}
