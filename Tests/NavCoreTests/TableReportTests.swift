import XCTest
@testable import NavCore

/// The table report (docs/tools.md): the stack each link builds, what
/// requires each condition, and one warning of each kind, at its place.
final class TableReportTests: XCTestCase {
    /// Tabs shop, cart (accepting only checkout) and orders; one mistake of each kind.
    private func table(links: [LinkDeclaration]) throws(NavError) -> RouteTable {
        try RouteTable(
            layout: .tabs([TabDeclaration(name: "shop", root: RouteRequest(name: "home")),
                           TabDeclaration(name: "cart", root: RouteRequest(name: "checkout"), routes: ["checkout"]),
                           TabDeclaration(name: "orders", root: RouteRequest(name: "orders"))]),
            definitions: [
                RouteDefinition(name: "home", params: [:], title: nil),
                RouteDefinition(name: "checkout", params: [:], title: nil, requires: ["signed_in"]),
                RouteDefinition(name: "orders", params: [:], title: nil),
                RouteDefinition(name: "order", params: ["id": ParamSpec(type: .int)], title: nil, parent: "orders"),
                RouteDefinition(name: "product", params: ["id": ParamSpec(type: .int),
                                                          "sort": ParamSpec(type: .string, presence: .defaulted(.string("new")))],
                                title: nil),
                RouteDefinition(name: "login", params: [:], title: nil),
                RouteDefinition(name: "help", params: [:], title: nil),
            ],
            links: links,
            conditions: [ConditionDeclaration(name: "signed_in", flow: Flow(route: RouteRequest(name: "login"))),
                         ConditionDeclaration(name: "onboarded")])
    }

    private let mistakes = [LinkDeclaration(url: "shop://order/{id}", stack: ["order"], tab: "shop"),
                            LinkDeclaration(url: "shop://product/{id}", stack: ["product"])]

    func testEachKindOfMistakeIsWarnedAtItsPlace() throws {
        let report = TableReport(try table(links: mistakes))
        XCTAssertEqual(report.warnings.map(\.kind), [.pushOnlyRoute, .linkLeavesTab, .linkRefusedByTab, .unboundParam, .unusedCondition])
        XCTAssertEqual(report.warnings.map(\.path), ["routes.help", "links[0]", "links[1]", "routes.product.params.sort",
                                                     "conditions.onboarded"])
        XCTAssertEqual(report.warnings[1].message,
                       "the parent chain of route \"order\" leaves tab \"shop\": its parent \"orders\" is the root of tab \"orders\", so the link builds [home, order] without it")
        XCTAssertEqual(report.warnings[2].message,
                       "the link names no tab and fails on the tabs that refuse its routes: tab \"cart\" does not accept \"product\"")
    }

    func testAFlowRouteATabRootAndALinkChainAreReached() throws {
        let report = TableReport(try table(links: mistakes))
        let pushOnly = report.warnings.filter { $0.kind == .pushOnlyRoute }.map(\.path)
        XCTAssertEqual(pushOnly, ["routes.help"], "login (a flow), the tab roots and the linked routes are reached")
    }

    /// The roots and sidebar routes of a layout show whenever an entry of its
    /// route does: reached when the route is, push-only when it is.
    func testTheRootsOfAReachedLayoutAreReached() throws {
        func plain(_ name: String) throws -> RouteDefinition { try RouteDefinition(name: name, params: [:], title: nil) }
        let settings = NestedLayoutDeclaration(.tabs([TabDeclaration(name: "general", root: RouteRequest(name: "general")),
                                                      TabDeclaration(name: "privacy", root: RouteRequest(name: "privacy"))]))
        let mail = NestedLayoutDeclaration(.split(root: RouteRequest(name: "inbox"), sidebar: ["inbox", "sent"]))
        let table = try RouteTable(
            layout: .stack(root: RouteRequest(name: "settings")),
            definitions: [try plain("general"), try plain("privacy"), try plain("inbox"), try plain("sent"),
                          try RouteDefinition(name: "settings", params: [:], title: nil, layout: settings),
                          try RouteDefinition(name: "mail", params: [:], title: nil, layout: mail)])
        let pushOnly = TableReport(table).warnings.filter { $0.kind == .pushOnlyRoute }.map(\.path)
        XCTAssertEqual(pushOnly, ["routes.inbox", "routes.mail", "routes.sent"],
                       "settings is the root, so its tabs' roots show; mail is only pushed, and so are its split's routes")
    }

    func testATableWithoutMistakesHasNoWarnings() throws {
        let clean = try RouteTable(
            layout: .tabs([TabDeclaration(name: "shop", root: RouteRequest(name: "home")),
                           TabDeclaration(name: "orders", root: RouteRequest(name: "orders"), requires: ["signed_in"])]),
            definitions: [RouteDefinition(name: "home", params: [:], title: nil),
                          RouteDefinition(name: "orders", params: [:], title: nil),
                          RouteDefinition(name: "order", params: ["id": ParamSpec(type: .int)], title: nil, parent: "orders"),
                          RouteDefinition(name: "login", params: [:], title: nil)],
            links: [LinkDeclaration(url: "shop://orders/{id}", stack: ["order"], tab: "orders")],
            conditions: [ConditionDeclaration(name: "signed_in", flow: Flow(route: RouteRequest(name: "login"), style: "cover"))])
        let report = TableReport(clean)
        XCTAssertEqual(report.warnings, [])
        XCTAssertEqual(report.links.map(\.chain), [["order"]], "the chain stops below its tab's root")
        XCTAssertEqual(report.requirers, [["tabs[1]"]])
    }

    func testTheChainHoldsTheParentsAndRequirersListRoutesThenTabs() throws {
        let report = TableReport(try RouteTable(
            root: RouteRequest(name: "home"),
            definitions: [RouteDefinition(name: "home", params: [:], title: nil),
                          RouteDefinition(name: "users", params: [:], title: nil),
                          RouteDefinition(name: "user", params: ["id": ParamSpec(type: .int)], title: nil, parent: "users"),
                          RouteDefinition(name: "edit", params: ["id": ParamSpec(type: .int)], title: nil, parent: "user")],
            links: [LinkDeclaration(url: "app://users/{id}/edit", stack: ["edit"])]))
        XCTAssertEqual(report.links.first?.chain, ["users", "user", "edit"])
        XCTAssertEqual(report.links.first?.placeholders, ["id"])
        XCTAssertEqual(report.links.first?.rank, [2, 1], "{id} is a typed placeholder, edit a static segment")
        XCTAssertEqual(report.warnings, [])
        let tabbed = TableReport(try table(links: mistakes))
        XCTAssertEqual(tabbed.requirers, [["routes.checkout", "tabs[1]"], []])
    }
}

/// A condition that only a redirect tests is used: no `unused_condition`.
final class TableReportRedirectTests: XCTestCase {
    func testAConditionARedirectTestsIsNotUnused() throws {
        let table = try RouteTable(
            layout: .stack(root: RouteRequest(name: "home")),
            definitions: [RouteDefinition(name: "home", params: [:], title: nil), RouteDefinition(name: "login", params: [:], title: nil)],
            links: [LinkDeclaration(url: "shop://login", stack: ["login"])],
            conditions: [ConditionDeclaration(name: "signed_in")],
            redirects: [RedirectDeclaration(from: "login", when: [(name: "signed_in", value: true)], to: RouteRequest(name: "home"))])
        XCTAssertEqual(TableReport(table).warnings.map(\.kind), [])
    }
}
