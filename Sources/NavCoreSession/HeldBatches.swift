import NavCore

/// A batch a blocker held back: what proceeding past it applies, and the
/// change it was held back for (docs/blockers.md, "Tokens"). The session
/// keeps one per token (`HeldBatches`); `navcore check` keeps the last one.
public struct HeldBatch: Equatable, Sendable {
    /// The batch, as asked.
    public let actions: [Action]
    /// The blocking entries it may remove once the host proceeds.
    public let past: Set<Int>
    /// What it would have changed, past every blocker, when it was held back.
    let footprint: Footprint

    /// The batch `error` says a blocker held back when it was applied to
    /// `navigator` past the blocking entries in `past`; nil for an error
    /// other than `.blocked`, or when what the batch would change past every
    /// blocker cannot be worked out (not expected: the batch just ran up to
    /// its blocker check).
    public init?(heldBy error: NavError, past: Set<Int>, in navigator: inout Navigator) {
        guard let blocked = error.blocked, let footprint = try? Footprint(of: blocked.actions, in: &navigator) else { return nil }
        actions = blocked.actions
        self.past = past.union([blocked.entry.id])
        self.footprint = footprint
    }

    /// Why the batch no longer proceeds on `navigator`: it now fails, or it
    /// would no longer make the change it was held back for; nil while it would.
    public func ended(in navigator: inout Navigator) -> String? {
        let now: Footprint
        do {
            now = try Footprint(of: actions, in: &navigator)
        } catch {
            return "the state it would change has changed since: the batch now fails (\(error.kind.status.name) \(error.message))"
        }
        let differences = now.differences(from: footprint)
        return differences.isEmpty ? nil : "the state it would change has changed since: it now differs in \(differences.joined(separator: ", "))"
    }

    /// Why a token that proceeded once names nothing.
    public static let alreadyUsed = "it was already used: a token proceeds once"
    /// Why a token this navigator did not give names nothing.
    public static let notGiven = "this navigator gave no such token"

    /// The error of a token that names no held batch, for `reason`.
    public static func noBatch(_ token: String, _ reason: String) -> NavError {
        NavError(.noEntry, at: "token", "no batch is held back by token \"\(ParamType.excerpt(token))\": \(reason)")
    }
}

/// The batches blockers held back, each named by its own token
/// (docs/blockers.md, "Tokens"): every held batch gets a new token, unique in
/// the session; the `capacity` most recent are kept, and a token says why it
/// no longer proceeds once it ended.
struct HeldBatches {
    /// How many tokens are kept (`Session.maxHeldBatches`): a newer one ends the oldest.
    static let capacity = Session.maxHeldBatches

    /// A token and what it names.
    private struct Record {
        /// The token.
        let token: String
        /// The held batch, or nil once the token ended.
        var batch: HeldBatch?
        /// Why the token ended (`already used`, ...), once it did.
        var ended = ""
    }

    /// Makes this session's tokens differ from every other's.
    private let prefix = String(UInt64.random(in: 1...UInt64.max), radix: 36)
    /// How many tokens were given.
    private var given = 0
    /// The `capacity` most recent tokens, oldest first.
    private var records: [Record] = []

    /// Holds `batch` back under a new token, which it returns, ending the oldest beyond `capacity`.
    mutating func hold(_ batch: HeldBatch) -> String {
        given &+= 1
        let token = "\(prefix)-\(given)"
        if records.count == HeldBatches.capacity { records.removeFirst() }
        records.append(Record(token: token, batch: batch))
        return token
    }

    /// The batch `token` names, ending the token (it proceeds once);
    /// `.noEntry` at `token`, saying why, for one that names none.
    mutating func take(_ token: String) throws(NavError) -> HeldBatch {
        guard let index = records.firstIndex(where: { $0.token == token }) else { throw HeldBatch.noBatch(token, unknownReason(token)) }
        guard let batch = records[index].batch else { throw HeldBatch.noBatch(token, records[index].ended) }
        records[index].batch = nil
        records[index].ended = HeldBatch.alreadyUsed
        return batch
    }

    /// Ends every token, for `reason`.
    mutating func endAll(_ reason: String) {
        for index in records.indices where records[index].batch != nil {
            records[index].batch = nil
            records[index].ended = reason
        }
    }

    /// Why a token that is not among the kept ones names nothing: an older one of this session's, or none of its.
    private func unknownReason(_ token: String) -> String {
        let suffix = token.hasPrefix(prefix + "-") ? String(token.dropFirst(prefix.count + 1)) : ""
        guard let number = Int(suffix), String(number) == suffix, number >= 1, number <= given else {
            return HeldBatch.notGiven
        }
        return "it expired: a navigator keeps its \(HeldBatches.capacity) most recent tokens"
    }
}
