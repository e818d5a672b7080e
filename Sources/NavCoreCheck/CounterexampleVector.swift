import CJansson
import NavCore
import NavCoreJSON

/// A counterexample as a conformance vector (Tests/vectors/README.md;
/// docs/tools.md, "Counterexamples as vectors"): the table inline, then one
/// `apply` step per action, each expecting what the engine without faults
/// gives: the active stack's entries after an action that applies, the
/// status and message of one that fails. The vector passes on the engine
/// that wrote it; a counterexample of a bug in navcore itself gives a
/// vector of the wrong behaviour, whose expectations its fix corrects.
enum CounterexampleVector {
    /// The vector of `counterexample` over `table`, whose JSON is `tableNode` (borrowed), as a new node.
    static func node(_ counterexample: Counterexample, table: RouteTable, tableNode: JSONNode) throws(NavError) -> JSONNode {
        guard let vector = json_object(), let steps = json_array() else { throw outOfMemory }
        json_object_set_new(vector, "description", json_string("navcore check: \(counterexample.summary)"))
        json_object_set(vector, "table", tableNode)
        json_object_set_new(vector, "steps", steps)
        let (actions, moves) = try counterexample.actionNodes()
        defer { actions.release() }
        let writer = DocumentWriter()
        let probe = Probe(fault: nil)
        var state = CheckState(Navigator(table: table))
        for (step, action) in zip(counterexample.steps, moves) {
            guard let item = json_object(), let expect = json_object() else { throw outOfMemory }
            json_array_append_new(steps, item)
            if let action { json_object_set(item, "apply", action) } else { json_object_set_new(item, "proceed", json_true()) }
            json_object_set_new(item, "expect", expect)
            do {
                _ = try state.perform(step.move, probe: probe)
            } catch {
                json_object_set_new(expect, "error", json_string(error.kind.status.name))
                json_object_set_new(expect, "message", json_string(Self.message(of: error, after: step.move)))
                continue
            }
            let text = try writer.stack(state.navigator)
            defer { OwnedText.free(text) }
            let stack = try JSONNode.parse(UnsafePointer(text))
            defer { stack.release() }
            json_object_set(expect, "stack", json_object_get(stack, "entries"))
        }
        return vector
    }

    /// What a vector expects the message of `error` to hold: all of it,
    /// but for a proceed that names no batch, only why (the token the
    /// message names differs from run to run).
    private static func message(of error: NavError, after move: CheckMove) -> String {
        // `no batch is held back by token "<token>": <why>`; a token holds no quote.
        let parts = error.message.split(separator: "\"", maxSplits: 2, omittingEmptySubsequences: false)
        guard move == .proceed, parts.count == 3 else { return error.message }
        return String(parts[2].dropFirst(2))
    }

    private static var outOfMemory: NavError { NavError(.outOfMemory, "out of memory while writing a vector") }
}
