import CJansson
import NavCore

extension DocumentWriter {
    /// A new node of `navigator`'s pending intent, as the state and
    /// snapshots hold it: `{"condition", "flow", "actions"}`, with `stack`
    /// when the state does not tell where it was held (docs/conditions.md).
    static func pending(_ intent: PendingIntent, of navigator: Navigator) throws(NavError) -> JSONNode {
        try NodeBuilder.filled(try NodeBuilder.object()) { (node) throws(NavError) in
            try NodeBuilder.set(node, "condition", NodeBuilder.string(navigator.table.conditions[intent.condition].name))
            try NodeBuilder.set(node, "flow", NodeBuilder.string(intent.flowStack))
            if let stack = navigator.writtenStack(of: intent) { try NodeBuilder.set(node, "stack", NodeBuilder.string(stack)) }
            try NodeBuilder.set(node, "actions", try ActionEncoder.batch(intent.actions))
        }
    }

    /// A new node of what a transition did to the pending intent:
    /// `{"event", "condition", "actions"}`, with `results` when it was
    /// replayed, `reason` when it was dropped, `passed` and `flow` when it
    /// advanced to its next condition, and `replaced` when a new hold took the
    /// place of the intent waiting (docs/conditions.md).
    static func intent(_ event: IntentEvent) throws(NavError) -> JSONNode {
        try NodeBuilder.filled(try NodeBuilder.object()) { (node) throws(NavError) in
            try NodeBuilder.set(node, "event", NodeBuilder.string(event.kind.rawValue))
            try NodeBuilder.set(node, "condition", NodeBuilder.string(event.condition))
            try NodeBuilder.set(node, "actions", try ActionEncoder.batch(event.actions))
            if event.kind == .replayed {
                try NodeBuilder.set(node, "results", try DocumentWriter.strings(event.results.map(\.rawValue)))
            }
            if let reason = event.reason { try NodeBuilder.set(node, "reason", NodeBuilder.string(reason)) }
            if let passed = event.passed { try NodeBuilder.set(node, "passed", NodeBuilder.string(passed)) }
            if let flow = event.flow { try NodeBuilder.set(node, "flow", NodeBuilder.string(flow)) }
            if let replaced = event.replaced { try NodeBuilder.set(node, "replaced", try DocumentWriter.replaced(replaced)) }
        }
    }

    /// A new node of the intent a new hold replaced: `{"condition", "actions"}`,
    /// with `reason` when it was dropped before the hold.
    private static func replaced(_ replaced: IntentEvent.Replaced) throws(NavError) -> JSONNode {
        try NodeBuilder.filled(try NodeBuilder.object()) { (node) throws(NavError) in
            try NodeBuilder.set(node, "condition", NodeBuilder.string(replaced.condition))
            try NodeBuilder.set(node, "actions", try ActionEncoder.batch(replaced.actions))
            if let reason = replaced.reason { try NodeBuilder.set(node, "reason", NodeBuilder.string(reason)) }
        }
    }
}
