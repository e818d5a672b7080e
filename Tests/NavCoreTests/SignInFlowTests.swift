import XCTest
@testable import NavCore

/// The seeds' sign-in flow (docs/conditions.md): protected routes and tabs,
/// the flow shown instead of them, the pending intent replayed once on
/// sign-in, dropped when the flow is cancelled or it no longer applies, and
/// what sign-out and restore do.
final class SignInFlowTests: XCTestCase {
    /// Tabs `shop`, `orders` (requires signed_in) and `account`; `checkout`
    /// requires signed_in, `vip` requires signed_in and premium; the flow is
    /// a `login` cover (register and forgot_password are pushed inside it);
    /// `forced` makes signing out override blockers.
    static func signInTable(onFalse: FalsePolicy = .remove, forced: Bool = false) throws(NavError) -> RouteTable {
        let plain = ["home", "orders", "account", "login", "register", "forgot_password", "premium_offer"]
        return try RouteTable(
            layout: .tabs([
                TabDeclaration(name: "shop", root: RouteRequest(name: "home")),
                TabDeclaration(name: "orders", root: RouteRequest(name: "orders"), requires: ["signed_in"]),
                TabDeclaration(name: "account", root: RouteRequest(name: "account")),
            ]),
            definitions: plain.map { name throws(NavError) in try RouteDefinition(name: name, params: [:], title: nil) } + [
                RouteDefinition(name: "product", params: ["id": ParamSpec(type: .int)], title: nil),
                RouteDefinition(name: "checkout", params: [:], title: nil, requires: ["signed_in"]),
                RouteDefinition(name: "vip", params: [:], title: nil, requires: ["signed_in", "premium"]),
            ],
            conditions: [
                ConditionDeclaration(name: "signed_in", flow: Flow(route: RouteRequest(name: "login"), style: "cover"), onFalse: onFalse,
                                     forced: forced),
                ConditionDeclaration(name: "premium", flow: Flow(route: RouteRequest(name: "premium_offer"))),
            ])
    }

    private func navigator() throws -> Navigator { Navigator(table: try SignInFlowTests.signInTable()) }
    private func names(_ stack: Stack) -> [String] { stack.entries.map(\.route.name) }
    private let signIn = Action.setCondition(name: "signed_in", value: true)
    private let signOut = Action.setCondition(name: "signed_in", value: false)

    func testAProtectedPushIsHeldAndTheFlowShowsInOneTransition() throws {
        var nav = try navigator()
        let held = try nav.apply([.push(product(1)), .push(RouteRequest(name: "checkout"))])
        XCTAssertEqual(held.results, [.held, .held])
        XCTAssertEqual(held.intent?.kind, .held)
        XCTAssertEqual(held.intent?.condition, "signed_in")
        XCTAssertEqual(held.presented, [PresentedLayer(stack: "layer:4", style: "cover")])
        XCTAssertEqual(held.after.top.route.name, "login")
        XCTAssertEqual(held.changes.map(\.stack), ["layer:4"], "no protected screen, not even the product of the batch, is placed")
        XCTAssertEqual(names(nav.bases[0]), ["home"])
        XCTAssertEqual(nav.pending?.actions, [.push(product(1)), .push(RouteRequest(name: "checkout"))])
        XCTAssertEqual(nav.seq, 1)
    }

    func testSigningInDismissesTheFlowAndReplaysTheIntentOnceInTheSameTransition() throws {
        var nav = try navigator()
        _ = try nav.apply([.push(product(1)), .push(RouteRequest(name: "checkout"))])
        _ = try nav.apply([.push(RouteRequest(name: "register"))])
        _ = try nav.apply([.push(RouteRequest(name: "forgot_password"))])
        XCTAssertEqual(names(nav.layers[0].stack), ["login", "register", "forgot_password"])
        let signedIn = try nav.apply([signIn])
        XCTAssertEqual(signedIn.results, [.conditionSet])
        XCTAssertEqual(signedIn.cause, .actions(ops: [.setCondition]), "the cause is the batch asked, not the intent")
        XCTAssertEqual(signedIn.intent?.kind, .replayed)
        XCTAssertEqual(signedIn.intent?.results, [.pushed, .pushed])
        XCTAssertEqual(signedIn.dismissed, ["layer:4"])
        XCTAssertEqual(signedIn.after.top.route.name, "checkout")
        XCTAssertEqual(names(nav.bases[0]), ["home", "product", "checkout"])
        XCTAssertNil(nav.pending)
        XCTAssertTrue(nav.layers.isEmpty)
        let again = try nav.apply([signOut, signIn])
        XCTAssertNil(again.intent, "the intent replays exactly once")
    }

    func testAHeldLinkIsReplayedWithTheCauseOfTheSignIn() throws {
        var nav = Navigator(table: try RouteTable(
            layout: .stack(root: RouteRequest(name: "home")),
            definitions: [RouteDefinition(name: "home", params: [:], title: nil), RouteDefinition(name: "login", params: [:], title: nil),
                          RouteDefinition(name: "checkout", params: [:], title: nil, requires: ["signed_in"])],
            links: [LinkDeclaration(url: "shop://checkout", stack: ["checkout"])],
            conditions: [ConditionDeclaration(name: "signed_in", flow: Flow(route: RouteRequest(name: "login")))]))
        let held = try nav.apply([.openURL("shop://checkout", mode: nil)])
        XCTAssertEqual(held.cause, .actions(ops: [.openURL]))
        let signedIn = try nav.apply([signIn])
        XCTAssertEqual(signedIn.cause, .actions(ops: [.setCondition]))
        XCTAssertEqual(signedIn.intent?.results, [.opened])
        XCTAssertEqual(nav.activeStack.top.route.name, "checkout")
    }

    func testSelectingAProtectedTabIsHeldAndSelectedAfterSignIn() throws {
        var nav = try navigator()
        let held = try nav.apply([.selectTab("orders")])
        XCTAssertEqual(held.results, [.held])
        XCTAssertNil(held.tab)
        XCTAssertEqual(nav.selectedTab, "shop")
        let signedIn = try nav.apply([signIn])
        XCTAssertEqual(signedIn.tab?.after, "orders")
        XCTAssertEqual(nav.selectedTab, "orders")
    }

    func testCancellingTheFlowDropsTheIntent() throws {
        for cancel in [Action.dismiss(all: false), .back(), .resetAll] {
            var nav = try navigator()
            _ = try nav.apply([.push(RouteRequest(name: "checkout"))])
            let cancelled = try nav.apply([cancel])
            XCTAssertEqual(cancelled.intent?.kind, .dropped, "\(cancel)")
            XCTAssertEqual(cancelled.intent?.reason, "its flow was dismissed")
            XCTAssertNil(nav.pending)
            let signedIn = try nav.apply([signIn])
            XCTAssertNil(signedIn.intent)
            XCTAssertEqual(names(nav.bases[0]), ["home"])
        }
    }

    func testAnIntentThatNoLongerAppliesIsDroppedAndSignInStillSucceeds() throws {
        var nav = try navigator()
        _ = try nav.apply([.push(product(1))])
        _ = try nav.apply([.popTo(.id(4), inclusive: true, tab: "shop"), .push(RouteRequest(name: "checkout"), tab: "shop")])
        _ = try nav.apply([.pop(count: 1, tab: "shop")])
        let signedIn = try nav.apply([signIn])
        XCTAssertEqual(signedIn.results, [.conditionSet])
        XCTAssertEqual(signedIn.intent?.kind, .dropped)
        XCTAssertEqual(signedIn.intent?.reason, "it no longer applies: actions[0].id: no entry with id 4 on stack \"shop\"")
        XCTAssertEqual(nav.conditionValues.first?.value, true)
        XCTAssertTrue(nav.layers.isEmpty, "the flow went")
        XCTAssertEqual(names(nav.bases[0]), ["home"])
    }

    func testAnIntentNeedingAnotherFalseConditionWaitsForIt() throws {
        var nav = try navigator()
        _ = try nav.apply([.push(RouteRequest(name: "vip"))])
        let signedIn = try nav.apply([signIn])
        XCTAssertEqual(signedIn.intent?.kind, .advanced)
        XCTAssertEqual(names(nav.layers[0].stack), ["premium_offer"], "the next flow shows")
        XCTAssertEqual(nav.pending?.condition, 1)
    }

    func testSignOutRemovesWhatRequiresTheCondition() throws {
        var nav = try navigator()
        _ = try nav.apply([signIn, .push(product(1)), .push(RouteRequest(name: "checkout")), .push(product(2)),
                           .present(RouteRequest(name: "account"), style: nil), .push(product(3), tab: "orders")])
        _ = try nav.apply([.selectTab("orders")])
        let out = try nav.apply([signOut])
        XCTAssertEqual(names(nav.bases[0]), ["home", "product"])
        XCTAssertEqual(names(nav.bases[1]), ["orders", "product"], "a protected tab keeps its unprotected screens, unselected")
        XCTAssertEqual(nav.selectedTab, "shop")
        XCTAssertEqual(out.tab?.after, "shop")
        XCTAssertTrue(nav.layers.isEmpty, "layers shown over the protected tab go")
        XCTAssertFalse(nav.tabHistory.contains(1))
        _ = try nav.apply([.back()])
        XCTAssertEqual(nav.selectedTab, "shop", "back never returns to a tab that requires a false condition")
    }

    func testSignOutWithTheResetPolicyGoesBackToTheStart() throws {
        var nav = Navigator(table: try SignInFlowTests.signInTable(onFalse: .reset))
        _ = try nav.apply([signIn, .push(product(1)), .selectTab("account"), .push(product(2))])
        _ = try nav.apply([signOut])
        XCTAssertEqual(nav.bases.map { $0.path.count }, [0, 0, 0])
        XCTAssertEqual(nav.selectedTab, "shop")
        XCTAssertEqual(nav.tabHistory, [])
    }

    func testARestoreWhileSignedOutHoldsTheRestoredProtectedScreens() throws {
        var signedIn = try navigator()
        _ = try signedIn.apply([signIn, .push(product(1)), .push(RouteRequest(name: "checkout"))])
        let snapshot = Snapshot(signedIn)
        var nav = try navigator()
        let (transition, _) = try nav.restore(snapshot)
        XCTAssertEqual(transition.intent?.kind, .held)
        XCTAssertEqual(names(nav.bases[0]), ["home", "product"])
        XCTAssertEqual(nav.activeStack.root.route.name, "login")
        XCTAssertFalse(transition.changes.contains { change in change.added.contains { $0.route.name == "checkout" } })
        _ = try nav.apply([signIn])
        XCTAssertEqual(names(nav.bases[0]), ["home", "product", "checkout"])
        XCTAssertTrue(nav.layers.isEmpty)
    }

    func testThePendingIntentSurvivesSnapshotAndRestore() throws {
        var nav = try navigator()
        _ = try nav.apply([.selectTab("orders")])
        var restored = try navigator()
        _ = try restored.restore(Snapshot(nav))
        XCTAssertEqual(restored.pending, nav.pending)
        XCTAssertEqual(restored.layers, nav.layers)
        _ = try restored.apply([signIn])
        XCTAssertEqual(restored.selectedTab, "orders")
    }

    func testARestoredIntentWhoseConditionIsTrueNowIsDroppedWithItsFlow() throws {
        var nav = try navigator()
        _ = try nav.apply([.push(RouteRequest(name: "checkout"))])
        var restored = try navigator()
        _ = try restored.apply([signIn])
        let (transition, _) = try restored.restore(Snapshot(nav))
        XCTAssertEqual(transition.intent?.kind, .dropped)
        XCTAssertNil(restored.pending)
        XCTAssertTrue(restored.layers.isEmpty)
    }

    func testABatchNeedingAConditionItSetFalseItselfFails() throws {
        var nav = try navigator()
        _ = try nav.apply([signIn])
        let before = nav
        let error = thrownError { () throws(NavError) in try nav.apply([signOut, .push(RouteRequest(name: "checkout"))]) }
        XCTAssertEqual(error?.kind, .route)
        XCTAssertEqual(error?.message, "actions[1]: route \"checkout\" requires \"signed_in\", which is false")
        XCTAssertEqual(nav, before)
    }

    func testTableChecks() throws {
        func loadError(_ conditions: [ConditionDeclaration], requires: [String] = ["signed_in"], root: String = "home",
                       flowRequires: [String] = []) -> NavError? {
            thrownError { () throws(NavError) in
                try RouteTable(layout: .stack(root: RouteRequest(name: root)),
                               definitions: [RouteDefinition(name: "home", params: [:], title: nil),
                                             RouteDefinition(name: "login", params: [:], title: nil, requires: flowRequires),
                                             RouteDefinition(name: "checkout", params: [:], title: nil, requires: requires)],
                               conditions: conditions)
            }
        }
        let flow = Flow(route: RouteRequest(name: "login"))
        XCTAssertEqual(loadError([ConditionDeclaration(name: "signed_in", flow: flow)], requires: ["signed-in"])?.message,
                       "routes.checkout.requires[0]: unknown condition \"signed-in\" (allowed: signed_in) (did you mean \"signed_in\"?)")
        XCTAssertEqual(loadError([ConditionDeclaration(name: "signed_in")])?.message,
                       "conditions.signed_in: required by route \"checkout\" but declares no \"flow\" to show while it is false")
        XCTAssertEqual(loadError([ConditionDeclaration(name: "signed_in", flow: flow)], flowRequires: ["signed_in"])?.message,
                       "conditions.signed_in.flow.route: flow route \"login\" requires \"signed_in\": a flow shows while a condition is false, so it may require none")
        XCTAssertEqual(loadError([ConditionDeclaration(name: "signed_in", flow: flow)], root: "checkout")?.message,
                       "root: the first screen requires \"signed_in\": it shows before any condition is set, so it may require none")
        XCTAssertEqual(loadError([ConditionDeclaration(name: "signed_in", flow: Flow(route: RouteRequest(name: "login"), style: "popup"))])?.message,
                       "conditions.signed_in.flow.style: unknown style \"popup\" (styles: sheet, cover)")
        XCTAssertEqual(loadError([ConditionDeclaration(name: "signed_in", flow: Flow(route: RouteRequest(name: "logn")))])?.message,
                       "conditions.signed_in.flow.route: unknown route \"logn\" (did you mean \"login\"?)")
        XCTAssertEqual(loadError([ConditionDeclaration(name: "signed_in", flow: flow)], requires: ["signed_in", "signed_in"])?.message,
                       "routes.checkout.requires[1]: condition \"signed_in\" is listed twice")
        XCTAssertNil(loadError([ConditionDeclaration(name: "signed_in", flow: flow)]))
    }
}
