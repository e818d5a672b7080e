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

    /// Each layer lists its stack's entries, root first, for breadcrumbs and
    /// a back menu; Back says what it will do, with `back_preview`'s result
    /// names, below the top too.
    func testLayersListTheirEntriesAndBackSaysWhatItWillDo() throws {
        var nav = Navigator(table: try tabsTable())
        XCTAssertEqual(nav.viewModel(after: nil).layers.map(\.backWill), [.nothing])
        _ = try nav.apply([.push(product(1)), .push(product(2)), .present(RouteRequest(name: "login"), style: "sheet")])
        let model = nav.viewModel(after: nil)
        XCTAssertEqual(model.layers.map { $0.entries.map(\.title) }, [["Home", "Product 1", "Product 2"], ["Sign in"]])
        XCTAssertEqual(model.layers.map(\.backWill), [.popped, .dismissed])
        _ = try nav.apply([.push(RouteRequest(name: "settings"))])
        XCTAssertEqual(nav.viewModel(after: nil).layers.map(\.backWill), [.popped, .poppedPresentation])
        _ = try nav.apply([.dismiss(all: true), .selectTab("cart")])
        XCTAssertEqual(nav.viewModel(after: nil).layers.map(\.backWill), [.previousTab])
    }

    /// A blocking entry that Back would remove shows on the Back button, which
    /// stays enabled: Back asks (docs/blockers.md).
    func testBackSaysWhichDraftItWillAskAbout() throws {
        var nav = Navigator(table: try tabsTable())
        _ = try nav.apply([.push(product(1)), .setBlocker(id: 4, reason: "Unsaved review")])
        let top = try XCTUnwrap(nav.viewModel(after: nil).layers.last)
        XCTAssertTrue(top.backEnabled)
        XCTAssertEqual(top.backBlocked?.entry.id, 4)
        XCTAssertEqual(top.backBlocked?.reason, "Unsaved review")
        _ = try nav.apply([.setBlocker(id: 4, reason: nil)])
        XCTAssertNil(nav.viewModel(after: nil).layers.last?.backBlocked)
    }

    /// While a batch waits for a condition, the view model names the screen it
    /// leads to ("Sign in to continue to Checkout"), and the flow's Back says
    /// it cancels that.
    func testAHeldScreenIsNamedAndBackOnItsFlowCancelsIt() throws {
        var nav = Navigator(table: try SignInFlowTests.signInTable())
        XCTAssertNil(nav.viewModel(after: nil).pending)
        _ = try nav.apply([.push(product(1)), .push(RouteRequest(name: "checkout"))])
        let model = nav.viewModel(after: nil)
        XCTAssertEqual(model.pending, ViewModel.Pending(condition: "signed_in", title: "checkout"))
        XCTAssertEqual(model.layers.last?.title, "login")
        XCTAssertEqual(model.layers.last?.backWill, .dismissed)
        XCTAssertEqual(model.layers.last?.cancelsIntent, model.pending)
        XCTAssertNil(model.layers.first?.cancelsIntent, "below the top Back cancels nothing")
        _ = try nav.apply([.setCondition(name: "signed_in", value: true)])
        XCTAssertNil(nav.viewModel(after: nil).pending)
    }

    /// A replay that would be dropped leads nowhere: the view model names no
    /// title, neither as the pending intent nor as what Back cancels.
    func testAHeldBatchWhoseReplayWouldBeDroppedNamesNoTitle() throws {
        var nav = Navigator(table: try SignInFlowTests.signInTable())
        // A draft the held set_stack would remove: its replay is held back, so signing in drops it.
        _ = try nav.apply([.push(product(1)), .setBlocker(id: 4, reason: "Unsaved draft")])
        _ = try nav.apply([.setStack([RouteRequest(name: "checkout")])])
        let model = nav.viewModel(after: nil)
        XCTAssertEqual(model.pending, ViewModel.Pending(condition: "signed_in", title: nil))
        XCTAssertEqual(model.layers.last?.cancelsIntent, model.pending)
        XCTAssertEqual(try nav.apply([.setCondition(name: "signed_in", value: true)]).intent?.kind, .dropped)
    }

    /// In the expanded form both columns show: the sidebar is shown.
    func testAnExpandedSplitViewShowsItsSidebar() throws {
        var nav = Navigator(table: try shellSplitTable())
        XCTAssertEqual(nav.viewModel(after: nil).sidebar?.sidebarShown, true)
        _ = try nav.apply([.setCompact(true)])
        XCTAssertEqual(nav.viewModel(after: nil).sidebar?.sidebarShown, false, "compact, at the detail")
        _ = try nav.apply([.back()])
        XCTAssertEqual(nav.viewModel(after: nil).sidebar?.sidebarShown, true, "compact, at the sidebar")
    }
}
