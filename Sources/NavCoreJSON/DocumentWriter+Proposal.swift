import CJansson
import NavCore

extension DocumentWriter {
    /// What a host guard is asked about (docs/conditions.md, "Redirects and
    /// guards"): `{"navcore": 1, "actions": [...], "transition": {...}}`, the
    /// batch and the transition it would make. Written by a writer of its own,
    /// so it needs no lock.
    public static func proposal(_ actions: [Action], _ transition: Transition) throws(NavError) -> UnsafeMutablePointer<CChar> {
        let writer = DocumentWriter()
        return try NodeBuilder.dump(try documentNode { (document) throws(NavError) in
            try NodeBuilder.set(document, "actions", try ActionEncoder.batch(actions))
            try NodeBuilder.set(document, "transition", try writer.transitionNode(transition))
        })
    }
}
