import CJansson
import NavCore

extension DocumentWriter {
    /// The document of a batch a blocker held back (`navcore_last_blocked`,
    /// docs/blockers.md): `{"navcore", "token", "stack", "reason", "entry",
    /// "actions"}`. Release the text with `OwnedText.free`.
    public static func blocked(_ blocked: BlockedRemoval) throws(NavError) -> UnsafeMutablePointer<CChar> {
        try NodeBuilder.dump(try documentNode { (document) throws(NavError) in
            try NodeBuilder.set(document, "token", NodeBuilder.string(blocked.token))
            try NodeBuilder.set(document, "stack", NodeBuilder.string(blocked.stack))
            try NodeBuilder.set(document, "reason", NodeBuilder.string(blocked.reason))
            try NodeBuilder.set(document, "entry", try entry(blocked.entry))
            try NodeBuilder.set(document, "actions", try ActionEncoder.batch(blocked.actions))
        })
    }
}
