import XCTest
@testable import NavCore

/// Links that name a tab: the tab is selected first and only its stack changes.
final class LinkTabTests: XCTestCase {
    private func tabsTable(links: [LinkDeclaration]) throws(NavError) -> RouteTable {
        try RouteTable(
            layout: .tabs([TabDeclaration(name: "shop", root: RouteRequest(name: "home")),
                           TabDeclaration(name: "cart", root: RouteRequest(name: "checkout"), routes: ["checkout"]),
                           TabDeclaration(name: "account", root: RouteRequest(name: "userList"))]),
            definitions: [
                RouteDefinition(name: "home", params: [:], title: nil),
                RouteDefinition(name: "checkout", params: [:], title: nil),
                RouteDefinition(name: "product", params: ["id": ParamSpec(type: .int)], title: nil),
                RouteDefinition(name: "userList", params: [:], title: nil),
                RouteDefinition(name: "userDetail", params: ["id": ParamSpec(type: .int)], title: nil, parent: "userList"),
                RouteDefinition(name: "userEdit", params: ["id": ParamSpec(type: .int)], title: nil, parent: "userDetail"),
            ],
            links: links)
    }

    private var links: [LinkDeclaration] {
        [LinkDeclaration(url: "myapp://users/{id}/edit", stack: ["userEdit"], tab: "account"),
         LinkDeclaration(url: "myapp://product/{id}", stack: ["product"], mode: .push, tab: "shop"),
         LinkDeclaration(url: "myapp://any/{id}", stack: ["product"])]
    }

    func testALinkSelectsItsTabAndChangesOnlyThatStack() throws {
        var navigator = Navigator(table: try tabsTable(links: links))
        _ = try navigator.apply([.push(product(1))])
        let shopBefore = navigator.bases[0]
        let transition = try navigator.apply([.openURL("myapp://users/42/edit", mode: nil)])
        XCTAssertEqual(navigator.selectedTab, "account")
        XCTAssertEqual(names(navigator), ["userList", "userDetail", "userEdit"], "the tab's root ends the back stack")
        XCTAssertEqual(navigator.bases[0], shopBefore)
        XCTAssertEqual(transition.tab?.after, "account")
        XCTAssertEqual(transition.results, [.opened])
        XCTAssertEqual(transition.cause, .url("myapp://users/42/edit", link: "myapp://users/{id}/edit", mode: .replace))

        let again = try navigator.apply([.openURL("myapp://users/42/edit", mode: nil)])
        XCTAssertFalse(again.changed, "opening the link of the selected tab does not pop it, as a reselect would")
        XCTAssertEqual(again.results, [.unchanged])

        _ = try navigator.apply([.openURL("myapp://product/2", mode: nil)])
        XCTAssertEqual(navigator.selectedTab, "shop")
        XCTAssertEqual(routeTexts(navigator.activeStack.path.map(\.route)), ["product(id: 1)", "product(id: 2)"])
        XCTAssertEqual(navigator.bases[2].path.count, 2, "the account tab kept its stack")
    }

    func testALinkWithoutATabMustFitTheActiveTab() throws {
        var navigator = Navigator(table: try tabsTable(links: links))
        _ = try navigator.apply([.selectTab("cart")])
        let before = navigator
        let error = thrownError { () throws(NavError) in try navigator.apply([.openURL("myapp://any/3", mode: nil)]) }
        XCTAssertEqual(error?.kind, .route)
        XCTAssertEqual(error?.message, "actions[0].url: route \"product\" of link \"myapp://any/{id}\" is not accepted by tab \"cart\"")
        XCTAssertEqual(navigator, before)
    }

    func testTabChecksAtLoad() {
        let unknown = thrownError { () throws(NavError) in
            try tabsTable(links: [LinkDeclaration(url: "x://y/{id}", stack: ["product"], tab: "acount")])
        }
        XCTAssertEqual(unknown?.message, "links[0].tab: unknown tab \"acount\" (tabs: shop, cart, account) (did you mean \"account\"?)")
        let refused = thrownError { () throws(NavError) in
            try tabsTable(links: [LinkDeclaration(url: "x://y/{id}", stack: ["product"], tab: "cart")])
        }
        XCTAssertEqual(refused?.message, "links[0].tab: tab \"cart\" does not accept route \"product\" of the link")
        let noTabs = thrownError { () throws(NavError) in
            try linksTable(extraLinks: [LinkDeclaration(url: "x://y", stack: [], tab: "shop")])
        }
        XCTAssertEqual(noTabs?.message, "links[14].tab: no tab \"shop\": the route table declares no tabs")
    }

    func testARootLinkStandsForItsTabsRoot() throws {
        let table = try tabsTable(links: [LinkDeclaration(url: "x://cart", stack: [], tab: "cart"),
                                          LinkDeclaration(url: "x://anywhere", stack: [])])
        let roots = table.tabs.map(\.root)
        XCTAssertEqual(try table.url(for: roots[1]), "x://cart")
        for other in [roots[0], roots[2]] {
            XCTAssertEqual(thrownError { () throws(NavError) in try table.url(for: other) }?.kind, .noMatch,
                           "an untabbed root link pops whichever tab is selected: it stands for no root in particular")
        }
        var navigator = Navigator(table: table)
        XCTAssertEqual(thrownError { () throws(NavError) in try navigator.stackURL() }?.kind, .noMatch)
        _ = try navigator.apply([.openURL("x://cart", mode: nil)])
        XCTAssertEqual(navigator.selectedTab, "cart")
        XCTAssertEqual(try navigator.stackURL(), "x://cart")
    }
}
