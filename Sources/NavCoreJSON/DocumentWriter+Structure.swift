import CJansson
import NavCore

/// The documents of the app's structure (docs/structure.md): the back
/// preview and the blocking entry it names.
extension DocumentWriter {
    /// What `navcore_back_preview` writes: `{"navcore": 1, "result": ...,
    /// "after": {"stack": ..., "top": entry}}`, plus `"reason"` when a layer
    /// holds Back, `"blocked": {"stack", "reason", "entry"}` when a blocker
    /// holds it back, and `"intent"` when Back would drop the pending intent.
    public func backPreview(_ preview: BackPreview) throws(NavError) -> UnsafeMutablePointer<CChar> {
        try text { (text) throws(NavError) in
            try text.member("result", preview.result.rawValue)
            try text.key("after")
            try top(preview.after, into: &text)
            if let reason = preview.reason { try text.member("reason", reason) }
            if let blocked = preview.blocked {
                try text.key("blocked")
                try text.node(try DocumentWriter.blocker(blocked))
            }
            if let intent = preview.intent {
                try text.key("intent")
                try text.node(try DocumentWriter.intent(intent))
            }
        }
    }

    /// The blocking entry a change would remove: `{"stack", "reason", "entry"}`.
    static func blocker(_ blocked: BlockedRemoval) throws(NavError) -> JSONNode {
        try NodeBuilder.filled(try NodeBuilder.object()) { (node) throws(NavError) in
            try NodeBuilder.set(node, "stack", NodeBuilder.string(blocked.stack))
            try NodeBuilder.set(node, "reason", NodeBuilder.string(blocked.reason))
            try NodeBuilder.set(node, "entry", try DocumentWriter.entry(blocked.entry))
        }
    }
}
