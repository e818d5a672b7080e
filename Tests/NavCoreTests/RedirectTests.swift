import XCTest
@testable import NavCore

/// The table's redirects (docs/conditions.md, "Redirects and guards"): checked
/// at load, followed by every action that places a route with the conditions'
/// values at that point of the batch, noted in the transition.
final class RedirectTests: XCTestCase {
    private func table(_ redirects: [RedirectDeclaration], limit: Int = Redirects.defaultLimit,
                       layout: LayoutDeclaration = .stack(root: RouteRequest(name: "home"))) throws(NavError) -> RouteTable {
        let names = ["home", "login", "checkout", "a", "b", "c"]
        var routes: [RouteDefinition] = []
        for name in names { routes.append(try RouteDefinition(name: name, params: [:], title: nil)) }
        return try RouteTable(layout: layout, definitions: routes, conditions: [ConditionDeclaration(name: "signed_in")],
                       redirects: redirects, redirectLimit: limit)
    }

    private let loginGoesHome = RedirectDeclaration(from: "login", when: [("signed_in", true)], to: RouteRequest(name: "home"))

    private func names(_ navigator: Navigator) -> [String] {
        navigator.activeStack.entries.map(\.route.name)
    }

    func testTheConditionsValueAtThatPointOfTheBatchDecides() throws {
        var navigator = Navigator(table: try table([loginGoesHome]))
        let before = try navigator.apply([.push(RouteRequest(name: "a")), .push(RouteRequest(name: "login"))])
        XCTAssertEqual(before.redirects, [])
        let after = try navigator.apply([.setCondition(name: "signed_in", value: true), .replace(RouteRequest(name: "login"))])
        XCTAssertEqual(after.redirects, [RedirectStep(from: "login", to: "home")])
        XCTAssertEqual(names(navigator), ["home", "a", "home"])
    }

    func testARedirectToTheScreenShownChangesNothingButIsNoted() throws {
        var navigator = Navigator(table: try table([loginGoesHome]))
        _ = try navigator.apply([.setCondition(name: "signed_in", value: true)])
        let before = navigator
        for action in [Action.push(RouteRequest(name: "login")), .present(RouteRequest(name: "login"), style: nil)] {
            let transition = try navigator.apply([action])
            XCTAssertFalse(transition.changed)
            XCTAssertEqual(transition.results, [.unchanged])
            XCTAssertEqual(transition.redirects, [RedirectStep(from: "login", to: "home")])
            XCTAssertEqual(navigator, before)
        }
    }

    func testSplitSelectIsRedirectedAndTheSidebarChecksTheRoutePlaced() throws {
        let split = LayoutDeclaration.split(root: RouteRequest(name: "home"), sidebar: ["home", "b"])
        var navigator = Navigator(table: try table([RedirectDeclaration(from: "a", to: RouteRequest(name: "b"))], layout: split))
        let transition = try navigator.apply([.select(RouteRequest(name: "a"))])
        XCTAssertEqual(transition.results, [.selected])
        XCTAssertEqual(navigator.bases[0].root.route.name, "b")
        XCTAssertFalse(try navigator.apply([.select(RouteRequest(name: "a"))]).changed)
    }

    func testAChainIsFollowedUpToTheLimitAndFailsPastIt() throws {
        let chain = [RedirectDeclaration(from: "a", to: RouteRequest(name: "b")), RedirectDeclaration(from: "b", to: RouteRequest(name: "c"))]
        var navigator = Navigator(table: try table(chain, limit: 2))
        XCTAssertEqual(try navigator.apply([.push(RouteRequest(name: "a"))]).redirects.map(\.to), ["b", "c"])
        var short = Navigator(table: try table(chain, limit: 1))
        let before = short
        let error = thrownError { () throws(NavError) in try short.apply([.setStack([RouteRequest(name: "home"), RouteRequest(name: "a")])]) }
        XCTAssertEqual(error, NavError(.redirect, at: "actions[0].routes[1]", "redirects go past the limit of 1: a -> b -> c"))
        XCTAssertEqual(short, before)
    }

    func testTheFirstRedirectThatFiresWins() throws {
        let redirects = [RedirectDeclaration(from: "a", when: [("signed_in", true)], to: RouteRequest(name: "b")),
                         RedirectDeclaration(from: "a", to: RouteRequest(name: "c"))]
        var navigator = Navigator(table: try table(redirects))
        XCTAssertEqual(try navigator.apply([.push(RouteRequest(name: "a"))]).redirects.map(\.to), ["c"])
        XCTAssertEqual(try navigator.apply([.setCondition(name: "signed_in", value: true), .push(RouteRequest(name: "a"))]).redirects.map(\.to), ["b"])
    }

    func testLoadRefusesUnknownNamesCyclesThatCanFireAndABadLimit() {
        let cases: [([RedirectDeclaration], Int, String)] = [
            ([RedirectDeclaration(from: "lgin", to: RouteRequest(name: "home"))], 5, "redirects[0].from: unknown route \"lgin\" (did you mean \"login\"?)"),
            ([RedirectDeclaration(from: "a", when: [("premium", true)], to: RouteRequest(name: "home"))], 5, "redirects[0].when: unknown condition \"premium\""),
            ([RedirectDeclaration(from: "a", to: RouteRequest(name: "nowhere"))], 5, "redirects[0].to: unknown route \"nowhere\""),
            ([RedirectDeclaration(from: "a", to: RouteRequest(name: "b")), RedirectDeclaration(from: "b", when: [("signed_in", false)], to: RouteRequest(name: "a"))],
             5, "redirects[0]: a cycle of redirects that can fire together: a -> b -> a"),
            ([], 33, "redirect_limit: must be an integer from 1 to 32, got 33"),
        ]
        for (redirects, limit, message) in cases {
            XCTAssertEqual(thrownError { () throws(NavError) in try table(redirects, limit: limit) }?.message, message)
        }
        let contradicting = [RedirectDeclaration(from: "a", when: [("signed_in", true)], to: RouteRequest(name: "b")),
                             RedirectDeclaration(from: "b", when: [("signed_in", false)], to: RouteRequest(name: "a"))]
        XCTAssertNil(thrownError { () throws(NavError) in try table(contradicting) })
    }

    func testTheCycleSearchIsBounded() throws {
        // 30 layers of 4 routes, each redirecting to every route of the next layer: 4^30 paths, no cycle.
        let layers = 30, width = 4
        var definitions: [RouteDefinition] = []
        for layer in 0..<layers {
            for index in 0..<width { definitions.append(try RouteDefinition(name: "r\(layer)_\(index)", params: [:], title: nil)) }
        }
        var redirects: [RedirectDeclaration] = []
        for layer in 0..<(layers - 1) {
            for from in 0..<width {
                for to in 0..<width { redirects.append(RedirectDeclaration(from: "r\(layer)_\(from)", to: RouteRequest(name: "r\(layer + 1)_\(to)"))) }
            }
        }
        let error = thrownError { () throws(NavError) in
            try RouteTable(layout: .stack(root: RouteRequest(name: "r0_0")), definitions: definitions, redirects: redirects, redirectLimit: 32)
        }
        XCTAssertEqual(error?.message, "redirects: too many paths of redirects to check for cycles (more than 100000)")
    }
}
