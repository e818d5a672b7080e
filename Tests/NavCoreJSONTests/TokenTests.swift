import XCTest
import NavCore
import NavCoreJSON
import NavCoreSession
import TestSupport

/// Tokens (docs/blockers.md, "Tokens"): every batch a blocker holds back gets
/// its own token, which names exactly that batch; it proceeds once, while the
/// batch would still make the change it was held back for, and says why it
/// no longer does otherwise. The property test checks it over generated
/// interleavings of held batches, unrelated and related changes, and proceeds.
final class TokenTests: XCTestCase {
    /// The sign-in shop (Tests/vectors/tables/signin.json) with one more
    /// condition, `onboarded`, that nothing reads.
    static let tableText = #"""
    {"navcore": 1, "app": "shop",
     "routes": {"home": {}, "product": {"params": {"id": "int"}}, "cart": {}, "checkout": {"title": "Checkout", "requires": ["signed_in"]},
                "orders": {}, "order": {"params": {"id": "int"}}, "account": {}, "login": {}},
     "tabs": [{"name": "shop", "root": "home"}, {"name": "orders", "root": "orders", "requires": ["signed_in"]},
              {"name": "account", "root": "account"}],
     "links": [{"url": "shop://product/{id}", "stack": ["product"], "tab": "shop"}],
     "conditions": {"signed_in": {"flow": {"route": "login", "style": "cover"}, "on_false": "reset"}, "onboarded": {}}}
    """#

    static func table() throws -> RouteTable {
        try tableText.withCString { (pointer) throws(NavError) in try RouteTableDecoder.decode(text: pointer) }
    }

    static let signOut = Action.setCondition(name: "signed_in", value: false)

    /// Signed in, home > product 1 (4) > checkout (5, blocking "Unsaved draft") on the shop tab.
    static func drafting() throws -> Session {
        let session = Session(table: try table())
        _ = try session.apply([.setCondition(name: "signed_in", value: true), .push(RouteRequest(name: "product", params: [("id", .int(1))])),
                               .push(RouteRequest(name: "checkout")), .setBlocker(id: 5, reason: "Unsaved draft")], for: [])
        return session
    }

    /// The token `actions` is held back with (failing when they are not).
    private func token(_ session: Session, _ actions: [Action], file: StaticString = #filePath, line: UInt = #line) -> String {
        let error = thrownError { () throws(NavError) in try session.apply(actions, for: []) }
        XCTAssertEqual(error?.kind, .blocked, file: file, line: line)
        return error?.blocked?.token ?? ""
    }

    /// The error of proceeding with `token`, which must change nothing.
    private func refusal(_ session: Session, _ token: String, file: StaticString = #filePath, line: UInt = #line) -> NavError? {
        let before = session.navigator
        let error = thrownError { () throws(NavError) in try session.proceed(token, for: []) }
        XCTAssertEqual(session.navigator, before, "a refused proceed changed the state", file: file, line: line)
        return error
    }

    private func top(_ session: Session) -> String {
        session.navigator.activeStack.top.route.name
    }

    func testTwoBatchesHeldBackByOneEntryGetTwoTokensAndEachAppliesItsOwn() throws {
        let session = try Self.drafting()
        let back = token(session, [.back()])
        let signOut = token(session, [Self.signOut])
        XCTAssertNotEqual(back, signOut)
        let commit = try session.proceed(back, for: [])
        XCTAssertEqual(commit.transition?.cause, .actions(ops: [.back]))
        XCTAssertEqual(top(session), "product")
        XCTAssertEqual(session.navigator.conditions, [true, false], "the Back the user confirmed, not the sign-out")
        let stale = refusal(session, signOut)
        XCTAssertEqual(stale?.kind, .noEntry)
        XCTAssertEqual(stale?.path, "token")
        XCTAssertTrue(stale?.message.contains("the state it would change has changed since: it now differs in what it does to stack \"shop\"") == true,
                      stale?.message ?? "")
    }

    func testABatchHeldBackByABlockerInsideAContainerGetsItsTokenAndProceeds() throws {
        let session = Session(table: try NestedTables.settingsInATab())
        // home > settings (2), whose tabs hold general (3, blocking) and privacy (4)
        _ = try session.apply([.push(RouteRequest(name: "settings")), .setBlocker(id: 3, reason: "Unsaved draft")], for: [])
        let popToRoot = token(session, [.popToRoot(stack: .name("home"))])
        let setStack = token(session, [.setStack([], stack: .name("home"))])
        XCTAssertFalse(popToRoot.isEmpty, "a blocker inside a container gives a token")
        XCTAssertNotEqual(popToRoot, setStack)
        let commit = try session.proceed(popToRoot, for: [])
        XCTAssertEqual(commit.transition?.cause, .actions(ops: [.popToRoot]))
        XCTAssertEqual(session.navigator.bases[0].entries.map(\.route.name), ["home"])
        XCTAssertTrue(session.navigator.containers.isEmpty)
    }

    func testANestedSelectionTheBatchNoLongerMakesEndsTheToken() throws {
        let session = Session(table: try NestedTables.settingsInATab())
        // home > settings (2), whose tabs hold general (3) > home (5, blocking) and privacy (4)
        _ = try session.apply([.push(RouteRequest(name: "settings")), .push(RouteRequest(name: "home"), stack: .name("home@2/general")),
                               .setBlocker(id: 5, reason: "Unsaved draft")], for: [])
        let batch: [Action] = [.pop(count: 1, stack: .name("home@2/general")), .selectTab("home@2/privacy")]
        let held = token(session, batch)
        _ = try session.apply([.selectTab("home@2/privacy")], for: [])
        let stale = refusal(session, held)
        XCTAssertEqual(stale?.kind, .noEntry)
        XCTAssertTrue(stale?.message.contains("it now differs in what it does to container \"home@2\"") == true, stale?.message ?? "")
        _ = try session.apply([.selectTab("home@2/general")], for: [])
        let again = token(session, batch)
        _ = try session.apply([.push(RouteRequest(name: "privacy"), stack: .name("home"))], for: [])
        XCTAssertNoThrow(try session.proceed(again, for: []), "a change elsewhere in the tree keeps the token")
        XCTAssertEqual(session.navigator.containers[2]?.state.selected, 1, "the batch selected privacy")
        XCTAssertEqual(session.navigator.containers[2]?.stacks[0].path, [], "and popped the draft")
    }

    func testABackHeldBackByAnEntryAndABlockerInsideItNamesTheEntryAsItsPreviewDoes() throws {
        let session = Session(table: try NestedTables.settingsInATab())
        _ = try session.apply([.push(RouteRequest(name: "settings")), .setBlocker(id: 3, reason: "inner"), .setBlocker(id: 2, reason: "outer")], for: [])
        XCTAssertEqual(session.navigator.backPreview.blocked?.entry.id, 2)
        let error = thrownError { () throws(NavError) in try session.apply([.back()], for: []) }
        XCTAssertEqual(error?.blocked?.entry.id, 2, "the entry back removes, as the preview says")
        XCTAssertFalse(error?.blocked?.token.isEmpty ?? true)
    }

    func testEachBlockingEntryKeepsItsToken() throws {
        let session = try Self.drafting()
        _ = try session.apply([.push(RouteRequest(name: "cart"), tab: "account"), .setBlocker(id: 6, reason: "Unsent")], for: [])
        let back = token(session, [.back()])
        let reset = token(session, [.resetTab("account")])
        XCTAssertEqual(try session.proceed(back, for: []).transition?.results, [.popped])
        XCTAssertEqual(try session.proceed(reset, for: []).transition?.results, [.reset])
        XCTAssertEqual(session.navigator.bases[2].path, [])
    }

    func testUnrelatedChangesKeepTheToken() throws {
        let session = try Self.drafting()
        let back = token(session, [.back()])
        _ = try session.apply([.push(RouteRequest(name: "cart"), tab: "account")], for: [])
        _ = try session.apply([.setEntryState(id: 5, state: .string("saved"))], for: [])
        _ = try session.apply([.setCondition(name: "onboarded", value: true)], for: [])
        XCTAssertEqual(try session.proceed(back, for: []).transition?.changes.map(\.removed), [[5]])
    }

    func testRelatedChangesEndTheTokenAndSayWhy() throws {
        let session = try Self.drafting()
        let back = token(session, [.back()])
        _ = try session.apply([.push(RouteRequest(name: "cart"))], for: [])
        XCTAssertTrue(refusal(session, back)?.message.contains("it now differs in what it does to stack \"shop\"") == true)
        XCTAssertTrue(refusal(session, back)?.message.contains("it was already used") == true, "a refused token stays refused")

        let gone = try Self.drafting()
        let popTo = token(gone, [.popTo(.id(4), inclusive: false)])
        _ = try gone.apply([.setBlocker(id: 5, reason: nil)], for: [])
        _ = try gone.apply([.pop(count: 2)], for: [])
        XCTAssertTrue(refusal(gone, popTo)?.message.contains("the batch now fails (NAVCORE_ENOENTRY") == true)

        let signedOut = try Self.drafting()
        let reset = token(signedOut, [.resetTab("shop")])
        _ = try signedOut.apply([.setBlocker(id: 5, reason: nil)], for: [])
        _ = try signedOut.apply([Self.signOut], for: [])
        XCTAssertTrue(refusal(signedOut, reset)?.message.contains("it now differs in what it does to stack \"shop\"") == true)
    }

    func testUsedForeignExpiredAndRestoredTokens() throws {
        let session = try Self.drafting()
        let other = try Self.drafting()
        let foreign = token(other, [.back()])
        XCTAssertTrue(refusal(session, foreign)?.message.contains("this navigator gave no such token") == true)
        XCTAssertTrue(refusal(session, "made-up")?.message.contains("no batch is held back by token \"made-up\": this navigator gave no such token") == true)
        let first = token(session, [.back()])
        for _ in 0..<16 { _ = token(session, [.popToRoot()]) }
        XCTAssertTrue(refusal(session, first)?.message.contains("it expired: a navigator keeps its 16 most recent tokens") == true)

        let own = session.navigator
        let held = token(session, [.back()])
        _ = try session.adopt(own, cause: .restore, for: [])
        XCTAssertEqual(session.navigator.bases, own.bases)
        XCTAssertTrue(refusal(session, held)?.message.contains("the navigator's state was restored or replayed since") == true)
        let again = token(session, [.back()])
        _ = try session.proceed(again, for: [])
        XCTAssertTrue(refusal(session, again)?.message.contains("it was already used: a token proceeds once") == true)
    }

    func testANewMarkHoldsTheBatchBackAgainUnderANewToken() throws {
        let session = try Self.drafting()
        let signOut = token(session, [Self.signOut])
        _ = try session.apply([.setBlocker(id: 4, reason: "Unsaved review")], for: [])
        let error = thrownError { () throws(NavError) in try session.proceed(signOut, for: []) }
        XCTAssertEqual(error?.kind, .blocked)
        XCTAssertEqual(error?.blocked?.entry.id, 4)
        let next = try XCTUnwrap(error?.blocked?.token)
        XCTAssertNotEqual(next, signOut)
        _ = try session.proceed(next, for: [])
        XCTAssertEqual(session.navigator.conditions, [false, false])
    }
}

/// Nested tables for the token tests.
enum NestedTables {
    /// A home tab whose `settings` route holds tabs general and privacy.
    static func settingsInATab() throws -> RouteTable {
        let text = #"""
        {"navcore": 1, "routes": {"home": {}, "general": {}, "privacy": {},
                                  "settings": {"layout": {"tabs": [{"name": "general", "root": "general"}, {"name": "privacy", "root": "privacy"}]}}},
         "tabs": [{"name": "home", "root": "home"}]}
        """#
        return try text.withCString { (pointer) throws(NavError) in try RouteTableDecoder.decode(text: pointer) }
    }
}
