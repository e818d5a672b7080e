import XCTest
@testable import NavCore

/// Where a held batch replays (docs/conditions.md, "Where a held batch
/// replays"): its stack actions that name no stack act on the stack that was
/// active when it was held, until an action of the intent changes the active
/// stack; a batch whose stack is gone is dropped, naming it.
final class HeldStackTests: XCTestCase {
    /// Shop and Rewards tabs; `pay` requires `onboarded`, whose flow covers
    /// the stack or the app; `deals` holds tabs of its own.
    private static func table(covers: FlowCover) throws -> RouteTable {
        func plain(_ name: String) throws -> RouteDefinition { try RouteDefinition(name: name, params: [:], title: nil) }
        let deals = NestedLayoutDeclaration(.tabs([TabDeclaration(name: "today", root: RouteRequest(name: "today")),
                                                   TabDeclaration(name: "week", root: RouteRequest(name: "week"))]))
        return try RouteTable(
            layout: .tabs([TabDeclaration(name: "shop", root: RouteRequest(name: "home")),
                           TabDeclaration(name: "rewards", root: RouteRequest(name: "rewards"))]),
            definitions: [try plain("home"), try plain("rewards"), try plain("welcome"), try plain("today"), try plain("week"),
                          try plain("gift"),
                          try RouteDefinition(name: "pay", params: [:], title: nil, requires: ["onboarded"]),
                          try RouteDefinition(name: "deals", params: [:], title: nil, layout: deals)],
            conditions: [ConditionDeclaration(name: "onboarded", flow: Flow(route: RouteRequest(name: "welcome"), covers: covers))])
    }

    private let onboard = Action.setCondition(name: "onboarded", value: true)
    private let pay = Action.push(RouteRequest(name: "pay"))

    private func names(_ stack: Stack) -> [String] { stack.entries.map(\.route.name) }

    func testABarePushReplaysOnTheTabItWasHeldInWhicheverFlowItWaitedBehind() throws {
        for covers in FlowCover.allCases {
            var nav = Navigator(table: try Self.table(covers: covers))
            _ = try nav.apply([.selectTab("rewards")])
            _ = try nav.apply([pay, .push(RouteRequest(name: "gift"))])
            XCTAssertEqual(nav.pending?.stack, "rewards", "\(covers)")
            _ = try nav.apply([.selectTab("shop")])
            let replayed = try nav.apply([onboard])
            XCTAssertEqual(replayed.intent?.kind, .replayed, "\(covers)")
            XCTAssertEqual(names(nav.bases[1]), ["rewards", "pay", "gift"], "\(covers)")
            XCTAssertEqual(names(nav.bases[0]), ["home"], "\(covers)")
            XCTAssertEqual(nav.selectedTab, "shop", "\(covers): the replay selects no tab the batch did not")
        }
    }

    func testAnActionThatChangesTheActiveStackEndsTheRule() throws {
        var nav = Navigator(table: try Self.table(covers: .app))
        _ = try nav.apply([.selectTab("rewards")])
        _ = try nav.apply([pay])
        _ = try nav.apply([.selectTab("shop")])
        // Held again behind the same flow, from inside it: it waits on the stack the first batch was held on.
        _ = try nav.apply([.selectTab("shop"), pay, .push(RouteRequest(name: "gift"))])
        XCTAssertEqual(nav.pending?.stack, "rewards")
        _ = try nav.apply([.selectTab("rewards")])
        _ = try nav.apply([onboard])
        XCTAssertEqual(names(nav.bases[0]), ["home", "pay", "gift"], "after select_tab shop the pushes act on shop")
        XCTAssertEqual(nav.selectedTab, "shop")
    }

    func testAHeldStackThatIsGoneDropsTheIntent() throws {
        var nav = Navigator(table: try Self.table(covers: .app))
        _ = try nav.apply([.push(RouteRequest(name: "deals"))])
        _ = try nav.apply([pay])
        let stack = try XCTUnwrap(nav.pending?.stack)
        XCTAssertTrue(stack.hasSuffix("/today"), stack)
        _ = try nav.apply([.pop(count: 1, tab: "shop")])
        let signedIn = try nav.apply([onboard])
        XCTAssertEqual(signedIn.intent?.kind, .dropped)
        XCTAssertEqual(signedIn.intent?.reason, "it no longer applies: actions[0]: the stack it was held on, \"\(stack)\", is gone")
        XCTAssertEqual(names(nav.bases[0]), ["home"])
    }

    func testASnapshotNamesTheHeldStackOnlyWhenTheStateCannotTell() throws {
        var nav = Navigator(table: try Self.table(covers: .app))
        _ = try nav.apply([.selectTab("rewards")])
        _ = try nav.apply([pay])
        XCTAssertNil(Snapshot(nav).pending?.stack, "beneath the flow: the state tells")
        _ = try nav.apply([.selectTab("shop")])
        XCTAssertEqual(Snapshot(nav).pending?.stack, "rewards")
        var relaunched = Navigator(table: nav.table)
        _ = try relaunched.restore(Snapshot(nav))
        XCTAssertEqual(relaunched.pending, nav.pending)
        var older = Snapshot(nav)
        older.pending?.stack = nil
        _ = try relaunched.restore(older)
        XCTAssertEqual(relaunched.pending?.stack, "shop", "a snapshot that names none: the stack beneath the flow")
    }
}
