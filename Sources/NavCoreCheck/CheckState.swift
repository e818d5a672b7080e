import CJansson
import NavCore
import NavCoreJSON
import NavCoreSession

/// One move of `navcore check`: an action applied alone, or `proceed` with
/// the token of the last batch a blocker held back (docs/tools.md, "navcore check").
public enum CheckMove: Equatable, Sendable {
    /// An action, applied alone. Indirect: inline, `proceed` would be one of
    /// the spare values of the action's per-op enum, written without its
    /// payload, and a memory checker cannot tell such a move's copies from
    /// reads of uninitialized memory.
    indirect case action(Action)
    /// `navcore_proceed` with the last token a blocker gave.
    case proceed

    /// The op's name: the action's, or `proceed`.
    var name: String {
        switch self {
        case .action(let action): return action.op.rawValue
        case .proceed: return "proceed"
        }
    }
}

/// What the search keeps of a session (docs/tools.md, "navcore check"): the
/// navigator, and the batch the last token a blocker gave names, while it
/// names one. A token survives the actions after it, as in a session; a
/// proceed ends it, and a blocker that holds the batch back again gives a new one.
struct CheckState {
    /// The batch the last token names, and its part of the canonical form.
    struct Held {
        /// The held batch, with the session's own rules for proceeding past it.
        let batch: HeldBatch
        /// The state it was held back in (its snapshot as written, ids and
        /// counters as they are), its actions and the entries it is past.
        let key: String
    }

    /// The token the checker's errors name: it keeps the last one only.
    static let token = "last"

    /// The navigator.
    var navigator: Navigator
    /// The batch the last token names, nil when none or once it ended.
    private(set) var held: Held?
    /// Whether the last token proceeded (it then names nothing).
    private var proceeded = false

    /// A state with no held batch.
    init(_ navigator: Navigator) {
        self.navigator = navigator
    }

    /// Performs `move` as a session would, the fault of `probe` planted;
    /// returns its transition and the batch that applied (what a log records).
    mutating func perform(_ move: CheckMove, probe: Probe) throws(NavError) -> (transition: Transition, actions: [Action], past: Set<Int>) {
        let (actions, past): ([Action], Set<Int>)
        switch move {
        case .action(let action):
            (actions, past) = ([action], [])
        case .proceed:
            guard let held else { throw HeldBatch.noBatch(Self.token, proceeded ? HeldBatch.alreadyUsed : HeldBatch.notGiven) }
            self.held = nil
            proceeded = true
            if let reason = held.batch.ended(in: &navigator) { throw HeldBatch.noBatch(Self.token, reason) }
            (actions, past) = (held.batch.actions, held.batch.past)
        }
        var before = navigator
        do {
            return (try navigator.checkApply(actions, past: past, fault: probe.fault), actions, past)
        } catch {
            if let batch = HeldBatch(heldBy: error, past: past, in: &before) {
                held = Held(batch: batch, key: Self.key(batch, in: before, writer: probe.writer))
                proceeded = false
            }
            throw error
        }
    }

    /// The part of the canonical form a held batch adds.
    private static func key(_ batch: HeldBatch, in navigator: Navigator, writer: DocumentWriter) -> String {
        var parts: [String] = []
        if let text = try? writer.snapshot(navigator) {
            parts.append(String(cString: text))
            OwnedText.free(text)
        }
        if let node = try? ActionEncoder.batch(batch.actions) {
            if let text = json_dumps(node, Int(JSON_COMPACT)) {
                parts.append(String(cString: text))
                free(text)
            }
            node.release()
        }
        parts.append(batch.past.sorted().map(String.init).joined(separator: ","))
        return parts.joined(separator: "\u{1}")
    }
}
