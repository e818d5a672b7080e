import XCTest
@testable import NavCore

/// Back over a presentation that covers one stack (a flow with `"covers":
/// "stack"`, or `present` with `stack`): it pops inside it, then dismisses it
/// at its root (dropping the intent a flow holds), whatever level the stack
/// it covers is at, the navigator's own included (docs/structure.md,
/// "Presentations over one stack"; docs/conditions.md, "Flows inside a container").
final class StackFlowBackTests: XCTestCase {
    /// `pay` requires `onboarded`, whose flow `w1` covers the stack; `hub`
    /// holds tabs `a` and `b`, and `b`'s root `inner` holds tabs `x` and `y`.
    private func table(_ layout: LayoutDeclaration) throws -> RouteTable {
        func plain(_ name: String) throws -> RouteDefinition { try RouteDefinition(name: name, params: [:], title: nil) }
        let hub = NestedLayoutDeclaration(.tabs([TabDeclaration(name: "a", root: RouteRequest(name: "feed")),
                                                 TabDeclaration(name: "b", root: RouteRequest(name: "inner"))]))
        let inner = NestedLayoutDeclaration(.tabs([TabDeclaration(name: "x", root: RouteRequest(name: "xs")),
                                                   TabDeclaration(name: "y", root: RouteRequest(name: "ys"))]))
        return try RouteTable(
            layout: layout,
            definitions: [try plain("home"), try plain("rewards"), try plain("w1"), try plain("w2"), try plain("feed"),
                          try plain("xs"), try plain("ys"),
                          try RouteDefinition(name: "pay", params: [:], title: nil, requires: ["onboarded"]),
                          try RouteDefinition(name: "hub", params: [:], title: nil, layout: hub),
                          try RouteDefinition(name: "inner", params: [:], title: nil, layout: inner)],
            conditions: [ConditionDeclaration(name: "onboarded", flow: Flow(route: RouteRequest(name: "w1"), covers: .stack))])
    }

    private let pay = Action.push(RouteRequest(name: "pay"))

    /// Holds `pay` behind its flow over the active stack and pushes `w2` in the flow.
    private func holdAndStep(_ nav: inout Navigator) throws -> String {
        let held = try nav.apply([pay])
        XCTAssertEqual(held.results, [.held])
        let flow = try XCTUnwrap(held.presented.first?.stack)
        _ = try nav.apply([.push(RouteRequest(name: "w2"))])
        XCTAssertEqual(nav.activeStack.entries.map(\.route.name), ["w1", "w2"])
        return flow
    }

    /// Back pops inside the flow, then dismisses it and drops the intent,
    /// the preview and the view model saying so first; the active stack is
    /// then `covered`.
    private func assertBackLeavesTheFlow(_ nav: inout Navigator, flow: String, covered: String,
                                         file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertEqual(nav.backPreview.result, .poppedPresentation, file: file, line: line)
        XCTAssertEqual(nav.viewModel(announcing: nil).layers.last?.backWill, .poppedPresentation, file: file, line: line)
        let popped = try nav.apply([.back()])
        XCTAssertEqual(popped.results, [.poppedPresentation], file: file, line: line)
        XCTAssertEqual(popped.after.top.route.name, "w1", file: file, line: line)

        let preview = nav.backPreview
        XCTAssertEqual(preview.result, .dismissed, file: file, line: line)
        XCTAssertEqual(preview.after.stack, covered, file: file, line: line)
        XCTAssertEqual(preview.intent?.kind, .dropped, "Back at the flow's root cancels the intent", file: file, line: line)
        let top = try XCTUnwrap(nav.viewModel(announcing: nil).layers.last, file: file, line: line)
        XCTAssertEqual(top.backWill, .dismissed, file: file, line: line)
        XCTAssertTrue(top.backEnabled, file: file, line: line)
        XCTAssertEqual(top.cancelsIntent?.condition, "onboarded", file: file, line: line)

        let dismissed = try nav.apply([.back()])
        XCTAssertEqual(dismissed.results, [.dismissed], file: file, line: line)
        XCTAssertEqual(dismissed.dismissed, [flow], file: file, line: line)
        XCTAssertEqual(dismissed.intent?.kind, .dropped, file: file, line: line)
        XCTAssertEqual(dismissed.after, preview.after, file: file, line: line)
        XCTAssertNil(nav.pending, file: file, line: line)
        XCTAssertEqual(nav.activeStack.name, covered, file: file, line: line)
    }

    func testBackLeavesAFlowOverTheMainStack() throws {
        var nav = Navigator(table: try table(.stack(root: RouteRequest(name: "home"))))
        let flow = try holdAndStep(&nav)
        XCTAssertEqual(flow, "main/layer:2")
        try assertBackLeavesTheFlow(&nav, flow: flow, covered: "main")
        XCTAssertEqual(nav.backPreview.result, .nothing)
    }

    func testBackLeavesAFlowOverATabBeforeGoingToThePreviousTab() throws {
        var nav = Navigator(table: try table(.tabs([TabDeclaration(name: "home", root: RouteRequest(name: "home")),
                                                     TabDeclaration(name: "rewards", root: RouteRequest(name: "rewards"))])))
        _ = try nav.apply([.selectTab("rewards")])
        let flow = try holdAndStep(&nav)
        XCTAssertEqual(flow, "rewards/layer:3")
        try assertBackLeavesTheFlow(&nav, flow: flow, covered: "rewards")
        XCTAssertEqual(nav.selectedTab, "rewards", "the flow went first: the tab stays")
        XCTAssertEqual(try nav.apply([.back()]).results, [.previousTab])
    }

    func testBackLeavesAFlowTwoContainersDown() throws {
        var nav = Navigator(table: try table(.stack(root: RouteRequest(name: "home"))))
        _ = try nav.apply([.push(RouteRequest(name: "hub")), .selectTab("b")])
        XCTAssertEqual(nav.activeStack.name, "main@2/b/x")
        let flow = try holdAndStep(&nav)
        XCTAssertEqual(flow, "main@2/b/x/layer:7")
        try assertBackLeavesTheFlow(&nav, flow: flow, covered: "main@2/b/x")
        XCTAssertEqual(try nav.apply([.back()]).results, [.previousTab], "then the hub's tabs go back in their history")
    }

    func testBackDismissesAPresentationOverABaseStack() throws {
        var nav = Navigator(table: try table(.stack(root: RouteRequest(name: "home"))))
        _ = try nav.apply([.present(RouteRequest(name: "w1"), style: nil, stack: .name("main"))])
        XCTAssertEqual(nav.backPreview.result, .dismissed)
        let back = try nav.apply([.back()])
        XCTAssertEqual(back.results, [.dismissed])
        XCTAssertEqual(back.dismissed, ["main/layer:2"])
        XCTAssertTrue(!nav.presentations.coverStacks)
    }
}
