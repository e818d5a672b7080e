import CJansson
import NavCore
import NavCoreJSON

/// A check's report as JSON (docs/tools.md, "navcore check"): the counts,
/// the bound that stopped it, the laws checked, and each counterexample
/// with its summary, steps (`{"action": ..., "status": "ok"}`), which
/// `navcore check --replay` reads back, and `vector`, the same path as a
/// conformance vector (`CounterexampleVector`).
public enum CheckReport {
    /// The report of `result` over `table`, whose JSON is `tableNode` (borrowed, inlined in
    /// the vectors), as compact text owned by the caller (release with `OwnedText.free`).
    public static func text(_ result: CheckResult, options: CheckOptions, table: RouteTable,
                            tableNode: JSONNode) throws(NavError) -> UnsafeMutablePointer<CChar> {
        guard let report = json_object() else { throw outOfMemory }
        defer { json_decref(report) }
        json_object_set_new(report, "states", json_integer(json_int_t(result.states)))
        json_object_set_new(report, "transitions", json_integer(json_int_t(result.transitions)))
        json_object_set_new(report, "depth", json_integer(json_int_t(result.depth)))
        json_object_set_new(report, "bound", json_string(result.bound.rawValue))
        json_object_set_new(report, "stack_depth_pruned", json_integer(json_int_t(result.prunedByStackDepth)))
        json_object_set_new(report, "bounds", bounds(options))
        json_object_set_new(report, "seconds", json_real(result.seconds))
        if let walk = result.walk {
            let node = json_object()
            json_object_set_new(node, "seed", json_integer(json_int_t(walk.seed)))
            json_object_set_new(node, "walks", json_integer(json_int_t(walk.walks)))
            json_object_set_new(node, "length", json_integer(json_int_t(walk.length)))
            json_object_set_new(node, "transitions", json_integer(json_int_t(walk.transitions)))
            json_object_set_new(report, "walk", node)
        }
        let laws = json_array()
        for law in result.laws { json_array_append_new(laws, json_string(law)) }
        json_object_set_new(report, "laws", laws)
        let off = json_object()
        for (law, reason) in options.lawsOff.sorted(by: { $0.key < $1.key }) { json_object_set_new(off, law, json_string(reason)) }
        json_object_set_new(report, "laws_off", off)
        let counterexamples = json_array()
        for counterexample in result.counterexamples {
            json_array_append_new(counterexamples, try node(counterexample, table: table, tableNode: tableNode))
        }
        json_object_set_new(report, "counterexamples", counterexamples)
        guard let text = json_dumps(report, Int(JSON_COMPACT)) else { throw outOfMemory }
        return text
    }

    /// The bounds the search ran with.
    private static func bounds(_ options: CheckOptions) -> JSONNode? {
        let bounds = json_object()
        json_object_set_new(bounds, "depth", json_integer(json_int_t(options.depth)))
        json_object_set_new(bounds, "states", json_integer(json_int_t(options.states)))
        json_object_set_new(bounds, "stack_depth", json_integer(json_int_t(options.stackDepth)))
        return bounds
    }

    /// One counterexample: law, message, summary, steps and vector.
    private static func node(_ counterexample: Counterexample, table: RouteTable, tableNode: JSONNode) throws(NavError) -> JSONNode {
        guard let node = json_object() else { throw outOfMemory }
        json_object_set_new(node, "law", json_string(counterexample.law))
        json_object_set_new(node, "message", json_string(counterexample.message))
        json_object_set_new(node, "summary", json_string(counterexample.summary))
        let (actions, moves) = try counterexample.actionNodes()
        defer { actions.release() }
        let steps = json_array()
        for (step, action) in zip(counterexample.steps, moves) {
            let item = json_object()
            if let action { json_object_set(item, "action", action) } else { json_object_set_new(item, "proceed", json_true()) }
            json_object_set_new(item, "status", json_string(step.status))
            json_array_append_new(steps, item)
        }
        json_object_set_new(node, "steps", steps)
        json_object_set_new(node, "vector", try CounterexampleVector.node(counterexample, table: table, tableNode: tableNode))
        return node
    }

    private static var outOfMemory: NavError { NavError(.outOfMemory, "out of memory while writing the check report") }
}

extension Counterexample {
    /// Its actions as one batch node (release it), and for each step the
    /// node of its action in that batch (borrowed from it), nil for a proceed.
    func actionNodes() throws(NavError) -> (batch: JSONNode, moves: [JSONNode?]) {
        let batch = try ActionEncoder.batch(steps.compactMap(\.action))
        var index = 0
        let moves = steps.map { step -> JSONNode? in
            guard step.action != nil else { return nil }
            defer { index += 1 }
            return json_array_get(batch, index)
        }
        return (batch, moves)
    }
}
