import Foundation
import NavCore
import NavCoreJSON
import TestSupport
import XCTest

/// Links into nested containers (docs/links.md, "Links into nested
/// containers") over `Tests/vectors/tables/nested_links.json`: a link's
/// `into` names the stack its routes go on, and `open_url` makes that stack
/// the active one in the same batch.
final class NestedLinkTests: XCTestCase {
    private func tableText() throws -> String {
        try String(contentsOf: VectorSession.folder.appendingPathComponent("tables/nested_links.json"), encoding: .utf8)
    }

    private func table() throws -> RouteTable {
        try decodeTable(try tableText())
    }

    private func open(_ navigator: inout Navigator, _ url: String) throws -> Transition {
        try navigator.apply([.openURL(url, mode: nil)])
    }

    private func names(_ stack: Stack) -> [String] { stack.entries.map(\.route.name) }

    func testALinkIntoASheetPresentsItSelectsItsTabAndPlacesTheRoutes() throws {
        var navigator = Navigator(table: try table())
        let bases = navigator.bases
        let transition = try open(&navigator, "myapp://settings/privacy/blocked")
        XCTAssertEqual(transition.results, [.opened])
        XCTAssertEqual(navigator.layers.map(\.stack.root.route.name), ["settings"])
        XCTAssertEqual(navigator.activeStack.name, "layer:\(navigator.layers[0].stack.root.id)/privacy")
        XCTAssertEqual(names(navigator.activeStack), ["privacy", "blocked"], "the parent chain stops at the root of the stack filled")
        XCTAssertEqual(navigator.bases, bases, "a cold start keeps the base at its roots beneath the sheet")

        let before = navigator
        let again = try open(&navigator, "myapp://settings/privacy/blocked")
        XCTAssertFalse(again.changed, "the same link twice changes nothing the second time")
        XCTAssertEqual(again.results, [.unchanged])
        XCTAssertEqual(navigator.layers, before.layers)
    }

    func testAnOpenLayerWithAnEqualRootIsReusedAndAnotherIsPresented() throws {
        var navigator = Navigator(table: try table())
        _ = try open(&navigator, "myapp://profile/1/photos")
        _ = try open(&navigator, "myapp://profile/2/photos")
        XCTAssertEqual(navigator.layers.map { $0.stack.root.route.params.map(\.value) }, [[.int(1)], [.int(2)]],
                       "a layer whose root has other params is not reused")
        let transition = try open(&navigator, "myapp://profile/1/photos")
        XCTAssertEqual(navigator.layers.count, 1, "the layers above the reused one are dismissed")
        XCTAssertEqual(transition.presented, [])
        XCTAssertEqual(transition.dismissed.count, 1)
        XCTAssertEqual(names(navigator.activeStack), ["profile", "photos"])

        // Presented by hand, with a policy that would present it again: still reused.
        var other = Navigator(table: try table())
        _ = try other.apply([.present(RouteRequest(name: "checkout"), style: "cover", policy: .allow)])
        let opened = try open(&other, "shop://checkout/payment")
        XCTAssertEqual(opened.presented, [])
        XCTAssertEqual(other.layers.map(\.style), ["cover"])
        XCTAssertEqual(names(other.activeStack), ["checkout", "payment"], "the link builds inside the checkout sheet")
    }

    func testParentsStopAtTheRootOfTheStackALinkFills() throws {
        var navigator = Navigator(table: try table())
        _ = try open(&navigator, "myapp://settings/privacy/blocked/7")
        XCTAssertEqual(names(navigator.activeStack), ["privacy", "blocked", "blockedUser"])
        // A link without `into`, opened inside the open sheet, fills the active stack.
        _ = try open(&navigator, "myapp://blocked")
        XCTAssertEqual(names(navigator.activeStack), ["privacy", "blocked"], "not [privacy, privacy, blocked]")
        XCTAssertEqual(try navigator.table.resolve("myapp://blocked").routes.map(\.name), ["privacy", "blocked"],
                       "on a base stack the whole chain is placed")
    }

    func testNestedTabsAndTheSidebarAreSelectedOnTheWay() throws {
        var navigator = Navigator(table: try table())
        _ = try navigator.apply([.push(RouteRequest(name: "post", params: [("id", .int(1))]), stack: .name("explore"))])
        _ = try open(&navigator, "myapp://explore/following/post/5")
        XCTAssertEqual(navigator.selectedTab, "explore")
        XCTAssertEqual(navigator.activeStack.name, "explore/following")
        XCTAssertEqual(names(navigator.bases[1]), ["explore"], "the stack holding the container is popped to its root")
        XCTAssertEqual(names(navigator.activeStack), ["following", "post"])

        // The library's split view collapsed, showing its sidebar: the link shows the detail stack.
        _ = try navigator.apply([.selectTab("library"), .setCompact(true), .back()])
        XCTAssertEqual(navigator.containers[navigator.bases[2].root.id]?.state.split.sidebarShown, true)
        _ = try open(&navigator, "myapp://library/artists/3")
        XCTAssertEqual(navigator.containers[navigator.bases[2].root.id]?.state.split.sidebarShown, false)
        XCTAssertEqual(navigator.activeStack.name, "library/detail")
        XCTAssertEqual(names(navigator.activeStack), ["artists", "artist"], "the sidebar route of the chain is the selection")
        _ = try open(&navigator, "myapp://library/albums/4")
        XCTAssertEqual(names(navigator.activeStack), ["albums", "album"])
    }

    func testABaseTargetDismissesWhatCoversItAndBlockersInsideHold() throws {
        var navigator = Navigator(table: try table())
        _ = try open(&navigator, "shop://checkout/payment")
        let payment = navigator.activeStack.top.id
        _ = try navigator.apply([.setBlocker(id: payment, reason: "unsaved card")])
        let before = navigator
        let error = thrownError { () throws(NavError) in try navigator.apply([.openURL("myapp://cart/item/2", mode: nil)]) }
        XCTAssertEqual(error?.kind, .blocked)
        XCTAssertEqual(navigator, before, "nothing changed")
        _ = try navigator.apply([.setBlocker(id: payment, reason: nil)])
        let transition = try open(&navigator, "myapp://cart/item/2")
        XCTAssertEqual(navigator.layers, [])
        XCTAssertEqual(transition.dismissed.count, 1)
        XCTAssertEqual(navigator.selectedTab, "cart")
        XCTAssertEqual(names(navigator.activeStack), ["cart", "cartItem"])
        // A link without `into` leaves the sheet up, as before.
        _ = try open(&navigator, "myapp://settings")
        _ = try open(&navigator, "shop://checkout/pay")
        XCTAssertEqual(navigator.layers.count, 1)
    }

    /// A link into another layer's route dismisses the open sheet and
    /// presents its layer in one transition, as a link into a base tab
    /// dismisses it; a layer of the same route with other params stays
    /// beneath the new one, and a blocking entry in the sheet holds the link back.
    func testALinkIntoAnotherLayersRouteDismissesTheOpenSheet() throws {
        var navigator = Navigator(table: try table())
        _ = try open(&navigator, "myapp://settings/privacy/blocked")
        let settings = navigator.layers[0].stack.name
        let blocked = navigator.activeStack.top.id
        _ = try navigator.apply([.setBlocker(id: blocked, reason: "unsaved list")])
        let before = navigator
        let error = thrownError { () throws(NavError) in try navigator.apply([.openURL("shop://checkout/payment", mode: nil)]) }
        XCTAssertEqual(error?.blocked?.entry.id, blocked)
        XCTAssertTrue(navigator == before, "nothing changed")

        let transition = try navigator.apply([.openURL("shop://checkout/payment", mode: nil)], past: [blocked])
        XCTAssertEqual(transition.dismissed, [settings])
        XCTAssertEqual(transition.presented.map(\.stack), [navigator.layers[0].stack.name])
        XCTAssertEqual(navigator.layers.map(\.stack.root.route.name), ["checkout"])
        XCTAssertEqual(names(navigator.activeStack), ["checkout", "payment"])
        XCTAssertEqual(try navigator.apply([.back()]).results, [.poppedPresentation])
        XCTAssertEqual(try navigator.apply([.back()]).after.stack, "home", "dismissing the layer reveals the base, not the sheet")

        _ = try open(&navigator, "myapp://profile/1/photos")
        _ = try navigator.apply([.present(RouteRequest(name: "settings"), style: nil)])
        let other = try open(&navigator, "myapp://profile/2/photos")
        XCTAssertEqual(other.dismissed.count, 1, "the settings sheet goes")
        XCTAssertEqual(navigator.layers.map { $0.stack.root.route.params.map(\.value) }, [[.int(1)], [.int(2)]],
                       "the profile of other params stays beneath the new one")
    }

    /// The same, two containers down on both sides: from a tab of a tab of
    /// the settings sheet to a tab of a tab of the account sheet.
    func testALinkTwoContainersDownIntoAnotherLayerDismissesTheOpenSheet() throws {
        let text = try String(contentsOf: VectorSession.folder.appendingPathComponent("tables/nested_sheets.json"), encoding: .utf8)
        var navigator = Navigator(table: try decodeTable(text))
        _ = try open(&navigator, "myapp://settings/privacy/blocked/3")
        XCTAssertEqual(navigator.activeStack.name, "layer:2/privacy/blocked")
        let transition = try open(&navigator, "myapp://account/security/sessions/4")
        XCTAssertEqual(transition.dismissed, ["layer:2"])
        XCTAssertEqual(transition.presented.map(\.stack), ["layer:8"])
        XCTAssertEqual(navigator.layers.count, 1)
        XCTAssertEqual(navigator.activeStack.name, "layer:8/security/sessions")
        XCTAssertEqual(names(navigator.activeStack), ["sessions", "session"])
    }

    /// The resolution says the style its layer is presented with, and open_url
    /// presents it with that style: `sheet`, else the table's first style. A
    /// link without a layer writes none, and its document keeps its keys.
    func testAResolutionSaysTheStyleOfItsLayer() throws {
        let writer = DocumentWriter()
        let text = try tableText()
        XCTAssertTrue(text.contains("\"app\": \"nested_links\","))
        for (styles, expected) in [("", "sheet"), ("\"styles\": [\"card\", \"sheet\"],", "sheet"), ("\"styles\": [\"modal\", \"full\"],", "modal")] {
            let table = try decodeTable(text.replacingOccurrences(of: "\"app\": \"nested_links\",", with: "\"app\": \"nested_links\", " + styles))
            let resolution = try table.resolve("myapp://profile/4/photos")
            XCTAssertEqual(resolution.layerStyle, expected, styles)
            XCTAssertEqual(OwnedText.string(consuming: try writer.resolution(resolution)),
                           #"{"navcore":1,"link":"myapp://profile/{id}/photos","mode":"replace","routes":[{"name":"photos","params":{"id":4}}],"#
                           + #""layers":[{"name":"profile","params":{"id":4},"style":""# + expected + #""}],"into":"profile"}"#)
            var navigator = Navigator(table: table)
            _ = try open(&navigator, "myapp://profile/4/photos")
            XCTAssertEqual(navigator.layers.map(\.style), [expected], "open_url presents the layer with the style resolve_url gives")
        }
        let base = try table().resolve("myapp://explore/following/post/5")
        XCTAssertNil(base.layerStyle, "a base target has no layer")
        XCTAssertEqual(OwnedText.string(consuming: try writer.resolution(base)),
                       #"{"navcore":1,"link":"myapp://explore/following/post/{id}","mode":"push","routes":[{"name":"post","params":{"id":5}}],"#
                       + #""into":"explore/following"}"#)
    }

    func testTheTableReportCountsALinksLayerRouteAsShown() throws {
        let paths = TableReport(try table()).warnings.map(\.path)
        XCTAssertFalse(paths.contains("routes.profile"), "a link's into presents it: \(paths)")
        XCTAssertFalse(paths.contains("routes.checkout"), "\(paths)")
    }

    func testTableChecksOfInto() throws {
        let text = try tableText()
        func refusal(_ from: String, _ to: String) -> NavError? {
            XCTAssertTrue(text.contains(from), from)
            return thrownError { () throws(NavError) in try decodeTable(text.replacingOccurrences(of: from, with: to)) }
        }
        let checks: [(String, String, String)] = [
            ("\"into\": \"settings/privacy\"}", "\"into\": \"setings/privacy\"}",
             "links[0].into: unknown stack \"setings\": no base stack (home, explore, library, cart) and no route of that name to present (did you mean \"settings\"?)"),
            ("\"into\": \"explore/following\"", "\"into\": \"explore/folowing\"",
             "links[3].into: unknown stack \"explore/folowing\": \"explore\" holds explore/foryou, explore/following (did you mean \"following\"?)"),
            ("\"into\": \"cart\"", "\"into\": \"cart/x\"",
             "links[9].into: \"cart\" holds no container: its root \"cart\" declares no layout"),
            ("\"into\": \"library/detail\"}", "\"into\": \"library/detail/x\"}",
             "links[4].into: \"library/detail\" is a split view's detail stack: its root follows the sidebar selection, so no stack can be named below it"),
            ("\"stack\": [\"payment\"]}", "\"stack\": [\"payment\"], \"into\": \"cart\"}",
             "links[10].into: stack \"cart\" does not accept route \"checkout\" of the link"),
            ("\"into\": \"checkout\"", "\"into\": \"checkout\", \"tab\": \"home\"",
             "links[2].into: give either \"tab\" or \"into\", not both"),
            ("\"into\": \"profile\"", "\"into\": \"profile//x\"",
             "links[8].into: \"profile//x\" has an empty part"),
        ]
        for (from, to, message) in checks {
            let error = refusal(from, to)
            XCTAssertEqual(error?.kind, .table, message)
            XCTAssertEqual(error?.message.hasPrefix(message), true, "\(error?.message ?? "no error") for \(message)")
        }
        let unbound = refusal("\"url\": \"myapp://profile/{id}/photos\", \"stack\": [\"photos\"]",
                              "\"url\": \"myapp://profile/photos\", \"stack\": []")
        XCTAssertEqual(unbound?.message,
                       "links[8].into: route \"profile\" requires param \"id\", which the link does not bind (add {id} to its url)")
    }
}
