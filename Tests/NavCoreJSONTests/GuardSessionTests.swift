import XCTest
import NavCore
import NavCoreJSON
import NavCoreSession
import TestSupport

/// `Session.applyGuarded` (docs/conditions.md, "Redirects and guards"): the
/// proposal made on a copy, the guard's answers, redirect chains and loops,
/// and a change committed while the guard runs, which is never lost.
final class GuardSessionTests: XCTestCase {
    private func session() throws -> Session {
        let text = #"{"navcore": 1, "root": "home", "redirect_limit": 2, "routes": {"home": {}, "a": {}, "b": {}, "c": {}, "d": {}}}"#
        return Session(table: try text.withCString { (pointer) throws(NavError) in try RouteTableDecoder.decode(text: pointer) })
    }

    private func push(_ name: String) -> [Action] {
        [.push(RouteRequest(name: name))]
    }

    /// Runs a guarded batch on `session`, answering with `judge`; `between`
    /// runs after each judgement, before the commit.
    private func run(_ session: Session, _ actions: [Action], between: () -> Void = {},
                     judge: (Proposal) -> GuardDecision) throws(NavError) {
        try Session.applyGuarded(actions, table: session.table,
                                 propose: { (batch) throws(NavError) in try session.propose(batch) },
                                 judge: { proposal in
                                     defer { between() }
                                     return judge(proposal)
                                 },
                                 commit: { (proposal) throws(NavError) in try session.commit(proposal, for: []) != nil })
    }

    private func top(_ session: Session) -> String {
        session.navigator.activeStack.top.route.name
    }

    func testAProposalChangesNothingUntilItIsCommitted() throws {
        let session = try session()
        let before = session.navigator
        let proposal = try session.propose(push("a"))
        XCTAssertEqual(session.navigator, before)
        XCTAssertEqual(proposal.transition.after.top.route.name, "a")
        XCTAssertEqual(proposal.transition.seq, 1)
        XCTAssertNotNil(try session.commit(proposal, for: []))
        XCTAssertEqual(top(session), "a")
        XCTAssertNil(try session.commit(proposal, for: []), "a proposal commits once: the session moved on")
    }

    func testAllowDenyAndRedirect() throws {
        let session = try session()
        try run(session, push("a")) { _ in .allow }
        XCTAssertEqual(top(session), "a")
        let before = session.navigator
        XCTAssertEqual(thrownError { () throws(NavError) in try run(session, push("b")) { _ in .deny("not now") } },
                       NavError(.denied, "the guard denied the batch: not now"))
        XCTAssertEqual(session.navigator, before)
        var asked: [String] = []
        try run(session, push("b")) { proposal in
            asked.append(proposal.transition.after.top.route.name)
            return proposal.actions == self.push("b") ? .redirect(self.push("c")) : .allow
        }
        XCTAssertEqual(asked, ["b", "c"])
        XCTAssertEqual(top(session), "c")
    }

    func testRedirectLoopsAndChainsPastTheLimitNameTheChain() throws {
        let session = try session()
        let loop = thrownError { () throws(NavError) in
            try run(session, push("a")) { proposal in .redirect(proposal.actions == self.push("a") ? self.push("b") : self.push("a")) }
        }
        XCTAssertEqual(loop, NavError(.redirect, at: "guard.redirect", "the guard's redirects loop: a -> b -> a"))
        let names = ["a", "b", "c", "d", "home"]
        let chain = thrownError { () throws(NavError) in
            try run(session, push("a")) { proposal in
                let next = names.firstIndex(of: proposal.transition.after.top.route.name).map { names[$0 + 1] } ?? "home"
                return .redirect(self.push(next))
            }
        }
        XCTAssertEqual(chain, NavError(.redirect, at: "guard.redirect", "the guard's redirects go past the limit of 2: a -> b -> c -> d"))
        let failed = thrownError { () throws(NavError) in try run(session, push("a")) { _ in .redirect(self.push("nowhere")) } }
        XCTAssertEqual(failed?.kind, .route)
        XCTAssertEqual(failed?.path, "guard.redirect.actions[0].route.name")
        XCTAssertEqual(top(session), "home")
    }

    func testAChangeWhileTheGuardRunsIsKeptAndTheBatchJudgedAgain() throws {
        let session = try session()
        var judged = 0
        try run(session, push("b"), between: {
            if judged == 1 { _ = try? session.apply(self.push("a"), for: []) }
        }) { _ in
            judged += 1
            return .allow
        }
        XCTAssertEqual(judged, 2)
        XCTAssertEqual(session.navigator.activeStack.entries.map(\.route.name), ["home", "a", "b"])
        XCTAssertEqual(session.navigator.seq, 2)
    }

    func testABatchOvertakenEveryRoundFailsWithLimitAndChangesNothingOfItsOwn() throws {
        let session = try session()
        let error = thrownError { () throws(NavError) in
            try run(session, push("b"), between: { _ = try? session.apply(self.push("a"), for: []) }) { _ in .allow }
        }
        XCTAssertEqual(error?.kind, .limit)
        XCTAssertEqual(session.navigator.activeStack.path.count, Session.maxGuardRounds)
        XCTAssertFalse(session.navigator.activeStack.path.contains { $0.route.name == "b" })
    }
}
