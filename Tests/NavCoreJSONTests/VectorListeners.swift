import CJansson
import NavCore
@testable import NavCoreJSON
import NavCoreSession

/// What the listeners the Swift runner subscribes to a vector's navigator
/// heard during one step: one listener of each kind, so that every vector
/// runs the engine's deliveries, and after each step the runner checks them
/// against what the step wrote (`problems`). Unchecked-Sendable: the runner
/// and the listeners it is called from run on one thread.
final class Heard: @unchecked Sendable {
    /// The transitions heard in this step.
    private var transitions: [String] = []
    /// The held batches' documents heard in this step.
    private var blocked: [String] = []
    /// The view model heard last, in any step.
    private var view = ""

    /// Subscribes a listener of each kind to `engine`.
    func listen(to engine: Engine) throws(NavError) {
        _ = engine.subscribe(HostListener { [self] (text) in transitions.append(String(cString: text)) })
        _ = engine.subscribeBlocked(HostListener { [self] (text) in blocked.append(String(cString: text)) })
        _ = try engine.subscribeView(HostListener { [self] (text) in view = String(cString: text) })
    }

    /// Forgets what the last step's listeners heard.
    func startStep() {
        transitions = []
        blocked = []
    }

    /// The mismatches between what was heard in a step and what it wrote:
    /// the transition listeners hear a change's transition, the caller's
    /// `transition` when given, exactly when it changed something, and nothing
    /// when the step failed; the blocked listeners hear the document of the
    /// batch a blocker held back (`error`'s, with its token), and only that;
    /// the view listener always holds the view model `current`.
    func problems(transition: String?, restored: Bool, error: NavError?, current: String) throws -> [String] {
        var problems: [String] = []
        if error != nil || !restored {
            let expected = try transition.map { (text) in try Heard.changed(text) ? [text] : [] } ?? []
            if transitions != expected { problems.append("listeners: heard \(transitions), expected \(expected)") }
        } else if transitions.count > 1 {
            problems.append("listeners: a restore delivered \(transitions.count) transitions")
        }
        let held = try error?.blocked.flatMap { (held) in held.token.isEmpty ? nil : OwnedText.string(consuming: try DocumentWriter.blocked(held)) }
        if blocked != (held.map { [$0] } ?? []) { problems.append("blocked listeners: heard \(blocked), expected \(held ?? "nothing")") }
        if view != current { problems.append("view listener: holds \(view), but the view model is \(current)") }
        return problems
    }

    /// Whether a transition document says it changed something.
    private static func changed(_ text: String) throws -> Bool {
        let node = try JSONNode.parse(text)
        defer { node.release() }
        return json_object_get(node, "changed")?.type == JSON_TRUE
    }
}

/// A count a guard advances from its calls.
final class Counter: @unchecked Sendable {
    /// The count so far.
    private var count = 0

    /// The count so far, then one more.
    func next() -> Int {
        defer { count += 1 }
        return count
    }
}
