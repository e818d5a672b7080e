import XCTest
@testable import NavCore

/// The one store of presentations (`Presentations`) and the batch's one
/// record per owner: the store's own operations, and what a batch says of
/// a presentation over a stack that went in the same batch.
final class PresentationStoreTests: XCTestCase {
    private func layer(_ name: String, _ id: Int) -> Layer {
        Layer(style: "sheet", stack: Stack(name: name, root: Entry(id: id, route: Route(name: "post", params: []), title: "Post")))
    }

    func testTheStoreKeepsEachOwnersPresentationsBottomFirst() {
        var store = Presentations()
        XCTAssertFalse(store.coverStacks)
        store.append(layer("layer:4", 4), over: Presentations.app)
        store.append(layer("main/layer:5", 5), over: "main")
        store.append(layer("main/layer:6", 6), over: "main")
        XCTAssertTrue(store.coverStacks)
        XCTAssertEqual(store[Presentations.app].map(\.stack.name), ["layer:4"])
        XCTAssertEqual(store["main"].map(\.stack.name), ["main/layer:5", "main/layer:6"])
        XCTAssertEqual(store["nope"], [], "an owner with none reads empty")
        XCTAssertEqual(store.count(over: "main"), 2)
        XCTAssertEqual(store.locate(rootID: 6)?.owner, "main")
        XCTAssertEqual(store.locate(rootID: 6)?.index, 1)
        XCTAssertEqual(store.locate(rootID: 4)?.owner, Presentations.app)
        XCTAssertNil(store.locate(rootID: 9))
        // Taking the top off gives it back, bottom first; an owner left with none is not kept.
        XCTAssertEqual(store.truncate(over: "main", to: 0).map(\.stack.name), ["main/layer:5", "main/layer:6"])
        XCTAssertFalse(store.coverStacks)
        XCTAssertEqual(store.truncate(over: Presentations.app, to: 5), [], "a count above what is up takes nothing")
        XCTAssertEqual(store.overApp.count, 1)
        store.append(layer("main/layer:7", 7), over: "main")
        XCTAssertEqual(store.removeAll(overStack: "main").map(\.stack.name), ["main/layer:7"])
        XCTAssertNil(store.modify(over: "main", 0) { $0.style }, "no presentation to change")
    }

    /// A presentation over a stack inside `settings`'s tabs, and a pop of
    /// `settings` in the same batch: the presentation goes with the stack it
    /// covers, so the transition lists it neither as presented nor as a
    /// stack change (0.15.0 did both), and reports `settings` popped.
    func testAPresentationOverAStackThatWentInTheBatchIsNotPresented() throws {
        var nav = Navigator(table: try NestedPropertyTests.nestedTable())
        _ = try nav.apply([.push(RouteRequest(name: "settings"))])
        let settings = nav.bases[0].top.id
        let privacy = "home@\(settings)/privacy"
        let transition = try nav.apply([.present(RouteRequest(name: "post", params: [("id", .int(1))]), style: nil, stack: .name(privacy)),
                                        .pop(count: 1, tab: "home")])
        XCTAssertEqual(transition.results, [.presented, .popped])
        XCTAssertEqual(transition.presented, [])
        XCTAssertEqual(transition.dismissed, [])
        XCTAssertEqual(transition.changes.map(\.stack), ["home"])
        XCTAssertFalse(nav.presentations.coverStacks, "it went with its stack")
        // The same present alone is presented.
        _ = try nav.apply([.push(RouteRequest(name: "settings"))])
        let again = try nav.apply([.present(RouteRequest(name: "post", params: [("id", .int(1))]), style: nil,
                                            stack: .name("home@\(nav.bases[0].top.id)/privacy"))])
        XCTAssertEqual(again.presented.count, 1)
    }
}
