import TestSupport
import XCTest
@testable import NavCore

/// The view model (docs/shells.md): layers with titles and Back buttons,
/// the tab bar, the sidebar, and the announcement of the last change.
final class ViewModelTests: XCTestCase {
    func testLayersTitlesAndBackButtons() throws {
        var nav = Navigator(table: try tabsTable())
        XCTAssertEqual(nav.viewModel(after: nil).layers.map(\.backEnabled), [false])
        _ = try nav.apply([.push(product(1)), .present(RouteRequest(name: "login"), style: "sheet")])
        let model = nav.viewModel(after: nil)
        XCTAssertEqual(model.layers.map(\.style), ["base", "sheet"])
        XCTAssertEqual(model.layers.map(\.title), ["Product 1", "Sign in"])
        XCTAssertEqual(model.layers[0].backLabel, "Home", "below the top: the layer's own previous screen")
        XCTAssertEqual(model.layers[1].backLabel, "Product 1", "the top: what Back would show")
        XCTAssertEqual(model.tabs.map(\.title), ["Home", "Cart", "Settings"], "a tab's title defaults to its root's")
        XCTAssertEqual(model.tabs.map(\.selected), [true, false, false])
        XCTAssertNil(model.sidebar)
    }

    func testTheTopLayersBackFollowsTheBackPreview() throws {
        var nav = Navigator(table: try tabsTable())
        _ = try nav.apply([.selectTab("cart")])
        let model = nav.viewModel(after: nil)
        XCTAssertEqual(model.layers[0].backLabel, "Home", "back returns to the previous tab")
        XCTAssertEqual(model.layers[0].backLabel, nav.backPreview.after.top.title)
    }

    func testAnnouncements() throws {
        var nav = Navigator(table: try tabsTable())
        func said(_ actions: [Action]) throws -> String {
            let transition = try nav.apply(actions)
            return nav.viewModel(after: transition).announcement
        }
        XCTAssertEqual(try said([.push(product(7))]), "Product 7")
        XCTAssertEqual(try said([.present(RouteRequest(name: "login"), style: "sheet")]), "Sign in, sheet")
        XCTAssertEqual(try said([.dismiss(all: false)]), "closed Sign in")
        XCTAssertEqual(try said([.selectTab("cart")]), "Cart tab")
        XCTAssertEqual(try said([.selectTab("shop")]), "Home tab, Product 7")
        XCTAssertEqual(try said([.setEntryState(id: 1, state: .int(1))]), "", "nothing changed: nothing to say")
    }

    /// In a compact split view at the detail root, Back goes to the sidebar:
    /// its label is the split view's title, or nil without one, never the
    /// title of the screen the user is on; Back stays enabled either way.
    func testBackToTheSidebarIsLabelledWithTheSplitTitle() throws {
        for (title, expected) in [("Mailboxes", "Mailboxes"), (nil, nil)] as [(String?, String?)] {
            var nav = Navigator(table: try shellSplitTable(sidebarTitle: title))
            _ = try nav.apply([.setCompact(true)])
            let top = try XCTUnwrap(nav.viewModel(after: nil).layers.last)
            XCTAssertEqual(top.title, "Inbox")
            XCTAssertTrue(top.backEnabled, "title \(String(describing: title))")
            XCTAssertEqual(top.backLabel, expected, "title \(String(describing: title))")
            _ = try nav.apply([.push(RouteRequest(name: "mail", params: [("id", .int(1))]))])
            XCTAssertEqual(nav.viewModel(after: nil).layers.last?.backLabel, "Inbox", "above the root Back pops")
        }
    }

    /// Over random states, the top layer's Back button agrees with what `back` then does.
    func testTheBackButtonAgreesWithBack() throws {
        let run = SeededRun("ViewModelTests.testTheBackButtonAgreesWithBack", seed: 3, rounds: 200)
        var random = run.random
        var nav = Navigator(table: try tabsTable())
        for round in 0..<run.rounds {
            let actions: [Action] = [.push(product(round)), .present(RouteRequest(name: "login"), style: nil), .back(),
                                     .selectTab(["shop", "cart", "settings"].randomElement(using: &random) ?? "shop"),
                                     .push(RouteRequest(name: "checkout"), tab: "cart")]
            _ = try? nav.apply([actions.randomElement(using: &random) ?? .back()])
            let top = nav.viewModel(after: nil).layers.last
            let before = nav
            let transition = try nav.apply([.back()])
            if top?.backEnabled == true {
                XCTAssertEqual(top?.backLabel, transition.after.top.title, "round \(round)")
            } else {
                XCTAssertEqual(nav, before, "round \(round): a disabled Back changed something")
            }
        }
    }
}
