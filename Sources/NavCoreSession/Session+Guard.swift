import NavCore
import NavCoreJSON

/// A host guard's answer about a proposed batch (docs/conditions.md,
/// "Redirects and guards").
public enum GuardDecision: Equatable, Sendable {
    /// Commit the batch.
    case allow
    /// Refuse it, for this reason: the call fails with `.denied`.
    case deny(String)
    /// Propose these actions instead.
    case redirect([Action])
    /// The guard could not answer (its replacement batch was unreadable, its
    /// answer garbage): the call fails with this error.
    case failed(NavError)

    /// The decision of a host guard that returned `code` (`NAVCORE_OK`, 0,
    /// or anything else, which denies the batch) having given `answer` (nil
    /// for none: allow).
    public init(hostAnswer code: Int32, answer: GuardDecision?) {
        guard code == 0 else {
            self = .failed(NavError(.denied, "the guard returned \(code), not NAVCORE_OK (0): the batch is denied"))
            return
        }
        self = answer ?? .allow
    }

    /// The decision of a host guard that redirects to the actions `read`
    /// gives; one it cannot read fails, located under `guard.redirect`.
    public static func redirect(reading read: () throws(NavError) -> [Action]) -> GuardDecision {
        do {
            return .redirect(try read())
        } catch {
            return .failed(error.under("guard.redirect"))
        }
    }
}

/// A batch a guard is asked about: the actions and the transition they would
/// make (`Navigator.preview`).
public struct Proposal: Sendable {
    /// The actions.
    public let actions: [Action]
    /// The transition they would make.
    public let transition: Transition
    /// The session's change count when it was proposed.
    let generation: Int

    /// Its text for the guard (`DocumentWriter.proposal`).
    public func text() throws(NavError) -> UnsafeMutablePointer<CChar> {
        try DocumentWriter.proposal(actions, transition)
    }
}

/// Guarded batches, in the steps that keep host code out of the engine's
/// lock: `propose` under the lock, the guard without it, `commit`
/// under the lock again, which refuses when another change came in between;
/// the batch is then proposed and judged again.
extension Session {
    /// The most times one guarded call proposes its batch again because
    /// another change was committed while the guard ran (`NAVCORE_MAX_GUARD_ROUNDS`).
    public static let maxGuardRounds = Limits.maxGuardRounds

    /// Runs a guarded batch: proposes `actions` (`propose`, under the lock;
    /// nil when the engine applied the batch at once, having no guard any more),
    /// asks `judge` (without it), and follows its redirects, each replacement
    /// proposed in turn, up to the table's `redirect_limit`; a replacement
    /// equal to a batch already proposed is a loop. Both are `.redirect`, the
    /// message the chain of the top routes the proposals would show. An
    /// allowed proposal goes to `commit` (under the lock), which answers false
    /// when another change came first: the call then starts again from
    /// `actions`, at most `maxGuardRounds` times (`.limit` after that).
    public static func applyGuarded(_ actions: [Action], table: RouteTable,
                                    propose: ([Action]) throws(NavError) -> Proposal?,
                                    judge: (Proposal) -> GuardDecision,
                                    commit: (Proposal) throws(NavError) -> Bool) throws(NavError) {
        for _ in 0..<maxGuardRounds {
            var proposals: [Proposal] = []
            var batch = actions
            judging: while true {
                let proposed: Proposal?
                do {
                    proposed = try propose(batch)
                } catch {
                    throw proposals.isEmpty ? error : error.under("guard.redirect")
                }
                guard let proposal = proposed else { return }
                proposals.append(proposal)
                if proposals.count > table.redirects.limit + 1 {
                    throw NavError(.redirect, at: "guard.redirect",
                                   "the guard's redirects go past the limit of \(table.redirects.limit): \(chain(proposals))")
                }
                switch judge(proposal) {
                case .allow:
                    if try commit(proposal) { return }
                    break judging
                case .deny(let reason):
                    throw NavError(.denied, "the guard denied the batch: \(reason)")
                case .failed(let error):
                    throw error
                case .redirect(let replacement):
                    if let earlier = proposals.first(where: { $0.actions == replacement }) {
                        throw NavError(.redirect, at: "guard.redirect",
                                       "the guard's redirects loop: \(chain(proposals + [earlier]))")
                    }
                    batch = replacement
                }
            }
        }
        throw NavError(.limit, "another change was committed while the guard ran, \(maxGuardRounds) times in a row; this batch was not")
    }

    /// `a -> b -> c`: the top route each proposal would show.
    private static func chain(_ proposals: [Proposal]) -> String {
        proposals.map(\.transition.after.top.route.name).joined(separator: " -> ")
    }
}
