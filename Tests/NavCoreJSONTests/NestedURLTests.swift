import Foundation
import NavCore
import NavCoreJSON
import TestSupport
import XCTest

/// `stack_url` over the tree (docs/links.md, "URLs of stacks in the tree"),
/// over `Tests/vectors/tables/nested_links.json` and small inline tables: the
/// URL of the active path names the link whose `into` reaches the active
/// stack and rebuilds it, layer route, root and entries included.
final class NestedURLTests: XCTestCase {
    private func table() throws -> RouteTable {
        try decodeTable(try String(contentsOf: VectorSession.folder.appendingPathComponent("tables/nested_links.json"), encoding: .utf8))
    }

    private func opened(_ url: String, in table: RouteTable) throws -> Navigator {
        var navigator = Navigator(table: table)
        _ = try navigator.apply([.openURL(url, mode: nil)])
        return navigator
    }

    func testTheURLOfAStackALinkFilledIsThatLinks() throws {
        let table = try table()
        for url in ["myapp://settings/privacy/blocked/7", "shop://checkout/payment", "myapp://explore/following/post/5",
                    "myapp://library/artists/3", "myapp://library/albums/4", "myapp://profile/2/photos", "myapp://cart/item/9"] {
            XCTAssertEqual(try opened(url, in: table).stackURL(), url)
        }
    }

    func testALinkWithAnEmptyStackReachesTheStacksBelowItAsTheyStart() throws {
        var navigator = try opened("myapp://settings", in: try table())
        XCTAssertEqual(navigator.activeStack.name, "layer:8/general")
        XCTAssertEqual(try navigator.stackURL(), "myapp://settings", "the sheet's first tab at its root is as the link leaves it")
        _ = try navigator.apply([.selectTab("account")])
        let error = thrownError { () throws(NavError) in try navigator.stackURL() }
        XCTAssertEqual(error?.kind, .noMatch)
        XCTAssertEqual(error?.message, "no link reaches stack \"layer:8/account\" (into \"settings/account\"), and no link produces route \"account\" (no link's stack ends with it)")
    }

    func testALinkIntoTheStackWinsOverAnEarlierLinkWithoutInto() throws {
        let table = try decodeTable("""
            {"navcore": 1, "root": "home",
             "routes": {"home": {}, "checkout": {}, "payment": {"parent": "checkout"},
                        "profile": {"params": {"id": "int"}}, "photos": {"parent": "profile"}},
             "links": [{"url": "myapp://pay", "stack": ["payment"]},
                       {"url": "shop://checkout/payment", "stack": ["payment"], "into": "checkout"},
                       {"url": "myapp://profile/{id}/photos", "stack": ["photos"], "into": "profile"}]}
            """)
        XCTAssertEqual(try opened("shop://checkout/payment", in: table).stackURL(), "shop://checkout/payment",
                       "myapp://pay would open the payment on the main stack, not in the sheet")
        XCTAssertEqual(try table.url(for: RouteRequest(name: "payment")), "myapp://pay", "url_for keeps table order")
        XCTAssertEqual(try opened("myapp://profile/5/photos", in: table).stackURL(), "myapp://profile/5/photos",
                       "the layer's route gives the URL its id; photos alone has none")
        var main = Navigator(table: table)
        _ = try main.apply([.openURL("myapp://pay", mode: nil)])
        XCTAssertEqual(try main.stackURL(), "myapp://pay", "the main stack keeps the flat rule")
    }

    func testAStackInsideAPushedContainerHasNoStaticPath() throws {
        var navigator = Navigator(table: try table())
        _ = try navigator.apply([.push(RouteRequest(name: "explore"))])
        XCTAssertEqual(navigator.activeStack.name, "home@8/foryou")
        let error = thrownError { () throws(NavError) in try navigator.stackURL() }
        XCTAssertEqual(error?.kind, .noMatch)
        XCTAssertEqual(error?.message, "no link reaches stack \"home@8/foryou\", which no \"into\" can name (it is in the container of entry 8, above the root of \"home\"), and no link produces route \"feed\" (no link's stack ends with it)")
        // Its top route's canonical URL is still the fallback, as on a flat table.
        _ = try navigator.apply([.push(RouteRequest(name: "post", params: [("id", .int(4))]))])
        XCTAssertEqual(try navigator.stackURL(), "myapp://explore/following/post/4")
    }
}

/// `url_for` over the tree: a link with `into` and an empty stack produces
/// the root of the stack it names (a layer's route with the URL's values),
/// and the first producer in table order gives the canonical URL.
final class NestedURLForTests: XCTestCase {
    func testALinkWithAnEmptyStackIntoAStackProducesItsRoot() throws {
        let table = try decodeTable("""
            {"navcore": 1, "tabs": [{"name": "home", "root": "home"}, {"name": "library", "root": "library"}],
             "routes": {"home": {}, "privacy": {}, "general": {}, "albums": {}, "artists": {},
                        "settings": {"layout": {"tabs": [{"name": "general", "root": "general"}, {"name": "privacy", "root": "privacy"}]}},
                        "library": {"layout": {"root": "albums", "split": {"sidebar": ["albums", "artists"]}}},
                        "profile": {"params": {"id": "int", "tab": {"type": "string", "optional": true}}}},
             "links": [{"url": "myapp://settings", "stack": [], "into": "settings"},
                       {"url": "myapp://settings/privacy", "stack": [], "into": "settings/privacy"},
                       {"url": "myapp://profile/{id}?tab={tab}", "stack": [], "into": "profile"},
                       {"url": "myapp://library", "stack": [], "into": "library/detail"}]}
            """)
        XCTAssertEqual(try table.url(for: RouteRequest(name: "settings")), "myapp://settings")
        XCTAssertEqual(try table.url(for: RouteRequest(name: "privacy")), "myapp://settings/privacy")
        XCTAssertEqual(try table.url(for: RouteRequest(name: "profile", params: [("id", .int(3))])), "myapp://profile/3")
        XCTAssertEqual(try table.url(for: RouteRequest(name: "profile", params: [("id", .int(3)), ("tab", .string("a b"))])),
                       "myapp://profile/3?tab=a%20b")
        let detail = thrownError { () throws(NavError) in try table.url(for: RouteRequest(name: "albums")) }
        XCTAssertEqual(detail?.message, "route: no link produces route \"albums\" (no link's stack ends with it)",
                       "a detail stack's root is the sidebar selection, which an empty link does not make")
        var navigator = Navigator(table: table)
        _ = try navigator.apply([.openURL("myapp://profile/3?tab=a%20b", mode: nil)])
        XCTAssertEqual(navigator.activeStack.root.route, try table.check(RouteRequest(name: "profile", params: [("id", .int(3)), ("tab", .string("a b"))])))
        XCTAssertEqual(try navigator.stackURL(), "myapp://profile/3?tab=a%20b")
    }
}
