import CJansson
import NavCore

/// The documents and keys of the app's structure (docs/structure.md): the
/// back preview and a split view's columns.
extension DocumentWriter {
    /// What `navcore_back_preview` writes: `{"navcore": 1, "result": ...,
    /// "after": {"stack": ..., "top": entry}}`, plus `"reason"` when a layer
    /// holds Back, `"blocked": {"stack", "reason", "entry"}` when a blocker
    /// holds it back, and `"intent"` when Back would drop the pending intent.
    public func backPreview(_ preview: BackPreview) throws(NavError) -> UnsafeMutablePointer<CChar> {
        try NodeBuilder.dump(try DocumentWriter.documentNode { (document) throws(NavError) in
            try NodeBuilder.set(document, "result", NodeBuilder.string(preview.result.rawValue))
            try setTop(preview.after, as: "after", in: document)
            if let reason = preview.reason { try NodeBuilder.set(document, "reason", NodeBuilder.string(reason)) }
            if let blocked = preview.blocked { try NodeBuilder.set(document, "blocked", try DocumentWriter.blocker(blocked)) }
            if let intent = preview.intent { try NodeBuilder.set(document, "intent", try DocumentWriter.intent(intent)) }
        })
    }

    /// The blocking entry a change would remove: `{"stack", "reason", "entry"}`.
    static func blocker(_ blocked: BlockedRemoval) throws(NavError) -> JSONNode {
        try NodeBuilder.filled(try NodeBuilder.object()) { (node) throws(NavError) in
            try NodeBuilder.set(node, "stack", NodeBuilder.string(blocked.stack))
            try NodeBuilder.set(node, "reason", NodeBuilder.string(blocked.reason))
            try NodeBuilder.set(node, "entry", try DocumentWriter.entry(blocked.entry))
        }
    }

    /// Sets `"compact"` and `"sidebar_shown"` of `document` to the split view's columns.
    static func setSplit(_ split: SplitForm, in document: JSONNode) throws(NavError) {
        try NodeBuilder.set(document, "compact", split.compact ? json_true() : json_false())
        try NodeBuilder.set(document, "sidebar_shown", split.sidebarShown ? json_true() : json_false())
    }
}
