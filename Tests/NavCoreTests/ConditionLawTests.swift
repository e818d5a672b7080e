import TestSupport
import XCTest
@testable import NavCore

/// What conditions promise (docs/conditions.md), case by case: a batch is
/// judged by each condition's net change; gates chain; a replaced intent is
/// named; a sign-in is never held back by its own replay; a forced condition
/// overrides only what its change to false removes. The laws over generated
/// batches are in ConditionLawPropertyTests.
final class ConditionLawTests: XCTestCase {
    private func signInNavigator() throws -> Navigator { Navigator(table: try SignInFlowTests.signInTable()) }
    private func names(_ stack: Stack) -> [String] { stack.entries.map(\.route.name) }
    private func set(_ name: String, _ value: Bool) -> Action { .setCondition(name: name, value: value) }

    /// Tabs shop and cart; `checkout` requires `signed_in` (forced, false at
    /// first, flow `login`); `editor` and `notes` require nothing (drafts).
    static func draftTable() throws(NavError) -> RouteTable {
        try RouteTable(
            layout: .tabs([TabDeclaration(name: "shop", root: RouteRequest(name: "home")),
                           TabDeclaration(name: "cart", root: RouteRequest(name: "cart"))]),
            definitions: ["home", "cart", "login", "editor", "notes"].map { name throws(NavError) in
                try RouteDefinition(name: name, params: [:], title: nil)
            } + [RouteDefinition(name: "checkout", params: [:], title: nil, requires: ["signed_in"]),
                 RouteDefinition(name: "account", params: [:], title: nil, requires: ["signed_in"])],
            conditions: [ConditionDeclaration(name: "signed_in", flow: Flow(route: RouteRequest(name: "login"), style: "cover"), forced: true)])
    }

    // MARK: - 1. A batch is judged by the net change of each condition

    func testSettingTrueAndBackWithAPendingIntentChangesNothing() throws {
        var nav = try signInNavigator()
        _ = try nav.apply([.push(RouteRequest(name: "checkout"))])
        let before = nav
        let transition = try nav.apply([set("signed_in", true), set("signed_in", false)])
        XCTAssertFalse(transition.changed)
        XCTAssertNil(transition.intent, "the intent is not replayed, and not lost")
        XCTAssertEqual(nav, before)
        XCTAssertNotNil(nav.pending)
    }

    func testASetAndBackInFrontOfTheBatchWaitingChangesNothing() throws {
        for name in ["signed_in", "premium"] {
            var nav = try signInNavigator()
            let checkout: [Action] = [.push(RouteRequest(name: "checkout"))]
            _ = try nav.apply(checkout)
            let before = nav
            let again = try nav.apply([set(name, true), set(name, false)] + checkout)
            XCTAssertFalse(again.changed, "\(name): the set-and-back changes nothing, so this is the batch waiting")
            XCTAssertNil(again.intent, name)
            XCTAssertEqual(again.results, [.held, .held, .held], name)
            XCTAssertEqual(nav, before, name)
        }
    }

    func testAHeldBatchWaitsWithoutItsSetAndBackPairs() throws {
        var nav = try signInNavigator()
        let held = try nav.apply([set("premium", true), set("premium", false), set("premium", true),
                                  .push(RouteRequest(name: "checkout")),
                                  set("signed_in", true), set("signed_in", false), set("premium", false), set("premium", false)])
        XCTAssertEqual(nav.pending?.actions, [set("premium", true), .push(RouteRequest(name: "checkout")), set("premium", false), set("premium", false)],
                       "only the set-and-back runs go; a set that changes the value, or sets the value it has, is held as asked")
        XCTAssertEqual(held.intent?.actions, nav.pending?.actions)
        XCTAssertEqual(held.results.count, 8, "every action asked is held")
        // The replay performs what waits: the user signed in, and premium set and set back.
        let replay = try nav.apply([set("signed_in", true)])
        XCTAssertEqual(replay.intent?.kind, .replayed)
        XCTAssertEqual(nav.conditions, [true, false])
        XCTAssertEqual(nav.activeStack.top.route.name, "checkout")
    }

    func testSettingFalseAndBackOnProtectedScreensChangesNothing() throws {
        var nav = try signInNavigator()
        _ = try nav.apply([set("signed_in", true), .push(RouteRequest(name: "checkout")), .selectTab("orders")])
        let before = nav
        let transition = try nav.apply([set("signed_in", false), set("signed_in", true)])
        XCTAssertFalse(transition.changed)
        XCTAssertEqual(nav, before)
        XCTAssertEqual(nav.selectedTab, "orders")
        XCTAssertEqual(names(nav.bases[0]), ["home", "checkout"])
    }

    func testTheConsequencesComeWhereTheConditionTakesItsFinalValue() throws {
        var nav = try signInNavigator()
        _ = try nav.apply([.push(RouteRequest(name: "checkout"))])
        let transition = try nav.apply([set("signed_in", true), set("signed_in", false), set("signed_in", true), .push(product(1))])
        XCTAssertEqual(transition.intent?.kind, .replayed, "replayed once, at the last action that sets it true")
        XCTAssertEqual(names(nav.bases[0]), ["home", "checkout", "product"], "the push after it lands above the replayed intent")
    }

    func testABatchThatShowsAScreenAndSetsItsConditionBackToFalseFails() throws {
        var nav = try signInNavigator()
        let before = nav
        let error = thrownError { () throws(NavError) in
            try nav.apply([set("signed_in", true), .push(RouteRequest(name: "checkout")), set("signed_in", false)])
        }
        XCTAssertEqual(error?.kind, .route)
        XCTAssertEqual(error?.message, "actions[2]: route \"checkout\" on stack \"shop\" requires \"signed_in\", which the batch sets back to false")
        let tab = thrownError { () throws(NavError) in try nav.apply([set("signed_in", true), .selectTab("orders"), set("signed_in", false)]) }
        XCTAssertEqual(tab?.kind, .tab)
        XCTAssertEqual(nav, before)
        let left = try nav.apply([set("signed_in", true), .selectTab("orders"), .selectTab("shop"), set("signed_in", false)])
        XCTAssertFalse(left.changed, "a protected tab selected and left meanwhile leaves the tab history")
        XCTAssertEqual(nav, before)
    }

    // MARK: - 2. Gates chain

    func testAnIntentNeedingTwoConditionsWaitsThroughBothFlowsAndReplaysOnce() throws {
        var nav = try signInNavigator()
        _ = try nav.apply([.push(product(1)), .push(RouteRequest(name: "vip"))])
        let signedIn = try nav.apply([set("signed_in", true)])
        XCTAssertEqual(signedIn.intent?.kind, .advanced)
        XCTAssertEqual(signedIn.intent?.passed, "signed_in")
        XCTAssertEqual(signedIn.intent?.condition, "premium")
        XCTAssertEqual(signedIn.intent?.flow, "layer:5")
        XCTAssertEqual(signedIn.intent?.actions, [.push(product(1)), .push(RouteRequest(name: "vip"))])
        XCTAssertEqual(signedIn.dismissed, ["layer:4"])
        XCTAssertEqual(signedIn.presented, [PresentedLayer(stack: "layer:5", style: "sheet")])
        XCTAssertEqual(signedIn.conditions, [ConditionValue(name: "signed_in", value: true)])
        XCTAssertEqual(nav.pending?.condition, 1)
        XCTAssertEqual(names(nav.bases[0]), ["home"], "nothing of the intent is placed while it waits")
        XCTAssertEqual(nav.activeStack.root.route.name, "premium_offer")
        let premium = try nav.apply([set("premium", true)])
        XCTAssertEqual(premium.intent?.kind, .replayed)
        XCTAssertEqual(premium.intent?.results, [.pushed, .pushed])
        XCTAssertEqual(names(nav.bases[0]), ["home", "product", "vip"])
        XCTAssertNil(nav.pending)
        XCTAssertTrue(nav.layers.isEmpty)
    }

    func testThreeGatesChainAndOneBatchMayPassThemAll() throws {
        let table = try RouteTable(
            layout: .stack(root: RouteRequest(name: "home")),
            definitions: ["home", "login", "verify", "pay"].map { name throws(NavError) in try RouteDefinition(name: name, params: [:], title: nil) }
                + [RouteDefinition(name: "vault", params: [:], title: nil, requires: ["signed_in", "verified", "paid"])],
            conditions: ["signed_in": "login", "verified": "verify", "paid": "pay"].sorted { $0.value < $1.value }.map {
                ConditionDeclaration(name: $0.key, flow: Flow(route: RouteRequest(name: $0.value)))
            })
        var nav = Navigator(table: table)
        _ = try nav.apply([.push(RouteRequest(name: "vault"))])
        var waits: [String] = [nav.table.conditions[nav.pending?.condition ?? 0].name]
        for gate in ["signed_in", "verified"] {
            let passed = try nav.apply([set(gate, true)])
            XCTAssertEqual(passed.intent?.kind, .advanced)
            XCTAssertEqual(passed.intent?.passed, gate)
            XCTAssertEqual(passed.presented.map(\.stack), [passed.intent?.flow ?? ""])
            waits.append(passed.intent?.condition ?? "")
        }
        XCTAssertEqual(waits, ["signed_in", "verified", "paid"])
        XCTAssertEqual(try nav.apply([set("paid", true)]).intent?.kind, .replayed)
        XCTAssertEqual(nav.activeStack.top.route.name, "vault")

        var once = Navigator(table: table)
        _ = try once.apply([.push(RouteRequest(name: "vault"))])
        let all = try once.apply([set("signed_in", true), set("verified", true), set("paid", true)])
        XCTAssertEqual(all.intent?.kind, .replayed)
        XCTAssertEqual(all.presented, [], "the flows shown on the way went in the same batch")
        XCTAssertEqual(once.activeStack.top.route.name, "vault")
        XCTAssertTrue(once.layers.isEmpty)
    }

    func testAFlowAdvancedToAndDismissedInOneBatchDropsTheIntent() throws {
        var nav = try signInNavigator()
        _ = try nav.apply([.push(RouteRequest(name: "vip"))])
        let cancelled = try nav.apply([set("signed_in", true), .back()])
        XCTAssertEqual(cancelled.intent?.kind, .dropped)
        XCTAssertEqual(cancelled.intent?.condition, "premium")
        XCTAssertEqual(cancelled.intent?.reason, "its flow was dismissed")
        XCTAssertNil(nav.pending)
        XCTAssertTrue(nav.layers.isEmpty)
    }

    // MARK: - 3. A replaced intent is named

    func testTheSameBatchHeldAgainBehindItsFlowChangesNothing() throws {
        var nav = try signInNavigator()
        let checkout: [Action] = [.push(RouteRequest(name: "checkout"))]
        _ = try nav.apply(checkout)
        let before = nav
        let again = try nav.apply(checkout)
        XCTAssertFalse(again.changed, "a double tap on a protected screen changes nothing")
        XCTAssertNil(again.intent, "the intent waiting is the one asked: nothing is replaced")
        XCTAssertEqual(again.results, [.held])
        XCTAssertEqual(nav, before)
    }

    func testASecondHeldBatchNamesTheIntentItReplaces() throws {
        var nav = try signInNavigator()
        _ = try nav.apply([.push(RouteRequest(name: "checkout"))])
        let second = try nav.apply([.selectTab("orders")])
        XCTAssertEqual(second.intent?.kind, .held)
        XCTAssertEqual(second.intent?.replaced, IntentEvent.Replaced(condition: "signed_in", actions: [.push(RouteRequest(name: "checkout"))], reason: nil))
        var fresh = try signInNavigator()
        XCTAssertNil(try fresh.apply([.push(RouteRequest(name: "checkout"))]).intent?.replaced)
    }

    func testARestoreThatReplacesTheRestoredIntentSaysSoInTheReport() throws {
        var signedIn = try signInNavigator()
        _ = try signedIn.apply([set("signed_in", true), .push(RouteRequest(name: "checkout"))])
        _ = try signedIn.apply([.push(RouteRequest(name: "vip"))])
        XCTAssertEqual(signedIn.pending?.condition, 1, "waiting for premium")
        var nav = try signInNavigator()
        _ = try nav.apply([set("premium", true)])
        let (transition, report) = try nav.restore(Snapshot(signedIn))
        XCTAssertEqual(transition.intent?.kind, .held)
        XCTAssertEqual(transition.intent?.condition, "signed_in")
        XCTAssertEqual(transition.intent?.replaced, IntentEvent.Replaced(condition: "premium", actions: [.push(RouteRequest(name: "vip"))],
                                                                         reason: "\"premium\" is true now"))
        XCTAssertEqual(report.notes, ["the snapshot's pending intent, waiting for \"premium\", was replaced by the restored screens held for \"signed_in\": \"premium\" is true now"])
    }

    // MARK: - 4. A sign-in is not held back by its own replay

    func testASignInWhoseReplayABlockerHoldsBackSucceedsAndDropsTheReplay() throws {
        var nav = Navigator(table: try ConditionLawTests.draftTable())
        _ = try nav.apply([.push(RouteRequest(name: "editor")), .setBlocker(id: 3, reason: "Unsaved draft")])
        _ = try nav.apply([.setStack([RouteRequest(name: "checkout")])])
        XCTAssertNotNil(nav.pending)
        let signedIn = try nav.apply([set("signed_in", true)])
        XCTAssertEqual(signedIn.results, [.conditionSet])
        XCTAssertEqual(signedIn.intent?.kind, .dropped)
        XCTAssertEqual(signedIn.intent?.reason, "its replay is held back by entry 3 (\"editor\" on stack \"shop\"): Unsaved draft")
        XCTAssertEqual(nav.conditions, [true])
        XCTAssertNil(nav.pending)
        XCTAssertTrue(nav.layers.isEmpty, "the flow went")
        XCTAssertEqual(names(nav.bases[0]), ["home", "editor"], "the draft stays")
    }

    func testASignInThatItselfRemovesABlockingEntryIsStillHeldBack() throws {
        var nav = Navigator(table: try ConditionLawTests.draftTable())
        _ = try nav.apply([.push(RouteRequest(name: "editor")), .setBlocker(id: 3, reason: "Unsaved draft")])
        _ = try nav.apply([.setStack([RouteRequest(name: "checkout")], tab: "cart")])
        let before = nav
        let error = thrownError { () throws(NavError) in try nav.apply([set("signed_in", true), .pop(count: 1, tab: "shop")]) }
        XCTAssertEqual(error?.kind, .blocked)
        XCTAssertEqual(error?.blocked?.entry.id, 3)
        XCTAssertEqual(nav, before)
    }

    // MARK: - 5. A forced condition overrides only what its change to false removes

    func testAForcedConditionSetTrueAndBackOverridesNothing() throws {
        var nav = Navigator(table: try ConditionLawTests.draftTable())
        _ = try nav.apply([.push(RouteRequest(name: "editor")), .setBlocker(id: 3, reason: "Unsaved draft")])
        let before = nav
        let error = thrownError { () throws(NavError) in try nav.apply([set("signed_in", true), set("signed_in", false), .resetAll]) }
        XCTAssertEqual(error?.kind, .blocked)
        XCTAssertEqual(error?.blocked?.entry.id, 3)
        XCTAssertEqual(nav, before)
    }

    func testAForcedSignOutDoesNotOverrideAnUnrelatedRemoval() throws {
        var nav = Navigator(table: try ConditionLawTests.draftTable())
        _ = try nav.apply([set("signed_in", true), .push(RouteRequest(name: "account")), .push(RouteRequest(name: "editor")),
                           .setBlocker(id: 4, reason: "Signed-in draft"), .push(RouteRequest(name: "notes"), tab: "cart"),
                           .setBlocker(id: 5, reason: "Cart note")])
        let before = nav
        let error = thrownError { () throws(NavError) in try nav.apply([set("signed_in", false), .pop(count: 1, tab: "cart")]) }
        XCTAssertEqual(error?.kind, .blocked)
        XCTAssertEqual(error?.blocked?.entry.id, 5, "the cart's note is not the sign-out's to discard")
        XCTAssertEqual(nav, before)
        let out = try nav.apply([set("signed_in", false)])
        XCTAssertEqual(out.overrode.map(\.id), [4])
        XCTAssertEqual(names(nav.bases[1]), ["cart", "notes"])
    }
}
