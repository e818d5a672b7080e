import CJansson
import NavCore

extension DocumentWriter {
    /// A new node of a pending intent, as the state and snapshots hold it:
    /// `{"condition", "flow", "actions"}` (docs/conditions.md).
    static func pending(_ intent: PendingIntent, table: RouteTable) throws(NavError) -> JSONNode {
        try NodeBuilder.filled(try NodeBuilder.object()) { (node) throws(NavError) in
            try NodeBuilder.set(node, "condition", NodeBuilder.string(table.conditions[intent.condition].name))
            try NodeBuilder.set(node, "flow", NodeBuilder.string(intent.flowStack))
            try NodeBuilder.set(node, "actions", try ActionEncoder.batch(intent.actions))
        }
    }

    /// A new node of what a transition did to the pending intent:
    /// `{"event", "condition", "actions"}`, with `results` when it was
    /// replayed and `reason` when it was dropped (docs/conditions.md).
    static func intent(_ event: IntentEvent) throws(NavError) -> JSONNode {
        try NodeBuilder.filled(try NodeBuilder.object()) { (node) throws(NavError) in
            try NodeBuilder.set(node, "event", NodeBuilder.string(event.kind.rawValue))
            try NodeBuilder.set(node, "condition", NodeBuilder.string(event.condition))
            try NodeBuilder.set(node, "actions", try ActionEncoder.batch(event.actions))
            if event.kind == .replayed {
                try NodeBuilder.set(node, "results", try DocumentWriter.strings(event.results.map(\.rawValue)))
            }
            if let reason = event.reason { try NodeBuilder.set(node, "reason", NodeBuilder.string(reason)) }
        }
    }
}
